// Russian texts of the login page and the mini-app sign-in (spec §2 Login, §4 Mini-app sign-in).
export const loginMessages = {
  documentTitle: (appName: string) => `Вход — ${appName}`,
  title: 'Быстрый вход',
  note: 'На этот аккаунт будут приходить уведомления о новых автомобилях.',
  telegramNotConfigured: 'Вход через Telegram не настроен.',
  yandex: 'Войти через Яндекс',
  widgetLoading: 'Загружаем кнопку входа через Telegram…',
  widgetFailed: 'Не удалось загрузить кнопку входа через Telegram: возможно, её блокирует сеть или браузер.',
  // Short enough for a 320 px screen; the note under it names the bot and says what to press.
  openBot: 'Войти через бота',
  openBotNote: (bot: string) => `Откройте бота @${bot} и нажмите «Старт»: он откроет приложение уже с вашим аккаунтом.`,
  checking: 'Проверяем аккаунт Telegram…',
  signIn: 'Войти',
  signingIn: 'Входим…',
  newAccount: 'Аккаунта ещё нет — войдите, и мы создадим его по вашему профилю Telegram.',
  success: 'Вы вошли',
  successNote: 'Сейчас откроем приложение…',
  retry: 'Повторить',
  avatarAlt: (name: string) => `Фото профиля: ${name}`,
} as const;
