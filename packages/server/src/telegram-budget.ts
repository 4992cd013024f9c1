import type { Transformer } from 'grammy';
import { Redis } from 'ioredis';
import { telegram429Total, telegramSendsTotal } from './runtime/metrics';

// One Bot API send budget for every process that sends as the bot (issue 30): 30 messages a second in all, one a
// second per chat, 20 a minute per group or channel. With REDIS_URL the processes reserve their slots in Redis (one
// atomic script), so two workers and the bot together stay under Telegram's limits; without it the budget is the
// process's own (the embedded single-process setup). A 429's `retry_after` holds that chat (every process sees the
// hold) for exactly that long; the same call is then made again by auto-retry (TELEGRAM_RETRY bounds the attempts and
// the longest wait worth waiting in-process: a longer flood wait fails at once and the durable queue retries later).

export const TELEGRAM_BUDGET = {
  messagesPerSecond: 30,
  chatIntervalMs: 1_000,
  groupMessagesPerMinute: 20,
  /**
   * Slots are spaced evenly (no bursts): one every windowMs / messagesPerSecond ms. The window is a little longer than
   * a second, so the network's jitter between the slot and Telegram's arrival never shows more than 30 in any second.
   */
  windowMs: 1_100,
  /** 429s on one call before its error reaches the caller (each one waited out exactly). */
  maxFloodWaits: 10,
} as const;

/** The Bot API methods that send a message to a chat: only these spend the budget. */
const SENDING = new Set([
  'sendMessage',
  'sendPhoto',
  'sendMediaGroup',
  'sendDocument',
  'sendVideo',
  'sendAnimation',
  'sendAudio',
  'sendVoice',
  'sendSticker',
  'sendLocation',
  'sendContact',
  'sendPoll',
  'copyMessage',
  'forwardMessage',
]);

/** Where slots are reserved: in this process, or in Redis for all of them. */
export interface BudgetStore {
  /** Reserves a slot for the chat at `now`; 0 when taken, else how many ms to wait before asking again. */
  reserve(chat: string, isGroup: boolean, now: number): Promise<number>;
  /** After a 429: nobody sends to the chat for `ms` from `now` (Redis: from its own clock). */
  hold(chat: string, ms: number, now: number): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryBudgetStore(): BudgetStore {
  let nextGlobal = 0;
  const spacing = TELEGRAM_BUDGET.windowMs / TELEGRAM_BUDGET.messagesPerSecond;
  const nextForChat = new Map<string, number>();
  const groups = new Map<string, number[]>();
  const holds = new Map<string, number>();
  return {
    async reserve(chat, isGroup, now) {
      const held = holds.get(chat) ?? 0;
      if (held > now) return held - now;
      const next = nextForChat.get(chat) ?? 0;
      if (next > now) return next - now;
      if (nextGlobal > now) return Math.ceil(nextGlobal - now);
      if (isGroup) {
        const sent = (groups.get(chat) ?? []).filter((t) => t > now - 60_000);
        groups.set(chat, sent);
        if (sent.length >= TELEGRAM_BUDGET.groupMessagesPerMinute) return Math.max(1, sent[0]! + 60_000 - now);
        sent.push(now);
      }
      nextGlobal = now + spacing;
      nextForChat.set(chat, now + TELEGRAM_BUDGET.chatIntervalMs);
      return 0;
    },
    async hold(chat, ms, now) {
      holds.set(chat, Math.max(holds.get(chat) ?? 0, now + ms));
    },
    async close() {},
  };
}

// Redis's own clock (TIME), not the caller's: a call queued behind others is counted when it really takes its slot.
const RESERVE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local held = tonumber(redis.call('GET', KEYS[4]) or '0')
if held > now then return held - now end
local nextChat = tonumber(redis.call('GET', KEYS[2]) or '0')
if nextChat > now then return nextChat - now end
local spacing = tonumber(ARGV[7]) / tonumber(ARGV[2])
local nextGlobal = tonumber(redis.call('GET', KEYS[1]) or '0')
if nextGlobal > now then return math.ceil(nextGlobal - now) end
if ARGV[6] == '1' then
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - 60000)
  if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[4]) then
    local oldest = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
    return math.max(1, tonumber(oldest[2]) + 60000 - now)
  end
  redis.call('ZADD', KEYS[3], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[3], 61000)
