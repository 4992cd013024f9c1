// The sources scheduler's full cycle (issue 28): `pnpm --filter @autoradar/tests bench:sources [--db=pglite|postgres]`.
// Not part of the test command; figures go to docs/performance.md. A fake t.me (packages/server's testing fake, in a
// child process so its work is not counted here) serves --channels channels of --posts text posts each on 127.0.0.1.
// The scheduler (createSourceScheduler, the web preview reader, one host limiter at the default limits:
// SOURCES_CONCURRENCY, TELEGRAM_PREVIEW_CONCURRENCY and TELEGRAM_PREVIEW_RPS) reads every channel once, claiming under
// its lease as a worker does, on the embedded database (PGlite, `pnpm start`'s default) or PostgreSQL:
//   floor  — the same pages fetched through the same HTTP client and limiter, not parsed, nothing written;
//   first  — the first cycle: every post is new, analysed and written (listing, source link, outcome);
//   next   — the next cycle: one new post a channel, the 20 newest re-checked for edits and deletions.
// Wall time, CPU time of this process (user + system; PGlite runs inside it) and its peak RSS. It asserts nothing.
// Photos (--photos=none|next|all, default next): the posts of the next cycle (`next`) or of both cycles (`all`) carry an
// 800×600 JPEG each, every fifth an album of three, served by the fake on 127.0.0.1 as a CDN would (the media fetcher
// allows 127.0.0.1 as SOURCE_MEDIA_HOSTS would name it); the scheduler downloads them, re-encodes them with the image
// pipeline into a temporary media directory and hashes them. The floor then also downloads the same photos (not decoded).
// The fake makes each photo the first time it is asked for, so the floor (which asks first) carries that cost.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ask, forkFake, measure, serveFake, type FromFake } from './fake-preview-process';
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { posts, sourcePosts, sources, type DbHandle } from '@autoradar/db';
import { formatStartPayload } from '@autoradar/core/deep-links';
import { createDomainEvents } from '@autoradar/server/events/domain-events';
import { loadAnalysisIndex } from '@autoradar/server/ingest/analysis-reference';
import { createMediaStorage } from '@autoradar/server/media/storage';
import { createNotifyTelegramApi } from '@autoradar/server/notify/notify-telegram';
import { createNotifyWorker } from '@autoradar/server/notify/notify-worker';
import { wakeOnPublishedListings } from '@autoradar/server/notify/wake-on-listings';
import { createHostLimiter } from '@autoradar/server/sources/host-limiter';
import { createMediaFetcher } from '@autoradar/server/sources/media-fetcher';
import { createPhotoDownloader } from '@autoradar/server/sources/store-source-photos';
import { httpGet } from '@autoradar/server/sources/http-get';
import { createSourceScheduler } from '@autoradar/server/sources/scheduler';
import { readSourcesConfig } from '@autoradar/server/sources/sources-config';
import { createTelegramPreviewReader } from '@autoradar/server/sources/telegram-preview/telegram-preview-reader';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';
import { startFakeTelegramPreview } from '@autoradar/server/testing/fake-telegram-preview';
import { createTelegramLimits } from '@autoradar/server/telegram-api';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const CHANNELS = Number(arg('channels', '1400'));
const POSTS = Number(arg('posts', '20'));
const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const PHOTOS = arg('photos', 'next') as 'none' | 'next' | 'all';
const FIRST_ID = 1000;
/** Photos of a channel's n-th post (n = POSTS: the next cycle's new post): every fifth an album of three. */
const photosOf = (channel: number, n: number) =>
  PHOTOS === 'all' || (PHOTOS === 'next' && n >= POSTS) ? ((channel + n) % 5 === 0 ? 3 : 1) : 0;
/** The fake's photo addresses of a channel's posts from..to-1 (it numbers an album's photos as messages). */
function photoUrls(base: string, channel: number, from: number, to: number): string[] {
  let id = FIRST_ID;
  const urls: string[] = [];
  for (let n = 0; n < to; n++) {
    const count = photosOf(channel, n);
    if (n >= from) for (let k = 0; k < count; k++) urls.push(`${base}/file/${names[channel]}-${id + k}-photo.jpg`);
    id += Math.max(1, count);
  }
  return urls;
}
/** --latency=0 leaves out the last run (a new post to the PRO feed and to a subscriber's Telegram). */
const LATENCY = arg('latency', '1') !== '0';
const names = Array.from({ length: CHANNELS }, (_, i) => `avto_bench_${i}`);
/** --profile=<file>: a CPU profile (.cpuprofile, for Chrome's DevTools) of this process during the first cycle only. */
const PROFILE = arg('profile', '');

/** Starts the V8 profiler; the returned function stops it and writes the profile to `file`. */
async function startProfile(file: string) {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  };
}

