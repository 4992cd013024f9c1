import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { users, type DbHandle } from '@autoradar/db';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '@autoradar/server/config/config';
import { createSession } from '../modules/auth/sessions.repo';

/** A clock tests can move: `clock.set(date)`, `clock.advance(ms)`. */
export function testClock(start = new Date('2026-11-21T12:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.set = (d: Date) => void (now = d.getTime());
  clock.advance = (ms: number) => void (now += ms);
  return clock;
}

/** The config of an API test: embedded defaults, silent logs, a private media directory, no built apps. */
export function testConfig(env: Record<string, string> = {}, over: Partial<Config> = {}): Config {
  const root = mkdtempSync(path.join(tmpdir(), 'autoradar-test-'));
  const mediaDir = path.join(root, 'media');
  mkdirSync(mediaDir, { recursive: true });
  return {
    // Tests change listings and re-ask at once: the feed answer cache is off unless a test turns it on.
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: root, FEED_CACHE_TTL_MS: '0', ...env }),
    mediaDir,
    webDistDir: path.join(root, 'no-web'),
    miniappDistDir: path.join(root, 'no-tma'),
    ...over,
  };
}

/** buildApp on a test database; close it in afterAll. */
export async function buildTestApp(
  db: DbHandle,
  opts: Partial<Omit<AppDeps, 'db'>> & { env?: Record<string, string> } = {},
): Promise<FastifyInstance> {
  const { env, ...deps } = opts;
  const app = await buildApp({ config: deps.config ?? testConfig(env), ...deps, db });
  await app.ready();
  return app;
}

let seq = 0;

/** Creates a user and a session; returns the user's id and headers for app.inject. */
export async function signIn(
  db: DbHandle,
  over: Partial<typeof users.$inferInsert> = {},
): Promise<{ id: number; token: string; headers: Record<string, string> }> {
  seq += 1;
  const [user] = await db.db
    .insert(users)
    .values({
      telegramId: 9_100_000_000 + seq * 7 + Math.floor(Math.random() * 1000) * 100_000,
      firstName: `Тест${seq}`,
      ...over,
    })
    .returning({ id: users.id });
  const token = await createSession(db.db, user!.id);
  return { id: user!.id, token, headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' } };
}

/** A signed-in user with PRO active until `until` (default: a month after the clock's now). */
export function signInPro(db: DbHandle, now = new Date(), over: Partial<typeof users.$inferInsert> = {}) {
  return signIn(db, { isPro: true, proExpired: new Date(now.getTime() + 30 * 86_400_000), ...over });
}

export function signInAdmin(db: DbHandle, over: Partial<typeof users.$inferInsert> = {}) {
  return signIn(db, { roles: ['admin'], ...over });
}

/**
 * Publishes a listing the way the sell form does: the seller's draft, then its publish call with a complete form
 * (selling needs PRO: sign the seller in with signInPro). `beforePublish` runs with the draft's id in between (a photo
 * upload, say). Resolves with the new post's id.
 */
export async function publishTestDraft(
  app: FastifyInstance,
  seller: { headers: Record<string, string> },
  catalog: { brandId: number; modelId: number },
  beforePublish?: (draftId: number) => Promise<void>,
): Promise<number> {
  const created = await app.inject({ method: 'GET', url: '/api/drafts/create', headers: seller.headers });
  const draft = created.json<{ data: { id: number } }>().data;
  await beforePublish?.(draft.id);
  const published = await app.inject({
    method: 'POST',
    url: `/api/drafts/${draft.id}/publish`,
    headers: seller.headers,
    payload: {
      year: 2018,
      mileage: 87_000,
      price: 2_350_000,
      city: 'Казань',
      description: 'Один владелец.',
      contacts: [{ type: 'phone', value: '+7 999 123-45-67' }],
      brand_id: catalog.brandId,
      model_id: catalog.modelId,
      generation_id: null,
      configuration_id: null,
    },
  });
  if (published.statusCode !== 200) throw new Error(`publish answered ${published.statusCode}: ${published.body}`);
  return published.json<{ post_id: number }>().post_id;
}
