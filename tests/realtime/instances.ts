import { randomBytes } from 'node:crypto';
import PusherServer from 'pusher';
import { freePort, startServer, tempDataDir, type RunningServer } from '../support/server';

// API processes as `pnpm start` runs them (each its own embedded database) sharing one Redis for realtime: the
// two-instances test (the machine's Redis) and the redis-stop fault suite (a Redis of its own) start them here.

export interface RealtimeApp {
  id: string;
  key: string;
  secret: string;
}

export interface Instance {
  server: RunningServer;
  wsPort: number;
}

/** A fresh app id, so runs side by side on the same Redis never hear each other. */
export function freshRealtimeApp(prefix: string): RealtimeApp {
  return { id: `${prefix}-${randomBytes(4).toString('hex')}`, key: `${prefix}-key`, secret: `${prefix}-secret` };
}

export async function startInstances(
  count: number,
  options: { redisUrl: string; app: RealtimeApp; env?: Record<string, string>; timeoutMs?: number },
): Promise<Instance[]> {
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const servers = await Promise.all(
    ports.map((wsPort) =>
      startServer(
        {
          DATA_DIR: tempDataDir(),
          DEMO_DATA: 'false',
          REDIS_URL: options.redisUrl,
          REVERB_APP_ID: options.app.id,
          REVERB_APP_KEY: options.app.key,
          REVERB_APP_SECRET: options.app.secret,
          REVERB_PORT: String(wsPort),
          ...options.env,
        },
        options.timeoutMs,
      ),
    ),
  );
  return servers.map((server, i) => ({ server, wsPort: ports[i]! }));
}

export async function stopInstances(instances: Instance[]): Promise<void> {
  await Promise.all(instances.filter((i) => i.server.child.exitCode === null).map((i) => i.server.stop()));
}

/** The Pusher HTTP API of one instance, as a backend publishes through it. */
export function triggerThrough(app: RealtimeApp, wsPort: number): PusherServer {
  return new PusherServer({
    appId: app.id,
    key: app.key,
    secret: app.secret,
    host: '127.0.0.1',
    port: String(wsPort),
    useTLS: false,
  });
}