/**
 * PostgreSQL's own CPU while `run` goes (--db=postgres): the backends of this run's database (pg_stat_activity), their
 * user + system time from /proc (the server runs on this machine) sampled every 200 ms, a backend born during the run
 * counted from zero. Null on PGlite (it runs inside this process and is in its CPU already) or without /proc.
 */
function sampleBackendsCpu(handle: DbHandle) {
  if (handle.kind !== 'postgres')
    return { stop: async (): Promise<{ clientsMs: number; othersMs: number } | null> => null };
  const TICK_MS = 10; // CLK_TCK = 100 on Linux
  const seen = new Map<number, { first: number; last: number; client: boolean }>();
  let failed = false;
  const ticks = async (pid: number) => {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the line)
  };
  const sample = async (initial: boolean) => {
    const { rows } = await handle.client.query<{ pid: number; type: string }>(
      'select pid, backend_type as type from pg_stat_activity where datname = current_database()',
    );
    for (const { pid, type } of rows) {
      const now = await ticks(pid).catch(() => null);
      if (now === null) continue;
      const known = seen.get(pid);
      if (known) known.last = now;
      else seen.set(pid, { first: initial ? now : 0, last: now, client: type === 'client backend' });
    }
  };
  let stopped = false;
  const loop = async () => {
    await sample(true).catch(() => (failed = true));
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sample(false).catch(() => (failed = true));
    }
  };
  const running = loop();
  return {
    async stop() {
      stopped = true;
      await running;
      if (failed) return null;
      let clients = 0;
      let others = 0;
      for (const { first, last, client } of seen.values()) {
        if (client) clients += last - first;
        else others += last - first;
      }
      // Autovacuum and analyze of this database are its backends too (backend_type other than 'client backend').
      return { clientsMs: clients * TICK_MS, othersMs: others * TICK_MS };
    },
  };
}

const BRANDS = ['Toyota Camry', 'Lada Vesta', 'Kia Rio', 'Hyundai Solaris', 'Skoda Octavia', 'Volkswagen Polo'];
const CITIES = ['Казань', 'Самара', 'Москва', 'Пермь'];
/** A sale post, different per channel and post (no two are reposts of each other). */
const postText = (channel: number, n: number) =>
  `Продаю ${BRANDS[(channel + n) % BRANDS.length]} ${2008 + ((channel + n) % 15)} г.в.\nПробег ${40 + n} ${channel % 1000} км\nЦена ${(300 + ((channel * 7 + n * 13) % 2500)).toString()} 000 ₽\n${CITIES[channel % CITIES.length]}, тел. +7 900 ${String(channel).padStart(3, '0').slice(-3)}-${String(n).padStart(2, '0')}-00`;

/** The latency run's post: a car a PRO subscriber's saved filter (Toyota) asks for. */
const LATENCY_TEXT = 'Продаю Toyota Camry 2019 г.в.\nПробег 61 000 км\nЦена 2 390 000 ₽\nКазань, тел. +7 900 111-22-33';

async function serve() {
  const fake = await startFakeTelegramPreview({ photoSize: { width: 800, height: 600 } });
  const channels = names.map((name, i) => {
    const channel = fake.addChannel(name, { title: `Авто ${i}`, firstId: FIRST_ID });
    for (let n = 0; n < POSTS; n++) channel.post({ text: postText(i, n), photos: photosOf(i, n) });
    return channel;
  });
  serveFake(fake, {
    channels,
    text: (i) => postText(i, POSTS + 1),
    photos: (i) => photosOf(i, POSTS),
    one: { text: LATENCY_TEXT, photos: PHOTOS === 'none' ? 0 : 1 },
  });
}

