import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle, type PostgresDbHandle } from '@autoradar/db';
import { createTestDb, postgresUnavailableReason } from '@autoradar/db/testing/test-db';
import { createReadinessChecker, READY_MESSAGES } from './readiness';

// Issue 30: readiness answers not ready while PostgreSQL cannot be reached and ready again once it can, with the same
// process and the same pool (no restart). PostgreSQL "stops" here by a TCP proxy in front of it that the test cuts:
// every connection is dropped and new ones are refused, as a stopped server does.

const runIf = postgresUnavailableReason && process.env['CI'] !== 'true' ? describe.skip : describe;

/** A TCP proxy to host:port that can be cut (all connections dropped, the port closed) and opened again. */
async function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = async () => {
    server = createServer((client) => {
      const upstream = connect(target.port, target.host);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  };
  await open();
  return {
    get port() {
      return port;
    },
    async cut() {
      for (const s of sockets) s.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    open,
  };
}

runIf('readiness while PostgreSQL stops and starts again [postgres]', () => {
  let direct: PostgresDbHandle;
  let viaProxy: DbHandle;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;

  beforeAll(async () => {
    direct = (await createTestDb({ name: 'postgres' })) as PostgresDbHandle;
    const url = new URL(direct.client.options.connectionString!);
    proxy = await cuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    viaProxy = await createDb({ databaseUrl: url.toString(), dataDir: '/tmp' });
  }, 60_000);
  afterAll(async () => {
    await viaProxy?.close().catch(() => undefined);
    await proxy?.cut().catch(() => undefined);
    await direct?.close();
  });

  it('answers ready, then not ready with a Russian message while it is down, then ready again', async () => {
    const readiness = createReadinessChecker({ handle: viaProxy });
    expect(await readiness.check()).toEqual({
      ready: true,
      checks: { db: 'ok', migrations: 'ok', redis: 'off' },
    });

    await proxy.cut();
    const down = await readiness.check();
    expect(down.ready).toBe(false);
    expect(down.checks.db).toBe('error');
    expect(down.message).toBe(READY_MESSAGES.database);

    await proxy.open();
    let back = await readiness.check();
    for (let i = 0; i < 20 && !back.ready; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      back = await readiness.check();
    }
    expect(back).toEqual({ ready: true, checks: { db: 'ok', migrations: 'ok', redis: 'off' } });
    await readiness.close();
  }, 60_000);

  it('is not ready while a migration this build ships is missing', async () => {
    await direct.client.query(
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)',
    );
    const readiness = createReadinessChecker({ handle: direct });
    const state = await readiness.check();
    expect(state).toMatchObject({ ready: false, checks: { db: 'ok', migrations: 'error' } });
    expect(state.message).toBe(READY_MESSAGES.migrations);
  });
});
