// Literal sets and business constants (spec §3, §4, §9). The contract (z.enum), the database (pgEnum) and the UI
// import these arrays, so a value added here reaches every layer at once.

export const CONTACT_TYPES = ['phone', 'telegram', 'whatsapp', 'email', 'vk'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const SEND_MODES = ['immediately', 'worktime'] as const;
export type SendMode = (typeof SEND_MODES)[number];

/** Where a saved filter delivers notifications (`via`). */
export const DELIVERY_CHANNELS = ['email', 'telegram'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const ORDER_STATUSES = ['new', 'processing', 'completed', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const REPORT_SECTION_KEYS = ['baseInfo', 'ownershipPeriods', 'osago', 'restrictions'] as const;
export type ReportSectionKey = (typeof REPORT_SECTION_KEYS)[number];

/** Each report section is fetched separately from the provider, so it has its own life cycle. */
export const REPORT_SECTION_STATUSES = ORDER_STATUSES;
export type ReportSectionStatus = OrderStatus;

export const OWNER_TYPES = ['natural', 'legal'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];

export const OWNERSHIP_OPERATION_CODES = ['01', '03', '12', '62', '69'] as const;
export type OwnershipOperationCode = (typeof OWNERSHIP_OPERATION_CODES)[number];

export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type PhotoMimeType = (typeof PHOTO_MIME_TYPES)[number];

export const MEDIA_FILE_TYPES = ['photo', 'video'] as const;
export type MediaFileType = (typeof MEDIA_FILE_TYPES)[number];

export const POST_STATUSES = ['published', 'unpublished'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** `channel` of the product's own listings; aggregated listings carry their source channel's name. */
export const OWN_CHANNEL = 'site';

export const ROLES = ['admin'] as const;
export type Role = (typeof ROLES)[number];

export const FEED_LAYOUTS = ['single', 'triple'] as const;
export type FeedLayout = (typeof FEED_LAYOUTS)[number];

export const DEFAULT_CURRENCY = 'RUB';
/** Worktime windows and 'today'/'yesterday' are read in this zone unless the user has another. */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

// Tariffs
export const TEST_PERIOD_HOURS = 24;
export const PRO_PRICE_RUB = 1000;
export const PRO_OLD_PRICE_RUB = 3000;
export const INSPECTION_PRICE_FROM_RUB = 3500;
export const BASIC_DELAY_HOURS = 24;

// Listing form and filter limits
export const PRICE_MIN = 0;
export const PRICE_MAX = 100_000_000;
export const YEAR_MIN = 1900;
export const YEAR_SLIDER_MIN = 1970;
export const YEAR_SLIDER_STEP = 1;
export const CITY_MAX_LENGTH = 50;
export const TEXT_COUNTER_MAX = 500;
export const VIN_LENGTH = 17;

export const DEFAULT_WORKTIME_START = '09:00';
export const DEFAULT_WORKTIME_END = '18:00';
/** Monday to Friday; days are 0-6 with 0 = Sunday, as Date#getDay counts them. */
export const DEFAULT_WORKTIME_DAYS = [1, 2, 3, 4, 5] as const;

export const CITIES_PER_REGION = 50;

// Ticket numbers
export const TICKET_RANDOM_MIN = 100;
export const TICKET_RANDOM_MAX = 999;

// Timings, in milliseconds
export const SEARCH_DEBOUNCE_MS = 300;
export const RELATIVE_TIME_REFRESH_MS = 60_000;
export const ORDER_POLL_INTERVAL_MS = 10_000;
export const SNACKBAR_SHORT_MS = 2_000;
export const SNACKBAR_LONG_MS = 3_000;
export const LOADER_MIN_MS = 1_000;
export const UPLOAD_DONE_REMOVAL_MS = 500;
export const FEED_RETRY_MS = 5_000;
export const ROTATION_INTERVAL_MS = 3_000;
export const CARD_MEDIA_CYCLE_MS = 3_000;
export const TICKER_ROTATE_MS = 5_000;
export const TICKER_REFRESH_MS = 60_000;
export const MINIAPP_REDIRECT_DELAY_MS = 2_000;

export const TICKER_PAIRS = ['USD/RUB', 'EUR/RUB', 'CNY/RUB', 'BTC/USD'] as const;
export type TickerPair = (typeof TICKER_PAIRS)[number];
export const TICKER_FRACTION_DIGITS = 2;

// Realtime
export const RECONNECT_MAX_ATTEMPTS = 5;
export const RECONNECT_DELAY_STEP_MS = 1_000;
export const RECONNECT_DELAY_MAX_MS = 10_000;
export const RESUBSCRIBE_INTERVAL_MS = 5_000;
export const REALTIME_PORT = 8080;
export const REALTIME_TLS_PORT = 443;

// Layout
export const SUPPORT_DIALOG_MAX_WIDTH = 500;
export const FILTER_DIALOG_MAX_WIDTH = 800;
export const DRAWER_WIDTH = 300;
export const CAROUSEL_HEIGHT = 130;
