// Every Russian text of the UI lives here, grouped by screen, so copy edits never touch components.
// Numbers use non-breaking spaces (ru-RU grouping) so «1 400» never wraps.

const NBSP = '\u00a0';

export const messages = {
  landing: {
    // The home page is titled with the bare product name, as in index.html.
    documentTitle: (appName: string) => appName,
    slogans: [
      'Удобный поиск автомобилей и мотоциклов',
      'Мгновенные уведомления о новых автомобилях',
      'Осмотр автомобиля перед покупкой',
    ],
    stat: `Более 1${NBSP}400 источников по всей России`,
    startSearch: 'Начать поиск',
    signIn: 'Войти',
    aiHint: {
      title: 'ИИ-помощник',
      text:
        'Искусственный интеллект разбирает каждое объявление: марку, модель, год, цену и пробег. ' +
        'Вы ищете по точным фильтрам, а не по тексту объявлений.',
    },
    featuresTitle: 'Почему выбирают нас',
    features: [
      {
        id: 'exclusive',
        title: 'Эксклюзивно',
        text: `Закажите профессиональный осмотр автомобиля перед покупкой — от 3${NBSP}500${NBSP}₽.`,
      },
      {
        id: 'first',
        title: 'Первыми',
        text: 'Узнавайте о новых предложениях раньше других покупателей.',
      },
      {
        id: 'profitable',
        title: 'Выгодно',
        text: 'Цены без посредников — договаривайтесь напрямую с продавцом.',
      },
    ],
    benefitsTitle: 'Что вы получаете',
    benefits: [
      {
        title: 'Всё в одной ленте',
        text: 'Объявления с сайтов и из каналов собраны в одном месте — не нужно открывать десятки вкладок.',
      },
      {
        title: 'Точные фильтры',
        text: 'Марка, модель, город, цена и год выпуска — сохраните поиск и возвращайтесь к нему в один клик.',
      },
      {
        title: 'Уведомления о новинках',
        text: 'С тарифом PRO подходящие автомобили приходят в Telegram или на почту сразу после публикации.',
      },
      {
        title: 'Избранное',
        text: 'Отмечайте понравившиеся объявления, чтобы спокойно сравнить их позже.',
      },
      {
        title: 'Продажа без хлопот',
        text: 'Разместите своё объявление — его увидят покупатели по всей России.',
      },
    ],
    featured: {
      label: 'Свежие объявления',
    },
    carousel: {
      roleDescription: 'карусель',
      slideRoleDescription: 'слайд',
      slideLabel: (position: number, total: number) => `${position} из ${total}`,
      showSlide: (position: number, title: string) => `Показать слайд ${position}: ${title}`,
    },
    footer: {
      navLabel: 'Документы и контакты',
      policy: 'Политика конфиденциальности',
      rules: 'Правила пользования',
      contacts: 'Контакты',
      copyright: (year: number, appName: string) => `© ${year} ${appName}`,
    },
  },
  post: {
    documentTitle: (title: string, appName: string) => `${title} — ${appName}`,
    loading: 'Загружаем объявление…',
    back: 'Назад',
    home: 'На главную',
    retry: 'Повторить',
    openExternal: 'Перейти к объявлению',
    priceMissing: 'Цена не указана',
    details: 'Характеристики',
    year: 'Год выпуска',
    mileage: 'Пробег',
    mileageValue: (km: string) => `${km}${NBSP}км`,
    location: 'Город',
    published: 'Опубликовано',
    description: 'Описание',
    source: (channel: string) => `Источник: ${channel}`,
    media: {
      label: 'Фото и видео',
      previous: 'Предыдущее',
      next: 'Следующее',
      show: (position: number, total: number) => `Показать ${position} из ${total}`,
    },
  },
  notFound: {
    documentTitle: (appName: string) => `Страница не найдена — ${appName}`,
    title: 'Страница не найдена',
    text: 'Возможно, ссылка устарела или в адресе опечатка.',
    home: 'На главную',
  },
} as const;
