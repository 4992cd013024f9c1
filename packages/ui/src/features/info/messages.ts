// Russian labels of the info pages (spec §2 /contacts, /policy, /rules). The documents themselves are in documents/.

export const infoMessages = {
  documentTitle: (page: string, appName: string) => `${page} — ${appName}`,
  edition: (date: string) => `Редакция от ${date}`,
  contacts: {
    title: 'Контакты',
    lead: (appName: string) =>
      `${appName} — сервис поиска подержанных автомобилей и мотоциклов. Ответим на вопросы об объявлениях, подписке PRO, оплате и осмотре автомобиля.`,
    supportTitle: 'Поддержка',
    supportText: 'Быстрее всего — через форму: заявка получит номер, и команда ответит по указанным вами контактам.',
    supportButton: 'Написать в поддержку',
    telegram: 'Telegram',
    email: 'Электронная почта',
    operatorTitle: 'Оператор сервиса',
    operatorText: (operator: string) =>
      `Сервис работает от имени оператора: ${operator}. Он же обрабатывает персональные данные пользователей.`,
    documentsTitle: 'Документы',
    policy: 'Политика конфиденциальности',
    rules: 'Правила сервиса',
  },
  policyTitle: 'Политика конфиденциальности',
  rulesTitle: 'Правила сервиса',
} as const;
