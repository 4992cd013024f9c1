import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const apiDir = path.join(repoRoot, 'apps/api');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'autoradar-data-'));
}

export interface RunningServer {
  url: string;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code (graceful shutdown). */
  stop: () => Promise<number | null>;
  child: ChildProcess;
}

/** Runs the API exactly as `pnpm start` does after the build: `node --import tsx src/main.ts` in apps/api. */
export function runApi(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Starts the server on a free port and waits for its "работает" line. */
export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<RunningServer> {
  const port = await freePort();
  // The websocket port too: the default 8080 would collide between servers that tests run side by side.
  const run = runApi({ PORT: String(port), HOST: '127.0.0.1', REVERB_PORT: String(await freePort()), ...env });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${timeoutMs} ms:\n${run.output()}`)),
      timeoutMs,
    );
    const check = setInterval(() => {
      if (run.output().includes('работает:')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
    void run.exited.then((code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${run.output()}`));
    });
  });
  return {
    url,
    output: run.output,
    child: run.child,
    stop: async () => {
      run.child.kill('SIGTERM');
      return run.exited;
    },
  };
}
