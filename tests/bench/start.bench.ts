// Start-up figures for docs/performance.md: `pnpm --filter @autoradar/tests bench:start`.
// Reports, asserts nothing.
import { startServer, tempDataDir } from '../support/server';

async function timeStart(label: string, env: Record<string, string>) {
  const started = performance.now();
  const server = await startServer(env);
  const ready = performance.now() - started;
  const t = performance.now();
  const res = await fetch(`${server.url}/api/health`);
  const health = performance.now() - t;
  await server.stop();
  console.log(`${label}: ready in ${Math.round(ready)} ms, first /api/health ${res.status} in ${health.toFixed(1)} ms`);
}

const dir = tempDataDir();
await timeStart('first start (new PGlite: migrate, reference data, 300 demo listings)', { DATA_DIR: dir });
await timeStart('second start (same data: nothing to import)', { DATA_DIR: dir });
await timeStart('third start', { DATA_DIR: dir });
await timeStart('first start with DEMO_DATA=false', { DATA_DIR: tempDataDir(), DEMO_DATA: 'false' });
