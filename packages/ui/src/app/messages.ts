// Russian texts of the app shell itself (the route table's own screens, the main layout); each feature keeps its
// texts in its own messages.ts, and texts shared with the API or the bot live in core's MESSAGES.
export const appMessages = {
  notFound: {
    documentTitle: (appName: string) => `Страница не найдена — ${appName}`,
    title: 'Страница не найдена',
    text: 'Возможно, ссылка устарела или в адресе опечатка.',
    home: 'На главную',
  },
  forbidden: {
    documentTitle: (appName: string) => `Недостаточно прав — ${appName}`,
    title: 'Недостаточно прав',
    text: 'Этот раздел доступен только администраторам.',
    toSearch: 'Перейти к поиску',
  },
  /** A route that failed (app/route-error-boundary.tsx). */
  failed: {
    title: 'Что-то пошло не так',
    text: 'Страница не загрузилась. Обновите её — обычно это помогает.',
    reload: 'Обновить',
  },
  loading: 'Загрузка',
  /** The app's own back control, shown only when Telegram's back button cannot be (app/back-button.tsx). */
  back: 'Назад',
  outsideTelegram: {
    documentTitle: (appName: string) => `Откройте в Telegram — ${appName}`,
    title: (appName: string) => `${appName} открывается в Telegram`,
    text: 'Это мини-приложение работает внутри Telegram: откройте бота и нажмите «Открыть», чтобы искать автомобили прямо в мессенджере.',
    openBot: 'Открыть в Telegram',
    site: 'Перейти на сайт',
  },
  topBar: {
    openMenu: 'Открыть меню',
    closeMenu: 'Закрыть меню',
    home: (appName: string) => `${appName} — на главную`,
    loading: 'Загружаем данные',
  },
  ticker: {
    label: 'Курсы валют',
    pending: '…',
  },
  menu: {
    label: 'Меню',
    account: 'Ваш аккаунт',
    pro: 'PRO',
    search: 'Поиск',
    newPost: 'Добавить объявление',
    favourites: 'Избранное',
    favouritesCount: (count: number) => `в избранном: ${count}`,
    pay: 'Услуги и цены',
    contacts: 'Контакты',
    support: 'Поддержка',
    adminTitle: 'Администрирование',
    partners: 'Партнеры',
    brands: 'Марки',
    models: 'Модели',
    cities: 'Города',
    sources: 'Источники',
    copyright: (year: number, appName: string) => `© ${year} ${appName}`,
  },
  bottomNav: {
    label: 'Основные разделы',
    search: 'Поиск',
    favourites: 'Избранное',
    sell: 'Продать',
    profile: 'Профиль',
  },
  floatingMenu: {
    open: 'Открыть быстрое меню',
    close: 'Скрыть быстрое меню',
    label: 'Быстрое меню',
  },
} as const;
