import type { TicketKind } from '@autoradar/core';

// The staff notice of a support request or an inspection order (Telegram and e-mail to the staff).
export const SUPPORT_MESSAGES = {
  kindTitles: {
    support: 'Обращение в поддержку',
    inspection: 'Заказ осмотра автомобиля',
  } satisfies Record<TicketKind, string>,
  subject: (appName: string, kindTitle: string, ticket: string) => `${appName}: ${kindTitle} № ${ticket}`,
  comment: (text: string) => `Комментарий: ${text}`,
  message: (text: string) => `Сообщение: ${text}`,
  contacts: (text: string) => `Контакты: ${text}`,
  page: (url: string) => `Страница: ${url}`,
  user: (who: string) => `Пользователь: ${who}`,
  guest: 'гость (не вошёл)',
  /** Stands for a field left empty. */
  none: '—',
} as const;
