import { MESSAGES, type PaymentStatus } from '@autoradar/core';

export const PAYMENT_MESSAGES = {
  proOnly: 'Выберите тариф PRO',
  providerUnavailable: `${MESSAGES.paymentFailed}: платёжный сервис не отвечает, попробуйте ещё раз через несколько минут`,
  notConfigured: 'Оплата на этом сервере не настроена: обратитесь в поддержку',
  webhookRetry: 'Платёжный сервис недоступен: уведомление будет обработано при повторе',
  description: (appName: string) => `${appName}: тариф PRO на 1 месяц`,
  // The sandbox checkout page
  sandboxTitle: 'Тестовая оплата',
  sandboxNote: 'Магазин ЮKassa не подключён: это тестовая страница, деньги не списываются.',
  /** `code` is the payment id as the page shows it (markup allowed). */
  sandboxPaymentState: (code: string, status: string) => `Платёж ${code}: ${status}.`,
  sandboxStatuses: {
    pending: 'ожидает оплаты',
    waiting_for_capture: 'ожидает подтверждения',
    succeeded: 'оплачен',
    canceled: 'отменён',
  } satisfies Record<PaymentStatus, string>,
  sandboxPay: 'Оплатить',
  sandboxDecline: 'Отказаться',
  sandboxBackToApp: 'Вернуться в приложение',
  sandboxNotFound: 'Платёж не найден',
  sandboxNotFoundText: 'Такого тестового платежа нет.',
  sandboxBackToPay: 'Вернуться к оплате',
} as const;
