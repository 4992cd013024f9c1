import { describe, expect, it } from 'vitest';
import * as constants from './constants';
import { MESSAGES, ORDER_STATUS_LABELS, REPORT_SECTION_TITLES } from './messages';

describe('business constants (spec §9)', () => {
  it('match the spec', () => {
    expect(constants).toMatchObject({
      TEST_PERIOD_HOURS: 24,
      PRO_PRICE_RUB: 1000,
      PRO_OLD_PRICE_RUB: 3000,
      INSPECTION_PRICE_FROM_RUB: 3500,
      BASIC_DELAY_HOURS: 24,
      SEARCH_DEBOUNCE_MS: 300,
      RELATIVE_TIME_REFRESH_MS: 60_000,
      ORDER_POLL_INTERVAL_MS: 10_000,
      SNACKBAR_SHORT_MS: 2000,
      SNACKBAR_LONG_MS: 3000,
      LOADER_MIN_MS: 1000,
      UPLOAD_DONE_REMOVAL_MS: 500,
      FEED_RETRY_MS: 5000,
      PRICE_MIN: 0,
      PRICE_MAX: 100_000_000,
      YEAR_MIN: 1900,
      YEAR_SLIDER_MIN: 1970,
      CITY_MAX_LENGTH: 50,
      TEXT_COUNTER_MAX: 500,
      SUPPORT_DIALOG_MAX_WIDTH: 500,
      FILTER_DIALOG_MAX_WIDTH: 800,
      DRAWER_WIDTH: 300,
      CAROUSEL_HEIGHT: 130,
      ROTATION_INTERVAL_MS: 3000,
      CARD_MEDIA_CYCLE_MS: 3000,
      TICKER_ROTATE_MS: 5000,
      TICKER_REFRESH_MS: 60_000,
      CITIES_PER_REGION: 50,
      MINIAPP_REDIRECT_DELAY_MS: 2000,
      TICKET_RANDOM_MIN: 100,
      TICKET_RANDOM_MAX: 999,
      RECONNECT_MAX_ATTEMPTS: 5,
      RECONNECT_DELAY_STEP_MS: 1000,
      RECONNECT_DELAY_MAX_MS: 10_000,
      RESUBSCRIBE_INTERVAL_MS: 5000,
      REALTIME_PORT: 8080,
      REALTIME_TLS_PORT: 443,
      OWN_CHANNEL: 'site',
      DEFAULT_TIME_ZONE: 'Europe/Moscow',
    });
    expect(constants.TICKER_PAIRS).toEqual(['USD/RUB', 'EUR/RUB', 'CNY/RUB', 'BTC/USD']);
  });

  it('define the literal sets of the spec', () => {
    expect(constants.SEND_MODES).toEqual(['immediately', 'worktime']);
    expect(constants.DELIVERY_CHANNELS).toEqual(['email', 'telegram']);
    expect(constants.REPORT_SECTION_KEYS).toEqual(['baseInfo', 'ownershipPeriods', 'osago', 'restrictions']);
    expect(constants.MEDIA_FILE_TYPES).toEqual(['photo', 'video']);
    expect(constants.ROLES).toEqual(['admin']);
  });

  it('label every order status and report section', () => {
    expect(Object.keys(ORDER_STATUS_LABELS)).toEqual([...constants.ORDER_STATUSES]);
    expect(Object.keys(REPORT_SECTION_TITLES)).toEqual([...constants.REPORT_SECTION_KEYS]);
  });
});

describe('messages', () => {
  it('keep the exact texts of the spec', () => {
    expect(MESSAGES).toMatchObject({
      required: 'Обязательное поле',
      fieldRequired: 'Поле обязательно для заполнения',
      invalidYear: 'Некорректный год',
      mustBePositive: 'Значение должно быть больше 0',
      partnerTitleRequired: 'Название обязательно',
      partnerUrlRequired: 'Ссылка обязательна',
      invalidUrl: 'Некорректный URL',
      partnerLogoRequired: 'Логотип обязателен',
      connectionProblem: 'Проблемы с соединением. Проверьте интернет',
      publishSuccess: 'Объявление успешно опубликовано',
      submitFailed: 'Ошибка при отправке формы',
      partnerSaveFailed: 'Ошибка сохранения данных',
      partnerLoadFailed: 'Не удалось загрузить данные партнера',
      loadFailed: 'Не удалось загрузить данные',
      promptDeleteFailed: 'Не удалось удалить промпт',
      promptSaveFailed: 'Не удалось сохранить промпт',
      orderCreateFailed: 'Не удалось создать заказ',
      reportDownloadFailed: 'Не удалось скачать отчет',
      uploadFailed: 'Ошибка',
      realtimeConnectionFailed: 'Connection failed',
      nothingFound: 'Ничего не найдено',
      keysNotFound: 'Ключи не найдены',
      reportsNotFound: 'Отчеты не найдены',
      noModels: 'Нет доступных моделей',
      noNotes: 'Нет избранных записей',
      testPeriodExpired: 'Доступ истек',
      ticketSent: 'Заявка отправлена!',
    });
    expect(MESSAGES.serverError('x')).toBe('Ошибка сервера: x');
    expect(MESSAGES.genericError('x')).toBe('Ошибка: x');
    expect(MESSAGES.maxLength(1)).toBe('Не более 1 символа');
    expect(MESSAGES.maxLength(2)).toBe('Не более 2 символов');
    expect(MESSAGES.maxLength(21)).toBe('Не более 21 символа');
  });
});
