// Russian texts of the landing page (spec §2 /). Texts shared with the API or the bot live in core's MESSAGES.

// ru-RU groups digits with non-breaking spaces, so «1 400» never wraps.
const NBSP = '\u00a0';

export const landingMessages = {
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
  toSearch: 'Перейти к поиску',
  signedInAs: 'Вы вошли как',
  avatarAlt: (name: string) => `Фото профиля: ${name}`,
  account: 'Ваш аккаунт',
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
} as const;
