// What a report section says when its provider fails it (stored with the order, shown on the admin's order page).
export const REPORTS_MESSAGES = {
  malformedSection: 'Поставщик вернул данные не в том формате',
  providerStatus: (status: number) => `Поставщик отчётов ответил с кодом ${status}`,
  providerNotJson: 'Поставщик отчётов ответил не JSON',
  providerUnreachable: 'Поставщик отчётов недоступен',
  providerTimeout: 'Поставщик отчётов не ответил вовремя',
  providerError: (message: string) => `Ошибка поставщика отчётов: ${message}`,
  notRequested: 'Поставщик не вернул этот раздел',
} as const;