async function main() {
  const { child, url: fakeUrl } = await forkFake(fileURLToPath(import.meta.url));
  const ready = { url: fakeUrl };
  // The defaults, unless the environment sets SOURCES_CONCURRENCY or TELEGRAM_PREVIEW_* (to compare settings).
  const config = readSourcesConfig({ ...process.env, TELEGRAM_PREVIEW_URL: ready.url });
  const preview = config.telegramPreview;
  const host = new URL(preview.baseUrl).host;
  const limits = { concurrency: preview.concurrency, perSecond: preview.perSecond };

  const media = createMediaFetcher({ ...config.media, hosts: ['127.0.0.1'] });
  const floorLimiter = createHostLimiter({ limitOf: () => limits });
  /** The floor: every page through the same client and limiter, and the photos of posts from..to through the fetcher. */
  const fetchOnly = (from: number, to: number) => async () => {
    const pages = await Promise.all(
      names.map(async (name, i) => {
        const page = await floorLimiter.run(host, () =>
          httpGet(`${preview.baseUrl}/s/${name}`, { timeoutMs: preview.timeoutMs }),
        );
        const photos = await Promise.allSettled(photoUrls(preview.baseUrl, i, from, to).map((url) => media.fetch(url)));
        for (const photo of photos)
          if (photo.status === 'rejected') console.error(`floor photo: ${String(photo.reason)}`);
        return page;
      }),
    );
    return pages.filter((p) => p.ok && p.status === 200).length;
  };
  const photoCount = (from: number, to: number) =>
    names.reduce((sum, _, i) => sum + photoUrls(preview.baseUrl, i, from, to).length, 0);
  // Each row is printed as soon as it is measured (a long run that fails later keeps what it measured).
  const row = (
    label: string,
    m: Awaited<ReturnType<typeof measure>> & { backend?: { clientsMs: number; othersMs: number } | null },
    stats: FromFake,
    written: string,
  ) =>
    console.log(
      `| ${label} | ${m.count} / ${CHANNELS} | ${written} | ${(m.wallMs / 1000).toFixed(1)} s | ${(m.cpuMs / 1000).toFixed(1)} s | ${m.backend ? `${(m.backend.clientsMs / 1000).toFixed(1)} s (+${(m.backend.othersMs / 1000).toFixed(1)} s autovacuum)` : '—'} | ${m.peakRssMb.toFixed(0)} MB | ${'maxPerSecond' in stats ? stats.maxPerSecond : '—'} | ${m.load} |`,
    );
  console.log(
    `${CHANNELS} channels × ${POSTS} posts on ${DB}; sources concurrency ${config.scheduler.concurrency}, t.me ${limits.concurrency} at once and ${limits.perSecond} a second; photos: ${PHOTOS} (first cycle ${photoCount(0, POSTS)}, next ${photoCount(POSTS, POSTS + 1)})`,
  );
  console.log(
    '| Run | Channels read | Listings written | Wall | CPU | PostgreSQL CPU (its backends, + autovacuum) | Peak RSS | Most requests in 1 s (fake) | Load avg (1 min) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  const floor = await measure(fetchOnly(0, POSTS));
  row('floor: fetch only (first cycle)', floor, await ask(child, 'stats'), '—');

  const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'autoradar-bench-sources-'));
  // Imported here: its PostgreSQL probe (3 s) runs once this process has loaded, not while a loaded machine compiles.
  const { createTestDb } = await import('@autoradar/db/testing/test-db');
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
    photos: {
      downloader: createPhotoDownloader({ media }),
      storage: createMediaStorage({ mediaDir }),
      maxBytes: config.media.maxBytes,
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
  /** A cycle measured with PostgreSQL's own CPU beside this process's. */
  const measureCycle = async () => {
    const backends = sampleBackendsCpu(handle);
    const m = await measure(cycle);
    return { ...m, backend: await backends.stop() };
  };
  const stopProfile = PROFILE ? await startProfile(PROFILE) : null;
  const first = await measureCycle();
  await stopProfile?.();
  const afterFirst = await counts();
  row(
    'first cycle: every post new',
    first,
    await ask(child, 'stats'),
    `${afterFirst.listings} (${afterFirst.outcomes} outcomes)`,
  );
  if (handle.kind === 'postgres') {
    // Which tables the first cycle scanned whole, and how many rows that read (PostgreSQL's own CPU that grows).
    const { rows } = await handle.client.query<Record<string, string>>(
      `select relname, seq_scan, seq_tup_read, idx_scan, idx_tup_fetch, n_dead_tup from pg_stat_user_tables
       where seq_tup_read > 0 or idx_tup_fetch > 0 order by seq_tup_read desc limit 6`,
    );
    for (const row of rows) console.log(`tables after the first cycle: ${JSON.stringify(row)}`);
  }
  const errors = await handle.db.selectDistinct({ error: sources.lastError }).from(sources);
  for (const { error } of errors) if (error) console.error(`failed read: ${error}`);

  // The next cycle: everything due again, one new post a channel; its floor fetches the pages and the new photos.
  await ask(child, 'post');
  const nextFloor = await measure(fetchOnly(POSTS, POSTS + 1));
  row('floor: fetch only (next cycle)', nextFloor, await ask(child, 'stats'), '—');
  await handle.db.update(sources).set({ nextReadAt: new Date() });
  const next = await measureCycle();
  const afterNext = await counts();
  row(
    'next cycle: one new post each',
    next,
    await ask(child, 'stats'),
    `+${afterNext.listings - afterFirst.listings} (+${afterNext.outcomes - afterFirst.outcomes} outcomes)`,
  );
  const latency = LATENCY ? await measureLatency(handle, events, scheduler, child, names[0]!) : null;
  child.send('stop');
  await handle.close();
  await media.close();
  await rm(mediaDir, { recursive: true, force: true });

  if (latency) {
    console.log(
      `A new post on ${names[0]} (due when posted; in production it waits up to its interval first): read and in the PRO feed after ${(latency.feedMs / 1000).toFixed(1)} s, at the subscriber's Telegram (Bot API emulator) ${(latency.telegramMs / 1000).toFixed(1)} s after that; load ${latency.load}`,
    );
  }
}

