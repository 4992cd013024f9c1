import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions, sources, users, type DbHandle, type Source } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { loadConfig, repoRoot } from '../config/config';
import { createDomainEvents } from '../events/domain-events';
import { runHousekeeping } from '../housekeeping/housekeeping';
import { loadAnalysisIndex } from '../ingest/analysis-reference';
import { ingestPost } from '../ingest/ingest-post';
import { createSourceScheduler } from '../sources/scheduler';
import { metricValue } from '../testing/prometheus-text';
import { registry } from './metrics';
import { startOpsServers, type OpsServers } from './ops-server';

// Issue 30: a process's /metrics (the internal METRICS_PORT) counts ingestion per source kind and result, scheduled
// source reads by result, the source-read queue's depth and oldest age, sources by state, and what housekeeping
// removed. The registry is the process's, so every figure is read as a change across the step.

const camry = `Продаю Toyota Camry 2018 г.в.
Пробег 98 т.км, один владелец
Цена 2 450 000 ₽
Казань`;

const index = loadAnalysisIndex();

it('names in the Grafana dashboard and the alert rules only metrics the processes have', () => {
  for (const file of ['infra/grafana/autoradar-dashboard.json', 'infra/grafana/alert-rules.yaml']) {
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    const named = new Set(
      [...text.matchAll(/autoradar_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, '')),
    );
    expect(named.size, file).toBeGreaterThan(3);
    for (const name of named) expect(registry.getSingleMetric(name), `${file}: ${name}`).toBeDefined();
  }
});

describeEachDb('the metrics of a process', (getDb) => {
  let handle: DbHandle;
  let ops: OpsServers;
  let mediaDir: string;
  const scrape = async () => {
    const answer = await fetch(`http://127.0.0.1:${ops.metricsPort}/metrics`);
    expect(answer.status).toBe(200);
    return answer.text();
  };

  beforeAll(async () => {
    handle = getDb();
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'autoradar-metrics-'));
    ops = await startOpsServers({
      config: loadConfig({ METRICS_PORT: '0' }, { role: 'worker' }),
      processName: 'worker',
      handle,
      health: false,
    });
  });
  afterAll(async () => {
    await ops?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('counts ingested posts by source kind, way of reading and result', async () => {
    const [channel] = (await handle.db
      .insert(sources)
      .values({ kind: 'telegram', identifier: 'metrics_cars', title: 'Авто' })
      .returning()) as [Source];
    const labels = (result: string) => ({ kind: 'telegram', via: 'telegram_bot', result, process: 'worker' });
    const before = await scrape();
    const deps = { db: handle.db, events: createDomainEvents({ log: { error: () => {} } }) };
    const post = (messageId: number, text: string) =>
      ingestPost(deps, index, { source: channel, messageId, text, url: null, photos: [] });
    expect((await post(1, camry)).status).toBe('published');
    expect((await post(2, 'Всем хорошего дня!')).status).toBe('rejected');
    expect((await post(1, camry)).status).toBe('known');
    const after = await scrape();
    for (const result of ['published', 'rejected', 'known']) {
      const was = metricValue(before, 'autoradar_ingested_posts_total', labels(result)) ?? 0;
      expect(metricValue(after, 'autoradar_ingested_posts_total', labels(result)), result).toBe(was + 1);
    }
  });

  it('shows the source-read queue, the sources by state, and the reads by result', async () => {
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await handle.db.insert(sources).values([
      // Due five minutes ago, not leased: waiting.
      { kind: 'vk', identifier: '-100', readVia: 'vk_wall', nextReadAt: minutesAgo(5) },
      // Due, but another worker holds it: being read, not waiting.
      {
        kind: 'telegram',
        identifier: 'leased_cars',
        readVia: 'telegram_preview',
        nextReadAt: minutesAgo(1),
        leasedBy: 'other',
        leasedUntil: new Date(Date.now() + 60_000),
      },
      // Broken, due in an hour.
      {
        kind: 'telegram',
        identifier: 'broken_cars',
        readVia: 'telegram_preview',
        state: 'broken',
        nextReadAt: minutesAgo(-60),
      },
      {
        kind: 'telegram',
        identifier: 'paused_cars',
        readVia: 'telegram_preview',
        state: 'paused',
        nextReadAt: minutesAgo(9),
      },
    ]);
    const queued = await scrape();
    const queue = { queue: 'source_reads', process: 'worker' };
    expect(metricValue(queued, 'autoradar_queue_depth', queue)).toBe(1);
    const age = metricValue(queued, 'autoradar_queue_oldest_age_seconds', queue)!;
    expect(age).toBeGreaterThanOrEqual(300);
    expect(age).toBeLessThan(400);
    // Active: the channel of the first test, the VK wall and the leased one.
    expect(metricValue(queued, 'autoradar_sources', { state: 'active' })).toBe(3);
    expect(metricValue(queued, 'autoradar_sources', { state: 'broken' })).toBe(1);
    expect(metricValue(queued, 'autoradar_sources', { state: 'paused' })).toBe(1);

    // A worker without a VK reader claims the waiting wall and fails it.
    const reads = { via: 'vk_wall', result: 'no-reader' };
    const was = metricValue(queued, 'autoradar_source_reads_total', reads) ?? 0;
    const scheduler = createSourceScheduler({
      db: handle.db,
      listings: { db: handle.db, events: createDomainEvents({ log: { error: () => {} } }) },
      index,
      readers: {},
    });
    expect((await scheduler.runOnce()).claimed).toBe(1);
    const read = await scrape();
    expect(metricValue(read, 'autoradar_source_reads_total', reads)).toBe(was + 1);
    expect(metricValue(read, 'autoradar_queue_depth', queue)).toBe(0);
    expect(metricValue(read, 'autoradar_queue_oldest_age_seconds', queue)).toBe(0);
  });

  it('counts what housekeeping removed, per job', async () => {
    const [user] = await handle.db
      .insert(users)
      .values({ telegramId: 7_450_000_001, firstName: 'Метрика' })
      .returning({ id: users.id });
    const longAgo = new Date(Date.now() - 200 * 86_400_000);
    await handle.db.insert(sessions).values([
      { userId: user!.id, tokenHash: 'metrics-idle-1', lastUsedAt: longAgo },
      { userId: user!.id, tokenHash: 'metrics-idle-2', lastUsedAt: longAgo },
      { userId: user!.id, tokenHash: 'metrics-live', lastUsedAt: new Date() },
    ]);
    const before = await scrape();
    const removed = (text: string, job: string) =>
      metricValue(text, 'autoradar_housekeeping_removed_total', { job, process: 'worker' }) ?? 0;
    const counts = await runHousekeeping({
      db: handle.db,
      media: { mediaDir, remove: async () => {} },
    });
    expect(counts.sessions).toBe(2);
    const after = await scrape();
    expect(removed(after, 'sessions') - removed(before, 'sessions')).toBe(2);
    expect(removed(after, 'deliveries') - removed(before, 'deliveries')).toBe(0);
  });
});
