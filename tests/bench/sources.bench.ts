// The sources scheduler's full cycle (issue 28): `pnpm --filter @autoradar/tests bench:sources [--db=pglite|postgres]`.
// Not part of the test command; figures go to docs/performance.md. A fake t.me (packages/server's testing fake, in a
// child process so its work is not counted here) serves --channels channels of --posts text posts each on 127.0.0.1.
// The scheduler (createSourceScheduler, the web preview reader, one host limiter at the default limits:
// SOURCES_CONCURRENCY, TELEGRAM_PREVIEW_CONCURRENCY and TELEGRAM_PREVIEW_RPS) reads every channel once, claiming under
// its lease as a worker does, on the embedded database (PGlite, `pnpm start`'s default) or PostgreSQL:
//   floor  — the same pages fetched through the same HTTP client and limiter, not parsed, nothing written;
//   first  — the first cycle: every post is new, analysed and written (listing, source link, outcome);
//   next   — the next cycle: one new post a channel, the 20 newest re-checked for edits and deletions.
// Wall time, CPU time of this process (user + system; PGlite runs inside it) and its peak RSS. Photos are left out
// (text posts): the photo pipeline has its own limits and never holds a listing back. It asserts nothing.
import { fileURLToPath } from 'node:url';
import { ask, forkFake, measure, serveFake, type FromFake } from './fake-preview-process';
import { posts, sourcePosts, sources, type DbHandle } from '@autoradar/db';
import { createTestDb } from '@autoradar/db/testing/test-db';
import { createDomainEvents } from '@autoradar/server/events/domain-events';
import { loadAnalysisIndex } from '@autoradar/server/ingest/analysis-reference';
import { createHostLimiter } from '@autoradar/server/sources/host-limiter';
import { httpGet } from '@autoradar/server/sources/http-get';
import { createSourceScheduler } from '@autoradar/server/sources/scheduler';
import { readSourcesConfig } from '@autoradar/server/sources/sources-config';
import { createTelegramPreviewReader } from '@autoradar/server/sources/telegram-preview/telegram-preview-reader';
import { startFakeTelegramPreview } from '@autoradar/server/testing/fake-telegram-preview';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const CHANNELS = Number(arg('channels', '1400'));
const POSTS = Number(arg('posts', '20'));
const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const names = Array.from({ length: CHANNELS }, (_, i) => `avto_bench_${i}`);

const BRANDS = ['Toyota Camry', 'Lada Vesta', 'Kia Rio', 'Hyundai Solaris', 'Skoda Octavia', 'Volkswagen Polo'];
const CITIES = ['Казань', 'Самара', 'Москва', 'Пермь'];
/** A sale post, different per channel and post (no two are reposts of each other). */
const postText = (channel: number, n: number) =>
  `Продаю ${BRANDS[(channel + n) % BRANDS.length]} ${2008 + ((channel + n) % 15)} г.в.\nПробег ${40 + n} ${channel % 1000} км\nЦена ${(300 + ((channel * 7 + n * 13) % 2500)).toString()} 000 ₽\n${CITIES[channel % CITIES.length]}, тел. +7 900 ${String(channel).padStart(3, '0').slice(-3)}-${String(n).padStart(2, '0')}-00`;

async function serve() {
  const fake = await startFakeTelegramPreview();
  const channels = names.map((name, i) => {
    const channel = fake.addChannel(name, { title: `Авто ${i}`, firstId: 1000 });
    for (let n = 0; n < POSTS; n++) channel.post({ text: postText(i, n) });
    return channel;
  });
  serveFake(fake, { channels, text: (i) => postText(i, POSTS + 1) });
}

