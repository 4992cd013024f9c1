import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { MESSAGES, getCurrentYear } from '@autoradar/core';
import { contract } from '@autoradar/contract';
import { filters } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { buildTestApp, signIn, signInPro, testClock } from '../../testing/test-app';
import { readError, readJson } from '../../testing/read-json';

// Saved filters (spec §3, rules of spec §5) through the API, on both databases.

const year = getCurrentYear(new Date());

const form = (over: Record<string, unknown> = {}) => ({
  name: 'Камри до 2 млн',
  brands: [1],
  models: [10, 10],
  cities: [],
  priceFrom: null,
  priceTo: 2_000_000,
  yearFrom: 2015,
  yearTo: null,
  active: true,
  send_mode: 'immediately',
  worktime_settings: null,
  via: ['telegram'],
  ...over,
});

describeEachDb('saved filters', (getDb) => {
  let app: FastifyInstance;
  const clock = testClock(new Date('2026-06-15T09:00:00Z'));
  beforeAll(async () => {
    app = await buildTestApp(getDb(), { clock });
  });
  afterAll(() => app.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const rowsOf = (userId: number) => getDb().db.select().from(filters).where(eq(filters.userId, userId));

  it('saves, lists, replaces and deletes a PRO user’s filter', async () => {
    const pro = await signInPro(getDb(), clock(), { email: 'pro@example.ru' });
    const created = await call('POST', '/api/user/filters', pro.headers, form({ name: '  Камри до 2 млн  ' }));
    expect(created.statusCode).toBe(201);
    const filter = readJson(created, contract.filters.create).data;
    expect(filter).toEqual({ id: expect.any(Number) as number, ...form(), models: [10], goodPriceOnly: false });

    // «Только хорошая цена» (issue 33) is kept and answered.
    const picky = await call('PUT', `/api/user/filters/${filter.id}`, pro.headers, {
      ...form(),
      goodPriceOnly: true,
    });
    expect(readJson(picky, contract.filters.update).data.goodPriceOnly).toBe(true);
    const notBoolean = await call('PUT', `/api/user/filters/${filter.id}`, pro.headers, {
      ...form(),
      goodPriceOnly: 'да',
    });
    expect(notBoolean.statusCode).toBe(422);

    const worktime = { days: [5, 1, 2], start: '22:00', end: '06:00' };
    const replaced = await call(
      'PUT',
      `/api/user/filters/${filter.id}`,
      pro.headers,
      form({ send_mode: 'worktime', worktime_settings: worktime, via: ['email', 'telegram'] }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(readJson(replaced, contract.filters.update).data).toMatchObject({
      id: filter.id,
      send_mode: 'worktime',
      worktime_settings: { days: [1, 2, 5], start: '22:00', end: '06:00' },
      via: ['email', 'telegram'],
    });

    // Back to 'immediately': the working hours are dropped, whatever the client sent.
    const immediate = await call(
      'PUT',
      `/api/user/filters/${filter.id}`,
      pro.headers,
      form({ worktime_settings: worktime }),
    );
    expect(readJson(immediate, contract.filters.update).data.worktime_settings).toBeNull();

    const list = await call('GET', '/api/user/filters', pro.headers);
    expect(list.json()).toEqual({ data: [readJson(immediate, contract.filters.update).data] });

    const off = await call('PATCH', `/api/user/filters/${filter.id}/toggle`, pro.headers, { active: false });
    expect(off.statusCode).toBe(200);
    expect(readJson(off, contract.filters.toggle).data.active).toBe(false);
    expect(
      readJson(
        await call('PATCH', `/api/user/filters/${filter.id}/toggle`, pro.headers, { active: true }),
        contract.filters.toggle,
      ).data.active,
    ).toBe(true);

    const deleted = await call('DELETE', `/api/user/filters/${filter.id}`, pro.headers);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', '/api/user/filters', pro.headers)).json()).toEqual({ data: [] });
  });

  it('keeps notifications off for a basic user and refuses their toggle', async () => {
    const basic = await signIn(getDb());
    const created = await call('POST', '/api/user/filters', basic.headers, form({ active: true }));
    expect(created.statusCode).toBe(201);
    const filter = readJson(created, contract.filters.create).data;
    expect(filter.active).toBe(false);
    const toggle = await call('PATCH', `/api/user/filters/${filter.id}/toggle`, basic.headers, {
      active: true,
    });
    expect(toggle.statusCode).toBe(403);
    expect(toggle.json()).toEqual({ message: 'Доступно только с тарифом PRO' });
    expect((await rowsOf(basic.id))[0]!.active).toBe(false);

    const expired = await signIn(getDb(), { isPro: true, proExpired: clock() });
    expect(
      readJson(await call('POST', '/api/user/filters', expired.headers, form()), contract.filters.create).data.active,
    ).toBe(false);
  });

  it('offers e-mail only to users with an e-mail and Telegram only to users with Telegram', async () => {
    const telegramOnly = await signInPro(getDb(), clock());
    const email = await call('POST', '/api/user/filters', telegramOnly.headers, form({ via: ['email'] }));
    expect(email.statusCode).toBe(422);
    expect(readError(email).errors).toEqual({
      via: ['Добавьте e-mail в профиль, чтобы получать уведомления на почту'],
    });

    const emailOnly = await signInPro(getDb(), clock(), {
      telegramId: null,
      yandexId: `y-${Date.now()}`,
      email: 'ivan@yandex.ru',
    });
    const telegram = await call('POST', '/api/user/filters', emailOnly.headers, form({ via: ['telegram'] }));
    expect(readError(telegram).errors).toEqual({
      via: ['Подключите Telegram, чтобы получать уведомления в мессенджере'],
    });
    expect((await call('POST', '/api/user/filters', emailOnly.headers, form({ via: ['email'] }))).statusCode).toBe(201);
    expect(await rowsOf(telegramOnly.id)).toEqual([]);
  });

  it('holds the price and year bounds at their edges', async () => {
    const pro = await signInPro(getDb(), clock());
    const ok = async (over: Record<string, unknown>) =>
      (await call('POST', '/api/user/filters', pro.headers, form(over))).statusCode;
    const errors = async (over: Record<string, unknown>) =>
      readError(await call('POST', '/api/user/filters', pro.headers, form(over))).errors;

    expect(await ok({ priceFrom: 0, priceTo: 100_000_000, yearFrom: 1900, yearTo: year })).toBe(201);
    expect(await ok({ priceFrom: 5, priceTo: 5, yearFrom: year, yearTo: year })).toBe(201);
    expect(await errors({ priceFrom: -1, priceTo: 100_000_001 })).toEqual({
      priceFrom: [MESSAGES.priceOutOfRange],
      priceTo: [MESSAGES.priceOutOfRange],
    });
    expect(await errors({ yearFrom: 1899, yearTo: year + 1 })).toEqual({
      yearFrom: ['Некорректный год'],
      yearTo: ['Некорректный год'],
    });
    expect(await errors({ priceFrom: 2, priceTo: 1, yearFrom: 2020, yearTo: 2019 })).toEqual({
      priceFrom: ['Цена «от» не может быть больше цены «до»'],
      yearFrom: ['Год «от» не может быть больше года «до»'],
    });
    expect(await errors({ priceFrom: 1.5 })).toEqual({ priceFrom: [MESSAGES.priceOutOfRange] });
  });

  it('answers a bad filter with every message at once and saves nothing', async () => {
    const pro = await signInPro(getDb(), clock());
    const res = await call(
      'POST',
      '/api/user/filters',
      pro.headers,
      form({ name: '   ', via: [], send_mode: 'worktime', worktime_settings: null, priceFrom: -5 }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Проверьте правильность заполнения полей',
      errors: {
        priceFrom: [MESSAGES.priceOutOfRange],
        name: ['Введите название фильтра'],
        via: ['Выберите, куда присылать уведомления'],
        worktime_settings: ['Укажите рабочее время'],
      },
    });
    const hours = async (worktime_settings: object) =>
      readError(
        await call('POST', '/api/user/filters', pro.headers, form({ send_mode: 'worktime', worktime_settings })),
      ).errors;
    expect(await hours({ days: [], start: '09:00', end: '18:00' })).toEqual({
      'worktime_settings.days': ['Выберите хотя бы один день'],
    });
    expect(await hours({ days: [0, 7], start: '24:00', end: '9:00' })).toEqual({
      // The list (core's rule) and the day itself (the contract's 0-6 bound) both name it.
      'worktime_settings.days': ['Некорректный день недели'],
      'worktime_settings.days.1': ['Некорректный день недели'],
      'worktime_settings.start': ['Некорректное время'],
      'worktime_settings.end': ['Некорректное время'],
    });
    expect(await hours({ days: [1], start: '09:00', end: '09:00' })).toEqual({
      'worktime_settings.end': ['Время начала и окончания не должны совпадать'],
    });
    expect(await hours({ days: [0, 6], start: '00:00', end: '23:59' })).toBeUndefined();
    expect((await rowsOf(pro.id)).map((r) => r.sendMode)).toEqual(['worktime']);
  });

  it('lets a user see and change only their own filters', async () => {
    const owner = await signInPro(getDb(), clock());
    const other = await signInPro(getDb(), clock());
    const id = readJson(await call('POST', '/api/user/filters', owner.headers, form()), contract.filters.create).data
      .id;
    expect((await call('GET', '/api/user/filters', other.headers)).json()).toEqual({ data: [] });
    for (const res of [
      await call('PUT', `/api/user/filters/${id}`, other.headers, form({ name: 'Чужой' })),
      await call('DELETE', `/api/user/filters/${id}`, other.headers),
      await call('PATCH', `/api/user/filters/${id}/toggle`, other.headers, { active: false }),
      await call('PUT', '/api/user/filters/99999999', owner.headers, form()),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Не найдено' });
    }
    expect((await rowsOf(owner.id))[0]).toMatchObject({ name: 'Камри до 2 млн', active: true });
    expect((await call('GET', '/api/user/filters', {})).statusCode).toBe(401);
  });

  it('caps the number of saved filters per user', async () => {
    const pro = await signInPro(getDb(), clock());
    await getDb()
      .db.insert(filters)
      .values(Array.from({ length: 50 }, (_, i) => ({ userId: pro.id, name: `Фильтр ${i}` })));
    const res = await call('POST', '/api/user/filters', pro.headers, form());
    expect(res.statusCode).toBe(422);
    expect(readError(res).message).toBe('Можно сохранить не более 50 фильтров: удалите ненужные');
  });
});
