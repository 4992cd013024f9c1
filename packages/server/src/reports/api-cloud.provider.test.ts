import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiCloudProvider } from './api-cloud.provider';
import { startFakeApiCloud, type FakeApiCloud } from './testing/fake-api-cloud';

// The real adapter against a fake api-cloud.ru on 127.0.0.1: one lookup per needed call, the contract's shapes,
// and every provider failure turned into a failed section with a Russian reason.

const VIN = 'XTA21703080123456';

describe('api-cloud.ru adapter', () => {
  let fake: FakeApiCloud;
  const provider = (over: { apiKey?: string; timeoutMs?: number } = {}) =>
    createApiCloudProvider({
      apiUrl: `${fake.url}/`,
      apiKey: over.apiKey ?? fake.token,
      timeoutMs: over.timeoutMs ?? 5_000,
    });
  const signal = () => new AbortController().signal;

  beforeAll(async () => {
    fake = await startFakeApiCloud();
  });
  afterEach(() => {
    fake.calls.length = 0;
    fake.failing.clear();
    fake.raw.clear();
  });
  afterAll(() => fake.close());

  it('asks only the lookups the sections need, once each', async () => {
    const outcomes = await provider().fetchSections(VIN, ['baseInfo', 'ownershipPeriods'], signal());
    expect(fake.calls.map((c) => c.type)).toEqual(['gibdd']);
    expect(Object.keys(outcomes).sort()).toEqual(['baseInfo', 'ownershipPeriods']);
    expect(outcomes.baseInfo).toMatchObject({
      status: 'completed',
      value: { vin: VIN, year: 2008, engineVolume: 1596 },
    });

    fake.calls.length = 0;
    await provider().fetchSections(VIN, ['osago'], signal());
    expect(fake.calls.map((c) => `${c.path}?type=${c.type}`)).toEqual(['/rsa.php?type=osago']);
  });

  it('turns provider errors into failed sections with a Russian reason', async () => {
    fake.failing.add('osago');
    fake.raw.set('restrict', { http: 502, body: '<html>Bad Gateway</html>' });
    const outcomes = await provider().fetchSections(VIN, ['baseInfo', 'osago', 'restrictions'], signal());
    expect(outcomes.baseInfo?.status).toBe('completed');
    expect(outcomes.osago).toEqual({
      status: 'failed',
      error: 'Ошибка поставщика отчётов: Источник данных временно недоступен',
    });
    expect(outcomes.restrictions).toEqual({ status: 'failed', error: 'Поставщик отчётов ответил с кодом 502' });

    fake.raw.set('restrict', { http: 200, body: '<html>maintenance</html>' });
    expect((await provider().fetchSections(VIN, ['restrictions'], signal())).restrictions).toEqual({
      status: 'failed',
      error: 'Поставщик отчётов ответил не JSON',
    });
  });

  it('fails the sections on a wrong key, an unreachable host and a timeout', async () => {
    expect((await provider({ apiKey: 'wrong' }).fetchSections(VIN, ['osago'], signal())).osago).toEqual({
      status: 'failed',
      error: 'Ошибка поставщика отчётов: Неверный токен',
    });
    const nowhere = createApiCloudProvider({ apiUrl: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 5_000 });
    expect((await nowhere.fetchSections(VIN, ['osago'], signal())).osago).toEqual({
      status: 'failed',
      error: 'Поставщик отчётов недоступен',
    });

    const release = fake.hold();
    try {
      expect((await provider({ timeoutMs: 50 }).fetchSections(VIN, ['osago'], signal())).osago).toEqual({
        status: 'failed',
        error: 'Поставщик отчётов не ответил вовремя',
      });
    } finally {
      release();
    }
  });

  it('rejects when the worker stops, so nothing is recorded', async () => {
    const release = fake.hold();
    const stop = new AbortController();
    const pending = provider().fetchSections(VIN, ['baseInfo'], stop.signal);
    stop.abort();
    await expect(pending).rejects.toThrow();
    release();
  });

  it('reads a vehicle the registers do not know as an empty section', async () => {
    fake.raw.set('gibdd', {
      http: 200,
      body: JSON.stringify({ status: 200, found: false, message: 'Сведения не найдены' }),
    });
    const outcomes = await provider().fetchSections(VIN, ['baseInfo', 'ownershipPeriods'], signal());
    expect(outcomes).toEqual({
      baseInfo: { status: 'completed', value: null },
      ownershipPeriods: { status: 'completed', value: [] },
    });
  });

  it('reads malformed fields as missing instead of failing the whole section', async () => {
    fake.raw.set('gibdd', {
      http: 200,
      body: JSON.stringify({
        status: 200,
        found: true,
        vehicle: 'не объект',
        ownershipPeriod: [{ simplePersonType: 'Natural', from: { bad: 1 } }],
      }),
    });
    const outcomes = await provider().fetchSections(VIN, ['baseInfo', 'ownershipPeriods'], signal());
    // A vehicle that is not an object reads as a blank base info; a date that is not text reads as no date.
    expect(outcomes.baseInfo).toMatchObject({ status: 'completed', value: { vin: null, year: null, model: null } });
    expect(outcomes.ownershipPeriods).toEqual({
      status: 'completed',
      value: [{ owner: 'natural', startDate: null, endDate: null, operation: null }],
    });
  });
});