end
redis.call('SET', KEYS[1], tostring(now + spacing), 'PX', 5000)
redis.call('SET', KEYS[2], now + tonumber(ARGV[3]), 'PX', tonumber(ARGV[3]) + 1000)
return 0
`;

const HOLD_SCRIPT = `
local t = redis.call('TIME')
local untilMs = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs > current then redis.call('SET', KEYS[1], untilMs, 'PX', tonumber(ARGV[1]) + 1000) end
return 0
`;

/** The shared store: every process with the same REDIS_URL and `prefix` (the bot token's id) shares one budget. */
export function createRedisBudgetStore(redisUrl: string, prefix: string): BudgetStore {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  redis.on('error', () => undefined);
  let seq = 0;
  const key = (name: string) => `autoradar:tg:${prefix}:${name}`;
  return {
    async reserve(chat, isGroup, now) {
      seq += 1;
      const wait = await redis.eval(
        RESERVE_SCRIPT,
        4,
        key('global'),
        key(`chat:${chat}`),
        key(`group:${chat}`),
        key(`hold:${chat}`),
        String(now),
        String(TELEGRAM_BUDGET.messagesPerSecond),
        String(TELEGRAM_BUDGET.chatIntervalMs),
        String(TELEGRAM_BUDGET.groupMessagesPerMinute),
        `${process.pid}:${now}:${seq}:${Math.random()}`,
        isGroup ? '1' : '0',
        String(TELEGRAM_BUDGET.windowMs),
      );
      return Number(wait);
    },
    async hold(chat, ms) {
      await redis.eval(HOLD_SCRIPT, 1, key(`hold:${chat}`), String(ms));
    },
    async close() {
      redis.disconnect();
    },
  };
}

export interface TelegramBudgetOptions {
  store: BudgetStore;
  /** The clock and the wait; tests move a fake clock instead of sleeping. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Sees each flood wait as it starts: the chat and how long (the 429's retry_after, in ms). */
  onFloodWait?: (chat: string, ms: number) => void;
  /**
   * 429s this transformer waits out itself before it returns one (default TELEGRAM_BUDGET.maxFloodWaits). 0 when an
   * outer retry decides (createTelegramLimits: grammY's auto-retry, bounded in attempts and in the longest wait): the
   * 429 still holds its chat for every process, and the retry finds the slot after the hold.
   */
  floodWaits?: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The budget as a grammY transformer: a sending call waits for its slot, and a 429 holds its chat for exactly
 * `retry_after` seconds before the same call is made again (never returned as a failure while waits are left).
 */
export function createTelegramBudget(options: TelegramBudgetOptions): Transformer {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const floodWaits = options.floodWaits ?? TELEGRAM_BUDGET.maxFloodWaits;
  return async (prev, method, payload, signal) => {
    const chatId = payload && typeof payload === 'object' ? (payload as { chat_id?: unknown }).chat_id : undefined;
    if (!SENDING.has(method) || (typeof chatId !== 'number' && typeof chatId !== 'string')) {
      return prev(method, payload, signal);
    }
    const chat = String(chatId);
    const isGroup = typeof chatId === 'string' ? chatId.startsWith('@') || chatId.startsWith('-') : Number(chatId) < 0;
    for (let floods = 0; ; floods += 1) {
      for (;;) {
        const wait = await options.store.reserve(chat, isGroup, now());
        if (wait <= 0) break;
        await sleep(wait);
      }
      telegramSendsTotal.inc();
      const answer = await prev(method, payload, signal);
      if (answer.ok || answer.error_code !== 429) return answer;
      telegram429Total.inc();
      const ms = (answer.parameters?.retry_after ?? 1) * 1000;
      await options.store.hold(chat, ms, now());
      if (floods >= floodWaits) return answer;
      options.onFloodWait?.(chat, ms);
    }
  };
}

let shared: { store: BudgetStore; transformer: Transformer } | undefined;

/**
 * Sets the process's budget store at start (REDIS_URL: shared with every other process; else in this process).
 * Call before any Api is built; the bot's main, the worker's main and the API's main do.
 */
export function configureTelegramBudget(options: { redisUrl?: string | undefined; token?: string | undefined }): void {
  const store =
    options.redisUrl && options.token
      ? createRedisBudgetStore(options.redisUrl, options.token.split(':')[0] ?? 'bot')
      : createMemoryBudgetStore();
  shared = { store, transformer: createTelegramBudget({ store, floodWaits: 0 }) };
}

/**
 * The process's budget transformer (an in-process one when nobody configured it). It waits for slots and records a
 * 429's hold, and leaves the retry to the auto-retry installed outside it (createTelegramLimits), whose bounds decide
 * when a flood wait is too long to wait in-process (TELEGRAM_RETRY).
 */
export function processTelegramBudget(): Transformer {
  shared ??= (() => {
    const store = createMemoryBudgetStore();
    return { store, transformer: createTelegramBudget({ store, floodWaits: 0 }) };
  })();
  return shared.transformer;
}

export async function closeTelegramBudget(): Promise<void> {
  await shared?.store.close();
  shared = undefined;
}