async function main() {
  const { child, url: fakeUrl } = await forkFake(fileURLToPath(import.meta.url));
  const ready = { url: fakeUrl };
  // The defaults, unless the environment sets SOURCES_CONCURRENCY or TELEGRAM_PREVIEW_* (to compare settings).
  const config = readSourcesConfig({ ...process.env, TELEGRAM_PREVIEW_URL: ready.url });
  const preview = config.telegramPreview;
  const host = new URL(preview.baseUrl).host;
  const limits = { concurrency: preview.concurrency, perSecond: preview.perSecond };

  const floorLimiter = createHostLimiter({ limitOf: () => limits });
  const floor = await measure(async () => {
    const pages = await Promise.all(
      names.map((name) =>
        floorLimiter.run(host, () => httpGet(`${preview.baseUrl}/s/${name}`, { timeoutMs: preview.timeoutMs })),
      ),
    );
    return pages.filter((p) => p.ok && p.status === 200).length;
  });
  const floorStats = await ask(child, 'stats');

  const handle: DbHandle = await createTestDb({ name: DB });
  const now = new Date();
  await handle.db.insert(sources).values(
    names.map((identifier) => ({
      kind: 'telegram' as const,
      identifier,
      readVia: 'telegram_preview' as const,
      nextReadAt: now,
    })),
  );
  const index = loadAnalysisIndex();
  const events = createDomainEvents({ log: { error: () => {} } });
  const scheduler = createSourceScheduler({
    db: handle.db,
    listings: { db: handle.db, events },
    index,
    readers: {
      telegram_preview: createTelegramPreviewReader({
        baseUrl: preview.baseUrl,
        timeoutMs: preview.timeoutMs,
        limiter: createHostLimiter({ limitOf: (h) => (h === host ? limits : undefined) }),
      }),
    },
    log: { error: (obj, msg) => console.error(msg, obj) },
    tuning: {
      concurrency: config.scheduler.concurrency,
      batchSize: config.scheduler.concurrency,
      pollIntervalMs: config.scheduler.pollIntervalMs,
    },
  });
  /** One cycle as a worker runs it (the scheduler's own loop), until every channel has been read once more. */
  let cycles = 0;
  const reads = () => handle.db.select({ ok: sources.readsOk, failed: sources.readsFailed }).from(sources);
  const cycle = async () => {
    cycles++;
    scheduler.start();
    while ((await reads()).some((r) => r.ok + r.failed < cycles)) await new Promise((r) => setTimeout(r, 250));
    await scheduler.stop();
    return (await reads()).filter((r) => r.ok >= cycles).length;
  };
  const counts = async () => ({
    listings: await handle.db.$count(posts),
    outcomes: await handle.db.$count(sourcePosts),
  });
  const first = await measure(cycle);
  const firstStats = await ask(child, 'stats');
  const afterFirst = await counts();
  const errors = await handle.db.selectDistinct({ error: sources.lastError }).from(sources);
  for (const { error } of errors) if (error) console.error(`failed read: ${error}`);

  // The next cycle: everything due again, one new post a channel.
  await ask(child, 'post');
  await handle.db.update(sources).set({ nextReadAt: new Date() });
  const next = await measure(cycle);
  const nextStats = await ask(child, 'stats');
  const afterNext = await counts();
  child.send('stop');
  await handle.close();

  const row = (label: string, m: Awaited<ReturnType<typeof measure>>, stats: FromFake, written: string) =>
    `| ${label} | ${m.count} / ${CHANNELS} | ${written} | ${(m.wallMs / 1000).toFixed(1)} s | ${(m.cpuMs / 1000).toFixed(1)} s | ${m.peakRssMb.toFixed(0)} MB | ${'maxPerSecond' in stats ? stats.maxPerSecond : '—'} |`;
  console.log(
    `${CHANNELS} channels × ${POSTS} posts on ${DB}; sources concurrency ${config.scheduler.concurrency}, t.me ${limits.concurrency} at once and ${limits.perSecond} a second`,
  );
  console.log('| Run | Channels read | Listings written | Wall | CPU | Peak RSS | Most requests in 1 s (fake) |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(row('floor: fetch only', floor, floorStats, '—'));
  console.log(
    row('first cycle: every post new', first, firstStats, `${afterFirst.listings} (${afterFirst.outcomes} outcomes)`),
  );
  console.log(
    row(
      'next cycle: one new post each',
      next,
      nextStats,
      `+${afterNext.listings - afterFirst.listings} (+${afterNext.outcomes - afterFirst.outcomes} outcomes)`,
    ),
  );
}

if (process.argv[2] === 'serve') await serve();
else await main();
