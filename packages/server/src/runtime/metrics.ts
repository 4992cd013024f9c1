import { sql } from 'drizzle-orm';
import client from 'prom-client';
import { SOURCE_STATES } from '@autoradar/core/aggregation';
import type { DbHandle } from '@autoradar/db';

// The process's Prometheus metrics (issue 30), served on the internal METRICS_PORT listener (ops-server.ts), never on
// the public port nor through nginx. One registry per process; every metric is named `autoradar_…` and every series
// carries the process (`api`, `bot`, `worker`) as a default label, so a dashboard sums instances or tells them apart.

export const registry = new client.Registry();
let defaultsCollected = false;

/** Names the process in every series and adds Node's own (CPU, memory, event loop lag, GC). Call once at start. */
export function initMetrics(processName: string): void {
  registry.setDefaultLabels({ process: processName });
  if (!defaultsCollected) {
    client.collectDefaultMetrics({ register: registry, prefix: 'autoradar_' });
    defaultsCollected = true;
  }
}

export const httpDuration = new client.Histogram({
  name: 'autoradar_http_request_duration_seconds',
  help: 'HTTP answers by route (the pattern, not the URL), method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const websocketConnections = new client.Gauge({
  name: 'autoradar_websocket_connections',
  help: 'Open websocket connections of this process',
  registers: [registry],
});

export const websocketMessages = new client.Counter({
  name: 'autoradar_websocket_messages_total',
  help: 'Websocket messages by direction (in: from clients, out: to clients)',
  labelNames: ['direction'] as const,
  registers: [registry],
});

export const deliveriesTotal = new client.Counter({
  name: 'autoradar_notification_deliveries_total',
  help: 'Saved-filter notification deliveries by channel and result (sent, failed, unknown, blocked, retry, skipped)',
  labelNames: ['channel', 'result'] as const,
  registers: [registry],
});

export const telegram429Total = new client.Counter({
  name: 'autoradar_telegram_429_total',
  help: 'Bot API answers 429 (flood wait) this process received',
  registers: [registry],
});

export const telegramSendsTotal = new client.Counter({
  name: 'autoradar_telegram_sends_total',
  help: 'Bot API send calls this process made through the shared budget',
  registers: [registry],
});

export const ingestedPostsTotal = new client.Counter({
  name: 'autoradar_ingested_posts_total',
  help:
    'Source posts through ingestion by source kind (telegram, vk), way of reading (telegram_bot, telegram_preview, ' +
    'telegram_mtproto, vk_wall) and result (published, linked, known, rejected, updated, unpublished, unknown-message)',
  labelNames: ['kind', 'via', 'result'] as const,
  registers: [registry],
});

export const sourceReadsTotal = new client.Counter({
  name: 'autoradar_source_reads_total',
  help: "Scheduled source reads by way of reading and result (ok, or the failure's code: network, not-found, …)",
  labelNames: ['via', 'result'] as const,
  registers: [registry],
});

export const housekeepingRemovedTotal = new client.Counter({
  name: 'autoradar_housekeeping_removed_total',
  help: 'Rows removed by housekeeping by job (sessions, deliveries, notifyJobs, draftPhotos, sourcePosts)',
  labelNames: ['job'] as const,
  registers: [registry],
});

const queueDepth = new client.Gauge({
  name: 'autoradar_queue_depth',
  help: 'Rows waiting in a durable queue (notify_jobs, deliveries, orders, source_reads: sources due and not leased)',
  labelNames: ['queue'] as const,
  registers: [registry],
});

const queueAge = new client.Gauge({
  name: 'autoradar_queue_oldest_age_seconds',
  help: 'Age of the oldest row waiting and due in a durable queue (0 when empty)',
  labelNames: ['queue'] as const,
  registers: [registry],
});

const sourcesByState = new client.Gauge({
  name: 'autoradar_sources',
  help: 'Registered sources by state (active, paused, broken): broken ones need the operator',
  labelNames: ['state'] as const,
  registers: [registry],
});

const poolConnections = new client.Gauge({
  name: 'autoradar_pg_pool_connections',
  help: 'PostgreSQL pool clients by state (total, idle, waiting requests); absent on the embedded database',
  labelNames: ['state'] as const,
  registers: [registry],
});

let watched: DbHandle | undefined;

/** The database whose queues and pool the scrape reads (the process's own handle). */
export function watchDatabase(handle: DbHandle): void {
  watched = handle;
}

/** The queues' depth and oldest due age, read at scrape time (one small query per queue, on partial indexes). */
async function collectQueues(handle: DbHandle): Promise<void> {
  const rows = await handle.db.execute<{ queue: string; depth: number; age: number | null }>(sql`
    select 'notify_jobs' as queue, count(*)::int as depth,
           extract(epoch from now() - min(run_at))::float as age
      from notify_jobs where done_at is null and run_at <= now()
    union all
    select 'deliveries', count(*)::int, extract(epoch from now() - min(due_at))::float
      from deliveries where status in ('pending', 'sending') and due_at <= now()
    union all
    select 'orders', count(*)::int, extract(epoch from now() - min(created_at))::float
      from orders where status in ('new', 'processing')
    union all
    select 'source_reads', count(*)::int, extract(epoch from now() - min(next_read_at))::float
      from sources
     where state in ('active', 'broken') and read_via <> 'telegram_bot' and next_read_at <= now()
       and (leased_until is null or leased_until <= now())`);
  for (const row of rows.rows) {
    queueDepth.set({ queue: row.queue }, Number(row.depth));
    queueAge.set({ queue: row.queue }, Math.max(0, Number(row.age ?? 0)));
  }
  const states = await handle.db.execute<{ state: string; n: number }>(
    sql`select state::text as state, count(*)::int as n from sources group by state`,
  );
  const counted = new Map(states.rows.map((row) => [row.state, Number(row.n)]));
  for (const state of SOURCE_STATES) sourcesByState.set({ state }, counted.get(state) ?? 0);
}

/** The Prometheus text of this process: pool and queues refreshed first (a database down leaves the last values). */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  if (watched) {
    if (watched.kind === 'postgres') {
      const pool = watched.client;
      poolConnections.set({ state: 'total' }, pool.totalCount);
      poolConnections.set({ state: 'idle' }, pool.idleCount);
      poolConnections.set({ state: 'waiting' }, pool.waitingCount);
    }
    await collectQueues(watched).catch(() => undefined);
  }
  return { contentType: registry.contentType, body: await registry.metrics() };
}
