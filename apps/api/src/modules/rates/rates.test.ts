import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TICKER_PAIRS } from '@autoradar/core';
import { contract, type OpenApiDocument, type RatesResponse } from '@autoradar/contract';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { loadConfig } from '@autoradar/server/config/config';
import { buildTestApp, testClock } from '../../testing/test-app';
import { readJson } from '../../testing/read-json';
import { parseCbrDaily, RatesProviderError } from './cbr.client';
import { createRatesService } from './rates.service';
import { cbrDailyXml, encodeWindows1251, startFakeCbr, type FakeCbr } from './testing/fake-cbr';
import { startFakeCoinGecko, type FakeCoinGecko } from './testing/fake-coingecko';

// The ticker's rates against a fake Bank of Russia and a fake CoinGecko on 127.0.0.1, in their documented shapes.

const MINUTE = 60_000;
const valuesOf = (answer: RatesResponse) => Object.fromEntries(answer.data.map((rate) => [rate.pair, rate.value]));

describe('the Bank of Russia daily document', () => {
  it('gives roubles per one unit: Value with a decimal comma divided by Nominal', () => {
    const xml = cbrDailyXml([
      { code: 'USD', nominal: 1, value: '92,5012' },
      { code: 'CNY', nominal: 10, value: '115,0340' },
      { code: 'AMD', nominal: 100, value: '21,5637' },
      { code: 'JPY', nominal: 100, value: '61,0000' },
    ]);
    const rates = parseCbrDaily(encodeWindows1251(xml), 'application/xml; charset=windows-1251');
    expect(Object.fromEntries(rates)).toEqual({ USD: 92.5012, CNY: 11.5034, AMD: 0.215637, JPY: 0.61 });
  });

  it('reads windows-1251 by the XML declaration when the header names no charset, and UTF-8 mirrors too', () => {
    const rates = [{ code: 'EUR', nominal: 1, value: '100,1000' }];
    const cp1251 = encodeWindows1251(cbrDailyXml(rates));
    // The Cyrillic names really are single windows-1251 bytes, not UTF-8 pairs.
    expect(cp1251).toContain(0xc5); // «Е» of «Евро»
    expect(parseCbrDaily(cp1251, 'text/xml').get('EUR')).toBe(100.1);
    expect(parseCbrDaily(new TextEncoder().encode(cbrDailyXml(rates, 'utf-8')), null).get('EUR')).toBe(100.1);
  });

  it('refuses a page that is not the document, and entries it cannot read', () => {
    const page = encodeWindows1251('<html><body>Сервис временно недоступен</body></html>');
    expect(() => parseCbrDaily(page)).toThrow(RatesProviderError);
    const unreadable = cbrDailyXml([
      { code: 'USD', nominal: 0, value: '92,5' },
      { code: 'EUR', nominal: 1, value: 'н/д' },
    ]);
    expect(() => parseCbrDaily(encodeWindows1251(unreadable))).toThrow(RatesProviderError);
  });
});

