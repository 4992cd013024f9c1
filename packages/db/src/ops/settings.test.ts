import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { createDb, readDatabaseSettings } from '../client';
import { postgresUnavailableReason, testDatabaseUrl } from '../testing/test-db';

// Issue 30: the pool's size and statement_timeout are settings every process reads the same way.

describe('database settings', () => {
  it('defaults to 10 connections and no timeout, and names a wrong variable', () => {
    expect(readDatabaseSettings({})).toEqual({ poolSize: 10, statementTimeoutMs: 0 });
    expect(readDatabaseSettings({ DATABASE_POOL_SIZE: '4', DATABASE_STATEMENT_TIMEOUT_MS: '30000' })).toEqual({
      poolSize: 4,
      statementTimeoutMs: 30_000,
    });
    expect(() => readDatabaseSettings({ DATABASE_POOL_SIZE: '0' })).toThrow(
      'Неверная настройка DATABASE_POOL_SIZE=0: ожидается целое число от 1 до 1000',
    );
    expect(() => readDatabaseSettings({ DATABASE_STATEMENT_TIMEOUT_MS: '5s' })).toThrow(
      /^Неверная настройка DATABASE_STATEMENT_TIMEOUT_MS=5s/,
    );
  });

  const itPg = postgresUnavailableReason && process.env.CI !== 'true' ? it.skip : it;
  itPg('PostgreSQL cancels a statement past the timeout and keeps the pool at its size', async () => {
    const handle = await createDb({
      databaseUrl: testDatabaseUrl,
      dataDir: os.tmpdir(),
      poolSize: 2,
      statementTimeoutMs: 300,
    });
    try {
      if (handle.kind !== 'postgres') throw new Error('expected PostgreSQL');
      expect(handle.client.options.max).toBe(2);
      await expect(handle.client.query('select pg_sleep(2)')).rejects.toThrow(/statement timeout/);
      const shown = await handle.client.query<{ statement_timeout: string }>('show statement_timeout');
      expect(shown.rows[0]?.statement_timeout).toBe('300ms');
    } finally {
      await handle.close();
    }
  });
});
