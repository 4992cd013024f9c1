// A PostgreSQL of the fault suites' own, on a free port: the machine's shared server (127.0.0.1:5432) must never be
// stopped, other suites use it. initdb + pg_ctl from the machine's PostgreSQL packages, run as the `postgres` OS user
// when the tests run as root (PostgreSQL refuses to run as root).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/server';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  throw new Error('PostgreSQL server binaries (pg_ctl, initdb) not found under /usr/lib/postgresql');
}

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:PORT/test */
  url: string;
  port: number;
  stop(): void;
  start(): void;
  close(): void;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'autoradar-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = userInfo().uid === 0;
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, tool), args, { stdio: 'pipe' });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'test']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/test`,
    port,
    stop,
    start,
    close: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