describe('the rates kept by the server', () => {
  let cbr: FakeCbr;
  let crypto: FakeCoinGecko;
  let clock: ReturnType<typeof testClock>;
  const failures: string[] = [];
  const service = (timeoutMs?: number) =>
    createRatesService({
      cbrUrl: cbr.url,
      cryptoUrl: crypto.url,
      clock,
      timeoutMs,
      onProviderError: (provider) => failures.push(provider),
    });

  beforeEach(async () => {
    cbr = await startFakeCbr({
      rates: [
        { code: 'USD', nominal: 1, value: '81,2345' },
        { code: 'EUR', nominal: 1, value: '94,5678' },
        { code: 'CNY', nominal: 10, value: '113,4560' },
      ],
    });
    crypto = await startFakeCoinGecko({ price: 67_187.33 });
    clock = testClock(new Date('2026-03-10T12:00:00Z'));
    failures.length = 0;
  });
  afterEach(async () => {
    await cbr.close();
    await crypto.close();
  });

  it('answers the four ticker pairs with the time they were fetched', async () => {
    const answer = await service().current();
    expect(answer.data).toEqual([
      { pair: 'USD/RUB', value: 81.2345, fetchedAt: '2026-03-10T12:00:00.000Z' },
      { pair: 'EUR/RUB', value: 94.5678, fetchedAt: '2026-03-10T12:00:00.000Z' },
      { pair: 'CNY/RUB', value: 11.3456, fetchedAt: '2026-03-10T12:00:00.000Z' },
      { pair: 'BTC/USD', value: 67_187.33, fetchedAt: '2026-03-10T12:00:00.000Z' },
    ]);
    expect(cbr.requests).toEqual(['/scripts/XML_daily.asp']);
    expect(crypto.requests).toEqual(['/api/v3/simple/price?ids=bitcoin&vs_currencies=usd']);
  });

  it('asks the providers at most once a minute, however many requests come', async () => {
    const rates = service();
    await rates.current();
    cbr.setRates([
      { code: 'USD', nominal: 1, value: '82,0000' },
      { code: 'EUR', nominal: 1, value: '95,0000' },
      { code: 'CNY', nominal: 1, value: '11,5000' },
    ]);
    crypto.setPrice(70_000);

    clock.advance(MINUTE - 1);
    for (let i = 0; i < 5; i += 1) expect(valuesOf(await rates.current())['USD/RUB']).toBe(81.2345);
    expect([cbr.requests.length, crypto.requests.length]).toEqual([1, 1]);

    clock.advance(1);
    const fresh = await rates.current();
    expect(valuesOf(fresh)).toEqual({ 'USD/RUB': 82, 'EUR/RUB': 95, 'CNY/RUB': 11.5, 'BTC/USD': 70_000 });
    expect(fresh.data[0]!.fetchedAt).toBe('2026-03-10T12:01:00.000Z');
    expect([cbr.requests.length, crypto.requests.length]).toEqual([2, 2]);
  });

  it('lets concurrent requests share one fetch that is still under way', async () => {
    const rates = service();
    cbr.setMode('hang');
    crypto.setMode('hang');
    const waiting = Array.from({ length: 20 }, () => rates.current());
    await Promise.all([cbr.received(1), crypto.received(1)]);
    cbr.release();
    crypto.release();
    const answers = await Promise.all(waiting);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(valuesOf(answers[0]!)['BTC/USD']).toBe(67_187.33);
    expect([cbr.requests.length, crypto.requests.length]).toEqual([1, 1]);
  });

  it('keeps the last good values when a provider fails, answers garbage or hangs', async () => {
    const rates = service(300);
    const before = await rates.current();

    for (const mode of ['fail', 'garbage', 'hang'] as const) {
      cbr.setMode(mode);
      crypto.setMode(mode);
      clock.advance(MINUTE);
      expect(await rates.current()).toEqual(before);
    }
    expect([cbr.requests.length, crypto.requests.length]).toEqual([4, 4]);
    expect(failures.filter((f) => f === 'cbr')).toHaveLength(3);
    expect(failures.filter((f) => f === 'crypto')).toHaveLength(3);
  });

  it('updates the provider that answers while the other one keeps its last value', async () => {
    const rates = service();
    await rates.current();
    crypto.setMode('fail');
    cbr.setRates([
      { code: 'USD', nominal: 1, value: '90,0000' },
      { code: 'EUR', nominal: 1, value: '99,0000' },
      { code: 'CNY', nominal: 1, value: '12,0000' },
    ]);
    clock.advance(MINUTE);
    const answer = await rates.current();
    expect(answer.data).toEqual([
      { pair: 'USD/RUB', value: 90, fetchedAt: '2026-03-10T12:01:00.000Z' },
      { pair: 'EUR/RUB', value: 99, fetchedAt: '2026-03-10T12:01:00.000Z' },
      { pair: 'CNY/RUB', value: 12, fetchedAt: '2026-03-10T12:01:00.000Z' },
      { pair: 'BTC/USD', value: 67_187.33, fetchedAt: '2026-03-10T12:00:00.000Z' },
    ]);
  });

  it('answers nulls before any provider has answered, and asks a failed provider again only after a minute', async () => {
    cbr.setMode('hang');
    crypto.setMode('fail');
    const rates = service(300);
    const nulls = TICKER_PAIRS.map((pair) => ({ pair, value: null, fetchedAt: null }));
    expect((await rates.current()).data).toEqual(nulls);
    expect((await rates.current()).data).toEqual(nulls);
    expect([cbr.requests.length, crypto.requests.length]).toEqual([1, 1]);

    cbr.setMode('ok');
    crypto.setMode('ok');
    clock.advance(MINUTE);
    expect(valuesOf(await rates.current())).toEqual({
      'USD/RUB': 81.2345,
      'EUR/RUB': 94.5678,
      'CNY/RUB': 11.3456,
      'BTC/USD': 67_187.33,
    });
  });

  it('answers nulls when a provider cannot even be reached', async () => {
    const closed = await startFakeCbr();
    const url = closed.url;
    await closed.close();
    const rates = createRatesService({ cbrUrl: url, cryptoUrl: url, clock });
    expect(valuesOf(await rates.current())).toEqual({
      'USD/RUB': null,
      'EUR/RUB': null,
      'CNY/RUB': null,
      'BTC/USD': null,
    });
  });
});

