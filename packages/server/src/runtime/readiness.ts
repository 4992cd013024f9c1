import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { migrationsFolder, type DbHandle } from '@autoradar/db';

// Readiness (issue 30): a process is ready when its database answers, every migration this code ships is applied,
// and Redis answers when REDIS_URL is set. Liveness (/api/health) only says the process answers. Nothing is cached
// and the database pool reconnects by itself, so readiness comes back after PostgreSQL does, without a restart.

export const READY_MESSAGES = {
  database: 'База данных недоступна: сервис временно не готов принимать запросы',
  migrations: 'Миграции базы данных не применены: выполните pnpm db:migrate или перезапустите API',
  redis: 'Redis недоступен: сервис временно не готов принимать запросы',
} as const;

export interface Readiness {
  ready: boolean;
  checks: { db: 'ok' | 'error'; migrations: 'ok' | 'error'; redis: 'ok' | 'error' | 'off' };
  /** The first problem, in Russian, when not ready. */
  message?: string;
}

let shippedMigrations: number | undefined;

function shippedMigrationCount(): number {
  shippedMigrations ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
  ).entries.length;
  return shippedMigrations;
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);

export interface ReadinessChecker {
  check(): Promise<Readiness>;
  close(): Promise<void>;
}

export function createReadinessChecker(deps: { handle: DbHandle; redisUrl?: string | undefined }): ReadinessChecker {
  const redis = deps.redisUrl
    ? new Redis(deps.redisUrl, {
        lazyConnect: true,
        connectTimeout: 1_000,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
      })
    : undefined;
  redis?.on('error', () => undefined);
  return {
    async check() {
      const checks: Readiness['checks'] = { db: 'ok', migrations: 'ok', redis: redis ? 'ok' : 'off' };
      let message: string | undefined;
      try {
        await withTimeout(deps.handle.ping(), 2_000);
        const result = await withTimeout(
          deps.handle.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
          2_000,
        );
        if (Number(result.rows[0]?.n ?? 0) < shippedMigrationCount()) {
          checks.migrations = 'error';
          message = READY_MESSAGES.migrations;
        }
      } catch {
        checks.db = 'error';
        checks.migrations = 'error';
        message = READY_MESSAGES.database;
      }
      if (redis) {
        try {
          if (redis.status === 'wait' || redis.status === 'end') await withTimeout(redis.connect(), 1_500);
          await withTimeout(redis.ping(), 1_000);
        } catch {
          checks.redis = 'error';
          message ??= READY_MESSAGES.redis;
          if (redis.status !== 'end') redis.disconnect();
        }
      }
      return { ready: message === undefined, checks, ...(message ? { message } : {}) };
    },
    async close() {
      redis?.disconnect();
    },
  };
}
