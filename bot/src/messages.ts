// Every text the bot sends, in one place. The product name comes from configuration (APP_NAME).
export const botMessages = {
  welcome: (appName: string) =>
    `Добро пожаловать в ${appName}!\n\n` +
    'Подержанные автомобили и мотоциклы со всей России: более 1 400 источников в одной ленте, ' +
    'новые объявления — первыми, цены без посредников.\n\n' +
    'Откройте приложение, настройте фильтр — и мы сообщим о подходящей машине сразу, как она появится.',
  welcomePost: (appName: string) => `Добро пожаловать в ${appName}! Вот объявление, которое вы открыли по ссылке:`,
  openApp: (appName: string) => `Открыть ${appName}`,
  openPost: 'Открыть объявление',
  unhandled: 'Я понимаю команду /start. Всё остальное — в приложении: нажмите кнопку ниже.',
  menuButton: 'Поиск авто',
} as const;