describe('the providers’ addresses', () => {
  it('are configuration with the real services as defaults, and a bad one stops the start naming it', () => {
    expect(loadConfig({}).rates).toEqual({
      cbrUrl: 'https://www.cbr.ru',
      cryptoUrl: 'https://api.coingecko.com/api/v3',
    });
    expect(loadConfig({ RATES_CRYPTO_URL: 'http://127.0.0.1:9999/api/v3/' }).rates.cryptoUrl).toBe(
      'http://127.0.0.1:9999/api/v3',
    );
    expect(() => loadConfig({ RATES_CBR_URL: 'cbr.ru' })).toThrow(/^Неверная настройка RATES_CBR_URL=cbr\.ru: /);
  });
});

describeEachDb('GET /api/rates', (getDb) => {
  let app: FastifyInstance;
  let cbr: FakeCbr;
  let crypto: FakeCoinGecko;
  const clock = testClock(new Date('2026-03-10T12:00:00Z'));

  beforeAll(async () => {
    cbr = await startFakeCbr();
    crypto = await startFakeCoinGecko();
    cbr.setMode('fail');
    crypto.setMode('garbage');
    app = await buildTestApp(getDb(), { clock, env: { RATES_CBR_URL: cbr.url, RATES_CRYPTO_URL: crypto.url } });
  });
  afterAll(async () => {
    await app.close();
    await cbr.close();
    await crypto.close();
  });

  const get = () => app.inject({ method: 'GET', url: '/api/rates' });

  it('answers 200 with every value null while the providers fail, never an error', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: TICKER_PAIRS.map((pair) => ({ pair, value: null, fetchedAt: null })) });
  });

  it('answers every user from one fetch a minute', async () => {
    cbr.setMode('ok');
    crypto.setMode('ok');
    clock.advance(MINUTE);
    const asked = [cbr.requests.length, crypto.requests.length];
    const answers = await Promise.all(Array.from({ length: 10 }, () => get()));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(readJson(answers[0]!, contract.rates.get).data).toEqual([
      { pair: 'USD/RUB', value: 81.2345, fetchedAt: '2026-03-10T12:01:00.000Z' },
      { pair: 'EUR/RUB', value: 94.5678, fetchedAt: '2026-03-10T12:01:00.000Z' },
      { pair: 'CNY/RUB', value: 11.3456, fetchedAt: '2026-03-10T12:01:00.000Z' },
      { pair: 'BTC/USD', value: 67_187.33, fetchedAt: '2026-03-10T12:01:00.000Z' },
    ]);
    expect([cbr.requests.length, crypto.requests.length]).toEqual([asked[0]! + 1, asked[1]! + 1]);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<OpenApiDocument>();
    const responses = doc.paths['/api/rates']?.get?.responses as Record<string, unknown> | undefined;
    expect(JSON.stringify(responses?.['200'])).toContain('#/components/schemas/RatesResponse');
    expect(Object.keys(doc.components.schemas.Rate?.properties as object)).toEqual(['pair', 'value', 'fetchedAt']);
  });
});
