// Photo upload figures for docs/performance.md: `pnpm --filter @autoradar/tests bench:upload`.
// Reports, asserts nothing.
//
// 1. processImage alone (type check, decode, two re-encoded variants) on phone-sized inputs.
// 2. POST /api/drafts/media through the whole API (multipart, processImage, two files written, one row), PGlite.
import { contract } from '@autoradar/contract';
import { importReferenceData } from '@autoradar/db';
import { createTestDb } from '@autoradar/db/testing/test-db';
import { processImage } from '@autoradar/server/media/image';
import { samplePhoto } from '@autoradar/server/testing/sample-photo';
import { readJson } from '@autoradar/api/testing/read-json';
import { buildTestApp, signIn, testConfig } from '@autoradar/api/testing/test-app';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;

async function timeProcess(label: string, input: Buffer): Promise<string> {
  let out = await processImage(input, { maxBytes: 50 * 1_048_576 });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    out = await processImage(input, { maxBytes: 50 * 1_048_576 });
    times.push(performance.now() - t);
  }
  return `| ${label} (${mb(input.length)}) | ${median(times).toFixed(0)} ms | ${mb(out.full.length)} + ${(out.small.length / 1024).toFixed(0)} kB |`;
}

async function timeUpload(input: Buffer): Promise<string> {
  const handle = await createTestDb({ name: 'pglite' });
  await importReferenceData(handle.db);
  const app = await buildTestApp(handle, { config: testConfig({ UPLOAD_MAX_BYTES: String(20 * 1_048_576) }) });
  const user = await signIn(handle);
  const draft = readJson(
    await app.inject({ method: 'GET', url: '/api/drafts/create', headers: user.headers }),
    contract.drafts.create,
  ).data;
  const form = new FormData();
  form.append('draft_id', String(draft.id));
  form.append('file', new Blob([input], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  const headers = { ...user.headers, 'content-type': request.headers.get('content-type')! };
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/drafts/media', headers, payload });
    times.push(performance.now() - t);
    if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  }
  await app.close();
  await handle.close();
  return `| POST /api/drafts/media, 12 MP JPEG (${mb(input.length)}), PGlite | ${median(times).toFixed(0)} ms | |`;
}

const phone = await samplePhoto(4000, 3000, 'jpeg');
const rows = [
  await timeProcess('12 MP JPEG 4000×3000', phone),
  await timeProcess('3 MP PNG 2000×1500', await samplePhoto(2000, 1500, 'png', 8)),
  await timeProcess('1.9 MP WebP 1600×1200', await samplePhoto(1600, 1200, 'webp')),
  await timeUpload(phone),
];
console.log(`Median of ${RUNS} runs\n\n| Input | Time | Output (full + small) |\n|---|---|---|\n${rows.join('\n')}`);
