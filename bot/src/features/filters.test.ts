import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { filters, users, type Db } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';
import { createTestBot, testBotInfo as botInfo } from '../testing/test-bot';

// /help, /filters with pause and resume buttons, /stop, the notification's pause button and my_chat_member, against
// the Bot API emulator and a real database.

const TG = 4242;
const from = { id: TG, is_bot: false, first_name: 'Иван' };
const chat = { id: TG, type: 'private' as const, first_name: 'Иван' };
let updateId = 1;

const command = (text: string) => ({
  update_id: updateId++,
  message: {
    message_id: 1,
    date: 1,
    chat,
    from,
    text,
    entities: [{ type: 'bot_command' as const, offset: 0, length: text.split(' ')[0]!.length }],
  },
});
const press = (data: string, text = '🔔 Новое объявление') => ({
  update_id: updateId++,
  callback_query: {
    id: String(updateId),
    from,
    chat_instance: '1',
    data,
    message: { message_id: 5, date: 1, chat, text },
  },
});
const member = (status: 'kicked' | 'member') => ({
  update_id: updateId++,
  my_chat_member: {
    chat,
    from,
    date: 1,
    old_chat_member: {
      status: status === 'kicked' ? ('member' as const) : ('kicked' as const),
      user: botInfo,
      until_date: 0,
    },
    new_chat_member:
      status === 'kicked'
        ? { status: 'kicked' as const, user: botInfo, until_date: 0 }
        : { status: 'member' as const, user: botInfo },
  },
});

describeEachDb('bot: filters, /stop, my_chat_member', (getDb) => {
  let api: Awaited<ReturnType<typeof startBotApiEmulator>>;
  let db: Db;
  let userId: number;
  let camry: number;
  let bmw: number;

  beforeAll(async () => {
    api = await startBotApiEmulator();
    db = getDb().db;
    const [u] = await db
      .insert(users)
      .values({ telegramId: TG, firstName: 'Иван', isPro: true, proExpired: new Date(Date.now() + 86_400_000) })
      .returning();
    userId = u!.id;
    const rows = await db
      .insert(filters)
      .values([
        { userId, name: 'Камри', active: true, via: ['telegram'] },
        { userId, name: 'BMW', active: false, via: ['telegram'] },
      ])
      .returning();
    camry = rows[0]!.id;
    bmw = rows[1]!.id;
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.calls.length = 0;
  });

  const bot = () => createTestBot(api.url, { db });
  const active = async (id: number) => (await db.select().from(filters).where(eq(filters.id, id)))[0]!.active;

  it('/help lists the commands', async () => {
    await bot().handleUpdate(command('/help'));
    const text = api.callsOf('sendMessage')[0]?.payload['text'] as string;
    expect(text).toContain('/filters — ваши фильтры');
    expect(text).toContain('/stop — приостановить все уведомления');
  });

  it('/filters lists the filters with a pause or resume button and a startapp=filter_<id> link each', async () => {
    await bot().handleUpdate(command('/filters'));
    expect(api.callsOf('sendMessage')[0]?.payload['reply_markup']).toEqual({
      inline_keyboard: [
        [
          { text: '🔔 Камри', url: `https://t.me/autoradar_test_bot/app?startapp=filter_${camry}` },
          { text: 'Приостановить', callback_data: `filter_pause:${camry}` },
        ],
        [
          { text: '⏸ BMW', url: `https://t.me/autoradar_test_bot/app?startapp=filter_${bmw}` },
          { text: 'Включить', callback_data: `filter_resume:${bmw}` },
        ],
      ],
    });
  });

  it('pauses a filter from the button of a notification and resumes it for PRO', async () => {
    await bot().handleUpdate(press(`filter_pause:${camry}`));
    expect(await active(camry)).toBe(false);
    expect(api.callsOf('answerCallbackQuery')[0]?.payload['text']).toBe('Фильтр «Камри» приостановлен');
    await bot().handleUpdate(press(`filter_resume:${camry}`, 'Ваши фильтры. Нажмите'));
    expect(await active(camry)).toBe(true);
    expect(api.callsOf('editMessageText')).toHaveLength(1);
  });

  it('refuses to resume without PRO and to touch another user’s filter', async () => {
    await db
      .update(users)
      .set({ proExpired: new Date(Date.now() - 1000) })
      .where(eq(users.id, userId));
    await bot().handleUpdate(press(`filter_resume:${bmw}`));
    expect(await active(bmw)).toBe(false);
    expect(api.callsOf('answerCallbackQuery')[0]?.payload).toMatchObject({
      text: 'Уведомления доступны только с PRO.',
      show_alert: true,
    });
    await bot().handleUpdate(press(`filter_pause:999999`));
    expect(api.callsOf('answerCallbackQuery')[1]?.payload['text']).toBe('Фильтр не найден.');
    await db
      .update(users)
      .set({ proExpired: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, userId));
  });

  it('/stop pauses every filter', async () => {
    await bot().handleUpdate(command('/stop'));
    expect(await active(camry)).toBe(false);
    expect(api.callsOf('sendMessage')[0]?.payload['text']).toContain('Все уведомления приостановлены');
  });

  it('my_chat_member: blocking the bot makes has_telegram false, starting it again true', async () => {
    const blocked = async () => (await db.select().from(users).where(eq(users.id, userId)))[0]!.botBlocked;
    await bot().handleUpdate(member('kicked'));
    expect(await blocked()).toBe(true);
    await bot().handleUpdate(member('member'));
    expect(await blocked()).toBe(false);
  });
});
