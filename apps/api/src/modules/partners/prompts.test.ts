import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { buildTestApp, signInAdmin } from '../../testing/test-app';
import { readError, readJson } from '../../testing/read-json';
import { insertTestPartner } from '@autoradar/server/reports/testing/order-fixtures';

// A partner's key prompts: create, read, edit, delete, ordered by position, keys unique per partner.

describeEachDb('partner prompts', (getDb) => {
  let app: FastifyInstance;
  let admin: { headers: Record<string, string> };
  let partnerId: number;
  let otherPartnerId: number;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
    admin = await signInAdmin(getDb());
    partnerId = await insertTestPartner(getDb());
    otherPartnerId = await insertTestPartner(getDb(), 'Второй партнёр');
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    app.inject({ method, url: `/api/partners/${path}`, headers: admin.headers, payload });
  const keysOf = async (id: number) =>
    readJson(await call('GET', `${id}/prompts`), contract.partners.prompts).data.map((p) => p.key);

  it('starts empty', async () => {
    const res = await call('GET', `${partnerId}/prompts`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('creates prompts and lists them by position; one without a position goes last', async () => {
    const second = await call('POST', `${partnerId}/prompts`, {
      key: 'owners',
      title: 'Владельцы',
      text: 'Сколько было владельцев?',
      position: 5,
    });
    expect(second.statusCode).toBe(201);
    expect(readJson(second, contract.partners.createPrompt).data).toMatchObject({
      key: 'owners',
      title: 'Владельцы',
      text: 'Сколько было владельцев?',
      position: 5,
    });
    await call('POST', `${partnerId}/prompts`, {
      key: 'summary',
      title: 'Итог',
      text: 'Кратко опиши историю.',
      position: 1,
    });
    const last = await call('POST', `${partnerId}/prompts`, {
      key: ' risks ',
      title: ' Риски ',
      text: 'Есть ли ограничения? ',
    });
    expect(readJson(last, contract.partners.createPrompt).data).toMatchObject({
      key: 'risks',
      title: 'Риски',
      text: 'Есть ли ограничения?',
      position: 6,
    });
    expect(await keysOf(partnerId)).toEqual(['summary', 'owners', 'risks']);
  });

  it('answers one prompt and edits it; a save without a position keeps its place', async () => {
    const [summary] = readJson(await call('GET', `${partnerId}/prompts`), contract.partners.prompts).data;
    const one = await call('GET', `${partnerId}/prompts/${summary!.id}`);
    expect(one.json()).toEqual({ data: summary });

    const moved = await call('PUT', `${partnerId}/prompts/${summary!.id}`, {
      key: 'summary',
      title: 'Итог',
      text: 'Новый текст',
      position: 10,
    });
    expect(moved.statusCode).toBe(200);
    expect(readJson(moved, contract.partners.updatePrompt).data).toEqual({
      ...summary,
      text: 'Новый текст',
      position: 10,
    });
    expect(await keysOf(partnerId)).toEqual(['owners', 'risks', 'summary']);

    const kept = await call('PUT', `${partnerId}/prompts/${summary!.id}`, {
      key: 'summary-2',
      title: 'Итог',
      text: 'Новый текст',
    });
    expect(readJson(kept, contract.partners.updatePrompt).data).toMatchObject({ key: 'summary-2', position: 10 });
  });

  it('requires key, title and text with the Russian message', async () => {
    const res = await call('POST', `${partnerId}/prompts`, { key: ' ', title: '', text: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Проверьте правильность заполнения полей',
      errors: { key: ['Обязательное поле'], title: ['Обязательное поле'], text: ['Обязательное поле'] },
    });
    const missing = await call('POST', `${partnerId}/prompts`, {});
    expect(readError(missing).errors).toEqual({
      key: ['Обязательное поле'],
      title: ['Обязательное поле'],
      text: ['Обязательное поле'],
    });
    const position = await call('POST', `${partnerId}/prompts`, { key: 'k', title: 't', text: 'x', position: -1 });
    expect(readError(position).errors).toEqual({ position: ['Не меньше 0'] });
  });

  it('keeps keys unique per partner, not across partners', async () => {
    const taken = await call('POST', `${partnerId}/prompts`, { key: 'owners', title: 'Ещё', text: 'Ещё' });
    expect(taken.statusCode).toBe(422);
    expect(readError(taken).errors).toEqual({ key: ['Такой ключ у этого партнёра уже есть'] });

    const [owners, risks] = readJson(await call('GET', `${partnerId}/prompts`), contract.partners.prompts).data;
    const renamed = await call('PUT', `${partnerId}/prompts/${risks!.id}`, { key: owners!.key, title: 'x', text: 'x' });
    expect(renamed.statusCode).toBe(422);
    expect(readError(renamed).errors).toEqual({ key: ['Такой ключ у этого партнёра уже есть'] });

    const elsewhere = await call('POST', `${otherPartnerId}/prompts`, { key: 'owners', title: 'Владельцы', text: 'x' });
    expect(elsewhere.statusCode).toBe(201);
    expect(readJson(elsewhere, contract.partners.createPrompt).data.position).toBe(0);
  });

  it('deletes a prompt; a prompt of another partner or an unknown one is 404', async () => {
    const [owners] = readJson(await call('GET', `${partnerId}/prompts`), contract.partners.prompts).data;
    expect((await call('GET', `${otherPartnerId}/prompts/${owners!.id}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `${otherPartnerId}/prompts/${owners!.id}`, { key: 'a', title: 'b', text: 'c' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `${otherPartnerId}/prompts/${owners!.id}`)).statusCode).toBe(404);

    const deleted = await call('DELETE', `${partnerId}/prompts/${owners!.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await keysOf(partnerId)).not.toContain('owners');
    expect((await call('DELETE', `${partnerId}/prompts/${owners!.id}`)).statusCode).toBe(404);
    expect((await call('GET', '999999/prompts')).statusCode).toBe(404);
    expect((await call('POST', '999999/prompts', { key: 'a', title: 'b', text: 'c' })).statusCode).toBe(404);
    expect((await call('GET', `${partnerId}/prompts/99999999999`)).statusCode).toBe(404);
  });
});
