// The admin partner screens' API texts (shared ones come from core's MESSAGES).
export const PARTNERS_MESSAGES = {
  promptKeyTaken: 'Такой ключ у этого партнёра уже есть',
  orderPartnerMismatch: 'Заказ оформляется на другого партнёра',
  reportNotReady: 'Отчёт ещё не готов: скачать можно только завершённый заказ',
  logoNotCurrent: 'Логотип: загрузите файл или оставьте текущий',
} as const;