/**
 * A new post on a source, with the scheduler running: from the post to its listing in the PRO feed (published, for
 * PRO at once), and from there to the message (sendPhoto or sendMessage) of a PRO subscriber's saved filter (Toyota)
 * at the Bot API emulator, through the notify worker woken by the listing's event as in `pnpm start`. The source is made due when the post
 * appears: the scheduler finds it at its next poll (SOURCES_POLL_SECONDS); in production the post waits first for up
 * to the source's interval.
 */
async function measureLatency(
  handle: DbHandle,
  events: ReturnType<typeof createDomainEvents>,
  scheduler: ReturnType<typeof createSourceScheduler>,
  child: ChildProcess,
  channel: string,
) {
  // Every message sent, with its time: the one that carries the new listing's link is the one timed.
  const sends: { at: number; body: string }[] = [];
  const emulator = await startBotApiEmulator({
    onCall: (call) => {
      if (call.method.startsWith('send')) sends.push({ at: performance.now(), body: JSON.stringify(call.payload) });
    },
  });
  // Raw statements (this package does not depend on drizzle-orm's operators); both clients take (text, params).
  const q = <R>(text: string, params: unknown[] = []) =>
    (handle.client as { query(t: string, p: unknown[]): Promise<{ rows: R[] }> }).query(text, params);
  const brandId = (
    await q<{ id: number }>(
      `insert into brands (name, kind) values ('Toyota', 'car')
       on conflict (kind, name) do update set name = excluded.name returning id`,
    )
  ).rows[0]!.id;
  await q(
    `with u as (insert into users (telegram_id, first_name, is_pro, pro_expired)
                values (7700000001, 'Подписчик', true, now() + interval '1 day') returning id)
     insert into filters (user_id, name, brands, active, via) select id, 'Камри', array[${brandId}], true, '{telegram}' from u`,
  );
  const worker = createNotifyWorker({
    db: handle.db,
    log: { info: () => {}, error: (o, m) => console.error(m, o) },
    appName: 'АвтоРадар',
    links: { appUrl: 'https://autoradar.example', botUsername: 'autoradar_bench_bot', miniappShortName: 'app' },
    telegram: createNotifyTelegramApi({
      token: '123456789:AAE_bench-token-for-the-emulator-only',
      apiUrl: emulator.url,
      limits: createTelegramLimits(),
    }),
  });
  // The cycles' notification jobs, as a worker running beside the scheduler would have left them (matched as they were
  // published; `pnpm start` and the worker process run both): the new post's job is not queued behind 29 000 others.
  await q('update notify_jobs set done_at = now() where done_at is null');
  const unsubscribe = wakeOnPublishedListings(events, worker);
  worker.start();
  scheduler.start();
  const load = loadavg()[0]!.toFixed(1);

  await ask(child, 'post-one');
  const postedAt = performance.now();
  await q('update sources set next_read_at = now() where identifier = $1', [channel]);
  let feedAt: number | null = null;
  let sentAt: number | null = null;
  let link: RegExp | null = null;
  while (feedAt === null || sentAt === null) {
    if (feedAt === null) {
      const listed = await q<{ id: number }>(
        `select id from posts where channel = $1 and brand_id = $2 and status = 'published'`,
        [channel, brandId],
      );
      if (listed.rows.length > 0) {
        feedAt = performance.now();
        link = new RegExp(`${formatStartPayload({ kind: 'post', postId: Number(listed.rows[0]!.id) })}(?!\\d)`);
      }
    }
    if (link !== null) sentAt = sends.find((send) => link!.test(send.body))?.at ?? null;
    if (performance.now() - postedAt > 120_000) {
      const seen = await q(
        `select sp.outcome, sp.reason, p.brand_id, p.status, (select count(*) from deliveries d where d.post_id = p.id) as deliveries,
                (select string_agg(d.status || ':' || coalesce(d.error, ''), ',') from deliveries d where d.post_id = p.id) as how
         from source_posts sp join sources s on s.id = sp.source_id left join posts p on p.id = sp.post_id
         where s.identifier = $1 order by sp.message_id desc limit 1`,
        [channel],
      );
      throw new Error(
        `the new post did not arrive within 2 minutes: ${JSON.stringify({ feedAt, sentAt, brandId, seen: seen.rows })}`,
      );
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await scheduler.stop();
  await worker.stop();
  unsubscribe();
  await emulator.close();
  return { feedMs: feedAt - postedAt, telegramMs: sentAt - feedAt, load };
}

if (process.argv[2] === 'serve') await serve();
else await main();
