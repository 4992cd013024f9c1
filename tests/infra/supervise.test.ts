import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot, tempDataDir } from '../support/server';

// Issue 30: the supervisor's view. The API runs under scripts/supervise.mjs (what compose's restart policy and the
// systemd unit do); a SIGKILLed API is started again and answers /api/ready, and the data written before is still
// there (the embedded database in DATA_DIR).

describe('a killed API under the supervisor', () => {
  let supervisor: ChildProcess | undefined;
  afterAll(() => {
    if (supervisor?.exitCode === null) supervisor.kill('SIGTERM');
  });

  it('is restarted and ready again, with what it had written', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let log = '';
    supervisor = spawn(
      process.execPath,
      [
        path.join(repoRoot, 'scripts/supervise.mjs'),
        '--delay-ms',
        '200',
        '--',
        process.execPath,
        '--import',
        'tsx',
        'src/main.ts',
      ],
      {
        cwd: path.join(repoRoot, 'apps/api'),
        env: {
          PATH: process.env['PATH'] ?? '',
          HOME: process.env['HOME'] ?? '',
          LOG_LEVEL: 'warn',
          PORT: String(port),
          HOST: '127.0.0.1',
          REVERB_PORT: String(await freePort()),
          DATA_DIR: tempDataDir(),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    supervisor.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    supervisor.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const childPids = () => [...log.matchAll(/"supervisor":"started","pid":(\d+)/g)].map((m) => Number(m[1]));
    const waitReady = async () => {
      for (let i = 0; i < 600; i += 1) {
        const ok = await fetch(`${url}/api/ready`)
          .then((r) => r.status === 200)
          .catch(() => false);
        if (ok) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`not ready:\n${log}`);
    };

    await waitReady();
    // A write the API acknowledged: the demo listings it seeded into the embedded database at its first start.
    const feed = async () =>
      await (
        await fetch(`${url}/api/posts/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).json();
    const before = await feed();
    expect(JSON.stringify(before).length).toBeGreaterThan(100);
    const first = childPids()[0]!;
    process.kill(first, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await waitReady();
    expect(childPids().length).toBeGreaterThanOrEqual(2);
    expect(childPids()[1]).not.toBe(first);
    expect(log).toContain('"supervisor":"exited"');
    const after = await feed();
    expect(after).toEqual(before);
  }, 300_000);
});
