// Russian texts of the support and inspection dialogs (spec §2 Support dialog, §4, §5). Texts shared with the API
// (the required-field message, 'Заявка отправлена!', 'Ошибка при отправке формы') come from core's MESSAGES.

export const ticketMessages = {
  cancel: 'Отмена',
  send: 'Отправить',
  close: 'Закрыть',
  /** Out of the advisory 500 (spec §5: no hard limit). */
  counter: (length: number, max: number) => `${length} / ${max}`,
  ticketNumber: (ticket: string) => `Номер заявки: ${ticket}`,
  contactSoon: 'Мы свяжемся с вами в ближайшее время.',
} as const;

export const supportMessages = {
  title: 'Поддержка',
  intro: 'Расскажите, что случилось, — команда поддержки ответит как можно скорее.',
  message: 'Опишите проблему',
  messagePlaceholder: 'Что произошло и на какой странице',
  contacts: 'Контактные данные (необязательно)',
  contactsPlaceholder: 'Телефон, e-mail или Telegram',
  telegram: (username: string) => `Написать в Telegram: @${username}`,
  email: (address: string) => `Почта: ${address}`,
  consentBefore: 'Отправляя заявку, вы соглашаетесь с ',
  policy: 'политикой конфиденциальности',
  consentBetween: ' и ',
  rules: 'правилами сервиса',
  consentAfter: '.',
} as const;
