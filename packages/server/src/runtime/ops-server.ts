import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DbHandle } from '@autoradar/db';
import type { Config } from '../config/config';
import { initMetrics, renderMetrics, watchDatabase } from './metrics';
import { createReadinessChecker, type ReadinessChecker } from './readiness';

// The internal listeners of a process (issue 30): /metrics on METRICS_PORT (every process; Prometheus scrapes it on
// the internal network, nginx never proxies it), and for the bot and the worker /api/health and /api/ready on
// HEALTH_PORT (compose's health checks). The API answers health and readiness on its public port instead.

export interface OpsServers {
  metricsPort?: number;
  healthPort?: number;
  readiness?: ReadinessChecker;
  close(): Promise<void>;
}

type Handler = (path: string) => Promise<{ status: number; type: string; body: string } | undefined>;

async function listen(port: number, host: string, handle: Handler): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    handle(path)
      .then((answer) => {
        if (!answer) res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Не найдено');
        else res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

export async function startOpsServers(options: {
  config: Config;
  processName: string;
  handle?: DbHandle;
  /** Also serve health and readiness (the bot, the worker); the API has them on its public port. */
  health?: boolean;
}): Promise<OpsServers> {
  const { config, handle } = options;
  initMetrics(options.processName);
  if (handle) watchDatabase(handle);
  const readiness = handle ? createReadinessChecker({ handle, redisUrl: config.redisUrl }) : undefined;
  const metrics: Handler = async (path) => {
    if (path !== '/metrics') return undefined;
    const { contentType, body } = await renderMetrics();
    return { status: 200, type: contentType, body };
  };
  const health: Handler = async (path) => {
    const json = 'application/json; charset=utf-8';
    if (path === '/api/health') return { status: 200, type: json, body: JSON.stringify({ status: 'ok' }) };
    if (path !== '/api/ready') return undefined;
    const state = readiness
      ? await readiness.check()
      : { ready: true, checks: { db: 'off' as const, migrations: 'off' as const, redis: 'off' as const } };
    return {
      status: state.ready ? 200 : 503,
      type: json,
      body: JSON.stringify({ status: state.ready ? 'ok' : 'error', ...state }),
    };
  };
  const servers: Server[] = [];
  const result: OpsServers = {
    ...(readiness ? { readiness } : {}),
    async close() {
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      await readiness?.close();
    },
  };
  const wantHealth = options.health ?? true;
  const { port: metricsPort, host: metricsHost } = config.metrics;
  const { port: healthPort, host: healthHost } = config.health;
  if (metricsPort !== undefined && wantHealth && healthPort === metricsPort && metricsPort !== 0) {
    const server = await listen(metricsPort, metricsHost, async (p) => (await metrics(p)) ?? health(p));
    servers.push(server);
    result.metricsPort = result.healthPort = (server.address() as AddressInfo).port;
    return result;
  }
  if (metricsPort !== undefined) {
    const server = await listen(metricsPort, metricsHost, metrics);
    servers.push(server);
    result.metricsPort = (server.address() as AddressInfo).port;
  }
  if (wantHealth && healthPort !== undefined) {
    const server = await listen(healthPort, healthHost, health);
    servers.push(server);
    result.healthPort = (server.address() as AddressInfo).port;
  }
  return result;
}
