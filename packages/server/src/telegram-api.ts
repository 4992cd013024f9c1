import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { Api, type Transformer } from 'grammy';
import { processTelegramBudget } from './telegram-budget';

// Every Bot API call the servers make goes through grammY's Api with two transformers: a throttler that keeps under
// Telegram's published limits, and auto-retry that honours a 429's `retry_after`. The bot's own `bot.api` gets the
// same pair, so the bot, the staff notices and the notification sender share one budget per bot token per process.

/** Telegram's broadcast limits (core.telegram.org/bots/faq, "My bot is hitting limits"). */
export const TELEGRAM_LIMITS = {
  /** All chats together. */
  messagesPerSecond: 30,
  /** One chat (private or group): at most one message per interval. */
  chatIntervalMs: 1_000,
  /** One group or channel (negative chat id). */
  groupMessagesPerMinute: 20,
} as const;

/** How long a call may wait for Telegram's flood control before it fails and its caller decides. */
export const TELEGRAM_RETRY = {
  /** Retries after a 429 or a 5xx; then the error reaches the caller. */
  maxRetryAttempts: 3,
  /** A 429 asking for a longer wait fails at once (a GrammyError with `parameters.retry_after`). */
  maxDelaySeconds: 60,
} as const;

/** Telegram refuses longer message texts and photo captions. */
export const TELEGRAM_TEXT_LIMIT = 4096;
export const TELEGRAM_CAPTION_LIMIT = 1024;

/** Cuts a text to Telegram's limit, marking the cut with an ellipsis. */
export function fitTelegramText(text: string, limit: number = TELEGRAM_TEXT_LIMIT): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** One rate budget: the transformers to install on every Api that sends as this bot. */
export interface TelegramLimits {
  readonly transformers: readonly Transformer[];
}

export interface TelegramRetryOptions {
  maxRetryAttempts?: number;
  maxDelaySeconds?: number;
}

/** A fresh budget. Most callers want `telegramLimitsFor(token)` instead, the one shared by the whole process. */
export function createTelegramLimits(
  retry: TelegramRetryOptions = {},
  budget: Transformer = processTelegramBudget(),
): TelegramLimits {
  const throttle = apiThrottler({
    global: {
      reservoir: TELEGRAM_LIMITS.messagesPerSecond,
      reservoirRefreshAmount: TELEGRAM_LIMITS.messagesPerSecond,
      reservoirRefreshInterval: 1_000,
    },
    group: {
      maxConcurrent: 1,
      minTime: TELEGRAM_LIMITS.chatIntervalMs,
      reservoir: TELEGRAM_LIMITS.groupMessagesPerMinute,
      reservoirRefreshAmount: TELEGRAM_LIMITS.groupMessagesPerMinute,
      reservoirRefreshInterval: 60_000,
    },
    // Private chats; chat ids given as @username all share one queue (the plugin keys by numeric id), which errs
    // on the slow side.
    out: { maxConcurrent: 1, minTime: TELEGRAM_LIMITS.chatIntervalMs },
  });
  const retryAfter = autoRetry({
    maxRetryAttempts: retry.maxRetryAttempts ?? TELEGRAM_RETRY.maxRetryAttempts,
    maxDelaySeconds: retry.maxDelaySeconds ?? TELEGRAM_RETRY.maxDelaySeconds,
    // A network error or timeout leaves unknown whether Telegram delivered the message; resending blindly could
    // send it twice, and the plugin would retry such errors without bound. The caller decides (a durable queue
    // records the unknown outcome; the staff notifier logs it).
    rethrowHttpErrors: true,
  });
  // The last transformer installed runs first: auto-retry waits outside the throttler, so every attempt is counted;
  // the shared budget (telegram-budget.ts: every process together, 429s waited out per chat) runs last, right before
  // the call.
  return { transformers: [budget, throttle, retryAfter] };
}

const perToken = new Map<string, TelegramLimits>();

/** The process's budget for this bot token: Telegram counts per bot, so every sender in the process shares it. */
export function telegramLimitsFor(token: string): TelegramLimits {
  let limits = perToken.get(token);
  if (!limits) {
    limits = createTelegramLimits();
    perToken.set(token, limits);
  }
  return limits;
}

/**
 * Installs the limits on an Api built elsewhere (the bot's `bot.api`); update contexts inherit them. Installing the
 * same limits twice is a no-op, so a call would not be throttled twice.
 */
export function installTelegramLimits<A extends Api>(api: A, limits: TelegramLimits = telegramLimitsFor(api.token)): A {
  const installed = api.config.installedTransformers();
  if (!limits.transformers.every((t) => installed.includes(t))) api.config.use(...limits.transformers);
  return api;
}

/** grammY's Api, named here so that callers without grammY of their own (apps/api) can type it. */
export type TelegramApi = Api;

export interface TelegramApiOptions {
  token: string;
  /** TELEGRAM_API_URL: https://api.telegram.org, or the Bot API emulator in tests. */
  apiUrl?: string;
  /** Per HTTP call; a call that takes longer fails with grammY's HttpError and is not repeated. */
  timeoutSeconds?: number;
  /** Defaults to the process's budget for `token`. */
  limits?: TelegramLimits;
}

/**
 * The Api the servers send with (staff notices, saved-filter notifications). Build it once at start-up and pass it
 * to whoever sends; even a second one built by mistake shares the token's budget. `innermost` sees each call after the
 * limits let it through (the notification sender marks its rows `sending` there).
 */
export function createTelegramApi(options: TelegramApiOptions, innermost?: Transformer): TelegramApi {
  const api = new Api(options.token, {
    apiRoot: (options.apiUrl ?? 'https://api.telegram.org').replace(/\/+$/, ''),
    timeoutSeconds: options.timeoutSeconds ?? 30,
  });
  // Installed first, so it runs last (grammY runs the last installed transformer first): after the limits' wait,
  // right before the HTTP call.
  if (innermost) api.config.use(innermost);
  return installTelegramLimits(api, options.limits ?? telegramLimitsFor(options.token));
}
