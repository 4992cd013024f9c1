// The web preview reader over many channels (issue 28, phase 1): `pnpm --filter @autoradar/tests bench:source-readers`.
// Not part of the test command; figures go to docs/performance.md. A fake t.me (packages/server's testing fake, in a
// child process so its work is not counted here) serves --channels channels of --posts posts each (every fifth an
// album of three photos, the others a photo each) on 127.0.0.1. One cycle reads every channel once, as the scheduler
// will after a restart (a re-read with the 20 newest posts to re-check, no new post), and is measured three ways:
//   floor    — the same pages fetched through the same HTTP client and concurrency, not parsed;
//   reader   — the reader at the default concurrency (TELEGRAM_PREVIEW_CONCURRENCY) with no per-second cap;
//   default  — the reader at the default limits (concurrency and TELEGRAM_PREVIEW_RPS), as production runs it.
// Wall time, CPU time of this process (user + system) and its peak RSS; the fake's own count of requests per second.
// It asserts nothing. Options: --channels=1400 --posts=20.
import { fileURLToPath } from 'node:url';
import { ask, forkFake, measure, serveFake, type FromFake } from './fake-preview-process';
import { createHostLimiter } from '@autoradar/server/sources/host-limiter';
import { httpGet } from '@autoradar/server/sources/http-get';
import { readSourcesConfig } from '@autoradar/server/sources/sources-config';
import { createTelegramPreviewReader } from '@autoradar/server/sources/telegram-preview/telegram-preview-reader';
import { startFakeTelegramPreview } from '@autoradar/server/testing/fake-telegram-preview';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const CHANNELS = arg('channels', 1400);
const POSTS = arg('posts', 20);
const names = Array.from({ length: CHANNELS }, (_, i) => `avto_bench_${i}`);

async function serve() {
  const fake = await startFakeTelegramPreview();
  for (const name of names) {
    const channel = fake.addChannel(name, { title: `Авто ${name}`, firstId: 1000 });
    for (let i = 0; i < POSTS; i++) {
      channel.post({
        text: `Toyota Camry 2018\nПробег ${90 + i} 000 км\nЦена: 2 450 000 ₽\nКазань, тел. +7 900 000-00-00`,
        photos: i % 5 === 0 ? 3 : 1,
      });
    }
  }
  serveFake(fake);
}

async function main() {
  const { child, url: fakeUrl } = await forkFake(fileURLToPath(import.meta.url));
  const ready = { url: fakeUrl };
  const defaults = readSourcesConfig({}).telegramPreview;
  const unlimited = { concurrency: defaults.concurrency, perSecond: 1_000_000 };
  const cursor = { lastSeenId: null as number | null, recheckIds: [] as number[] };

  // Cursors as a running scheduler holds them: the last id seen and the 20 newest posts to re-check.
  const probe = createTelegramPreviewReader({ baseUrl: ready.url });
  const first = await probe.read({ identifier: names[0]!, ...cursor });
  if (!first.ok) throw new Error(first.failure.message);
  const seen = { lastSeenId: first.lastSeenId, recheckIds: first.fresh.map((p) => p.id) };
  await ask(child, 'stats');

  const floorLimiter = createHostLimiter({ limitOf: () => unlimited });
  const floor = await measure(async () => {
    const pages = await Promise.all(
      names.map((name) =>
        floorLimiter.run('t.me', () => httpGet(`${ready.url}/s/${name}`, { timeoutMs: defaults.timeoutMs })),
      ),
    );
    return pages.filter((p) => p.ok && p.status === 200).length;
  });
  const floorStats = await ask(child, 'stats');

  const cycle = (limits: { concurrency: number; perSecond: number }) => async () => {
    const reader = createTelegramPreviewReader({
      baseUrl: ready.url,
      limiter: createHostLimiter({ limitOf: () => limits }),
    });
    const reads = await Promise.all(names.map((identifier) => reader.read({ identifier, ...seen })));
    return reads.filter((r) => r.ok && r.gone.length === 0 && r.rechecked.length === seen.recheckIds.length).length;
  };
  const reader = await measure(cycle(unlimited));
  const readerStats = await ask(child, 'stats');
  const atDefaults = await measure(cycle(defaults));
  const defaultStats = await ask(child, 'stats');
  child.send('stop');

  const row = (label: string, m: Awaited<ReturnType<typeof measure>>, stats: FromFake) =>
    `| ${label} | ${m.count} / ${CHANNELS} | ${(m.wallMs / 1000).toFixed(1)} s | ${(m.cpuMs / 1000).toFixed(1)} s | ${(m.cpuMs / CHANNELS).toFixed(2)} ms | ${m.peakRssMb.toFixed(0)} MB | ${'maxPerSecond' in stats ? stats.maxPerSecond : '—'} |`;
  console.log(
    `${CHANNELS} channels × ${POSTS} posts, concurrency ${defaults.concurrency}, ${defaults.perSecond} rps by default`,
  );
  console.log('| Run | Pages read | Wall | CPU | CPU per page | Peak RSS | Max requests in 1 s (fake) |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(row('floor: fetch only', floor, floorStats));
  console.log(row('reader, no rps cap', reader, readerStats));
  console.log(row(`reader at defaults (${defaults.perSecond} rps)`, atDefaults, defaultStats));
  console.log(
    `parsing and building cost ${((reader.cpuMs - floor.cpuMs) / CHANNELS).toFixed(2)} ms of CPU a page over the floor; reader/floor wall ${(reader.wallMs / floor.wallMs).toFixed(2)}×`,
  );
}

if (process.argv[2] === 'serve') await serve();
else await main();
