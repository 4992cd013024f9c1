import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotApiEmulator, tooManyRequests } from './testing/bot-api-emulator';
import {
  createMemoryBudgetStore,
  createRedisBudgetStore,
  createTelegramBudget,
  TELEGRAM_BUDGET,
  type BudgetStore,
} from './telegram-budget';

// Issue 30: one Bot API budget for every sending process (30 messages/s together, 1/s per chat) through Redis, and a
// 429's retry_after waited out exactly for that chat, the message arriving once.

const REDIS_URL = process.env['TEST_REDIS_URL'] || 'redis://127.0.0.1:6379';
const TOKEN = '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh';

const apiWith = (url: string, store: BudgetStore) => {
  const api = new Api(TOKEN, { apiRoot: url });
  api.config.use(createTelegramBudget({ store }));
  return api;
};

/** The most arrivals within any one second. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while (sorted[end]! - sorted[start]! >= 1_000) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

describe('the Telegram send budget', () => {
  it('waits out a 429 retry_after of 20 s exactly for that chat, and sends the message once', async () => {
    let clock = 1_000_000;
    const sends: { chat: unknown; at: number; status: number }[] = [];
    let refused = false;
    const budget = createTelegramBudget({
      store: createMemoryBudgetStore(),
      now: () => clock,
      sleep: async (ms) => void (clock += ms),
    });
    const send = (chat: number) =>
      budget(
        // A stand-in for the HTTP call: Telegram's envelope, the first call to chat 1 refused with retry_after 20.
        (async (_method: string, payload: unknown) => {
          const chatId = (payload as { chat_id: number }).chat_id;
          if (chatId === 1 && !refused) {
            refused = true;
            sends.push({ chat: chatId, at: clock, status: 429 });
            return { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 20 } };
          }
          sends.push({ chat: chatId, at: clock, status: 200 });
          return { ok: true, result: true };
        }) as Parameters<typeof budget>[0],
        'sendMessage',
        { chat_id: chat, text: 'x' },
      );
    const first = await send(1);
    expect(first.ok).toBe(true);
    const ofChat = sends.filter((s) => s.chat === 1);
    expect(ofChat.map((s) => s.status)).toEqual([429, 200]);
    expect(ofChat[1]!.at - ofChat[0]!.at).toBe(20_000);
    // Another chat is not held by the first one's flood wait.
    const before = clock;
    await send(2);
    expect(sends.at(-1)!.chat).toBe(2);
    expect(sends.at(-1)!.at - before).toBeLessThan(100);
  });

  it('keeps one chat at one message a second and a group at 20 a minute', async () => {
    const store = createMemoryBudgetStore();
    expect(await store.reserve('7', false, 0)).toBe(0);
    expect(await store.reserve('7', false, 10)).toBe(TELEGRAM_BUDGET.chatIntervalMs - 10);
    // Slots are spaced evenly: the next chat waits its turn of 1100 / 30 ms.
    expect(await store.reserve('8', false, 10)).toBe(Math.ceil(TELEGRAM_BUDGET.windowMs / 30 - 10));
    const groups = createMemoryBudgetStore();
    for (let i = 0; i < 20; i += 1) expect(await groups.reserve('-100', true, i * 1_000)).toBe(0);
    expect(await groups.reserve('-100', true, 20_000)).toBe(40_000);
  });

  describe('shared through Redis by two senders [redis]', () => {
    let emulator: Awaited<ReturnType<typeof startBotApiEmulator>>;
    const arrivals: number[] = [];
    const stores: BudgetStore[] = [];
    beforeAll(async () => {
      emulator = await startBotApiEmulator({
        onCall: (call) => {
          if (call.method === 'sendMessage') arrivals.push(Date.now());
        },
      });
    });
    afterAll(async () => {
      await Promise.all(stores.map((s) => s.close()));
      await emulator?.close();
    });

    it('never lets two senders together exceed 30 messages a second to 300 chats, each chat once', async () => {
      const prefix = `test-${process.pid}-${Date.now()}`;
      const a = createRedisBudgetStore(REDIS_URL, prefix);
      const b = createRedisBudgetStore(REDIS_URL, prefix);
      stores.push(a, b);
      const apis = [apiWith(emulator.url, a), apiWith(emulator.url, b)];
      const chats = Array.from({ length: 300 }, (_, i) => 5_000_000 + i);
      await Promise.all(chats.map((chat, i) => apis[i % 2]!.sendMessage(chat, `Объявление для ${chat}`)));
      const sent = emulator.callsOf('sendMessage').filter((c) => c.status === 200);
      expect(sent).toHaveLength(300);
      expect(new Set(sent.map((c) => c.payload['chat_id'])).size).toBe(300);
      expect(busiestSecond(arrivals)).toBeLessThanOrEqual(TELEGRAM_BUDGET.messagesPerSecond);
    }, 60_000);

    it("holds a chat for a real 429's retry_after in every sender and delivers once", async () => {
      const prefix = `test-flood-${process.pid}-${Date.now()}`;
      const a = createRedisBudgetStore(REDIS_URL, prefix);
      stores.push(a);
      const api = apiWith(emulator.url, a);
      const before = emulator.callsOf('sendMessage').length;
      emulator.fail('sendMessage', tooManyRequests(1));
      await api.sendMessage(6_000_001, 'Новое объявление');
      // The emulator refuses a retry that comes before retry_after again: [429, 200] means the wait was kept.
      expect(
        emulator
          .callsOf('sendMessage')
          .slice(before)
          .map((c) => c.status),
      ).toEqual([429, 200]);
    }, 30_000);
  });
});
