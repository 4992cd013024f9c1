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

/** Cars and motorcycles share the brand list; a brand is one or the other. */
export const VEHICLE_KINDS = ['car', 'moto'] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];

export const TICKET_KINDS = ['support', 'inspection'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

/** `sandbox`: the local checkout used when no shop credentials are configured (DESIGN.md §4). */
export const PAYMENT_PROVIDER_KINDS = ['yookassa', 'sandbox'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDER_KINDS)[number];

/** YooKassa's payment statuses, stored verbatim. */
export const PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The product's name when APP_NAME is not set (DESIGN.md §7); the API, the bot and the UI all fall back to it. */
export const DEFAULT_APP_NAME = 'АвтоРадар';

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

// Input bounds (issue 19): every number and text a request carries has a bound that is the business rule and fits
// its column (int4 up to 2 147 483 647; int8 read as a JS number only up to 2^53 - 1; a btree index row up to about
// 2 700 bytes, so indexed text stays under 600 characters of up to 4 UTF-8 bytes each).

/** A listing's price: above the dearest car ever sold (about 13 billion roubles), far below 2^53. */
export const LISTING_PRICE_MAX = 100_000_000_000;
/** Kilometres: twice the highest mileage on record (about 5 million km), far inside int4. */
export const MILEAGE_MAX = 10_000_000;
/**
 * The most a year field can hold. The rule itself is YEAR_MIN to the current year (isValidYear, spec §5), which
 * moves; this fixed ceiling only lets the contract state a bound that a column check can read.
 */
export const YEAR_INPUT_MAX = 9_999;
/** A key prompt's display order (0 first); an admin orders a handful, int4 holds far more. */
export const POSITION_MAX = 1_000_000;

// Text lengths: names in unique indexes stay short; free text is generous but bounded.
/** Brand, model, region and region type names; the reference files' longest is under 50. */
export const REFERENCE_NAME_MAX_LENGTH = 100;
/** Synonyms per brand, model or city. */
export const SYNONYMS_MAX = 50;
/** A saved filter's name. */
export const FILTER_NAME_MAX_LENGTH = 100;
/** A listing contact: a phone, a username, an e-mail (254 at most) or a VK link. */
export const CONTACT_MAX_LENGTH = 255;
/** Contacts per listing. */
export const CONTACTS_MAX = 20;
/** Photos a listing's media list may name. */
export const DRAFT_MEDIA_MAX = 100;
/** Web addresses (page address of a ticket, partner link, logo or icon address). */
export const URL_MAX_LENGTH = 2_048;
/** Support and inspection messages: the 500 counter is advice (spec §5); this is only a hard ceiling. */
export const TICKET_MESSAGE_MAX_LENGTH = 10_000;
/** Contacts of a support or inspection request. */
export const TICKET_CONTACTS_MAX_LENGTH = 255;
/** Partner title; the partner's description. */
export const PARTNER_TITLE_MAX_LENGTH = 255;
export const PARTNER_DESCRIPTION_MAX_LENGTH = 5_000;
/** Key prompts: the key is in a unique index, the title is a label, the text is a prompt. */
export const PROMPT_KEY_MAX_LENGTH = 100;
export const PROMPT_TITLE_MAX_LENGTH = 255;
export const PROMPT_TEXT_MAX_LENGTH = 20_000;
/** A VIN as typed, with spaces or dashes, before normalizeVin. */
export const VIN_INPUT_MAX_LENGTH = 64;
/** Identifiers and short codes other services send (payment ids, event names, statuses). */
export const TOKEN_MAX_LENGTH = 255;

/** A notification delivery's states (issue 14): one row per (filter, listing, channel); 'unknown' is never resent. */
export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'unknown', 'skipped'] as const;
