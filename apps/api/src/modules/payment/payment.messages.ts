import { MESSAGES } from '@autoradar/core';

export const PAYMENT_MESSAGES = {
  proOnly: 'Выберите тариф PRO',
  providerUnavailable: `${MESSAGES.paymentFailed}: платёжный сервис не отвечает, попробуйте ещё раз через несколько минут`,
  notConfigured: 'Оплата на этом сервере не настроена: обратитесь в поддержку',
  webhookRetry: 'Платёжный сервис недоступен: уведомление будет обработано при повторе',
  description: (appName: string) => `${appName}: тариф PRO на 1 месяц`,
} as const;
