import type { FastifyInstance } from 'fastify';
import type { Db } from '@autoradar/db';
import type { Config } from '@autoradar/server/config/config';
import { createReportProvider } from './create-report-provider';
import { createOrderWorker, type OrderWorker } from '@autoradar/server/reports/order-worker';
import type { ReportProvider } from '@autoradar/server/reports/report.provider';

/** The worker lives as long as the app: it starts when the app is ready and stops (giving orders back) on close. */
export function registerOrderWorker(
  app: FastifyInstance,
  deps: { db: Db; config: Config; clock: () => Date; provider?: ReportProvider },
): OrderWorker {
  const { reports } = deps.config;
  const provider = deps.provider ?? createReportProvider(reports);
  const worker = createOrderWorker({
    db: deps.db,
    provider,
    clock: deps.clock,
    log: app.log,
    pollIntervalMs: reports.pollIntervalSeconds * 1000,
    // A run makes its provider calls in parallel, each cut at the timeout; the lease outlasts two such runs.
    leaseMs: 2 * reports.timeoutSeconds * 1000 + 30_000,
  });
  app.addHook('onReady', async () => {
    worker.start();
    app.log.info(
      provider.sandbox
        ? 'Отчёты по VIN: песочница (образцы из VIN; REPORTS_API_KEY задаёт настоящего поставщика)'
        : `Отчёты по VIN: ${provider.name}`,
    );
  });
  app.addHook('onClose', async () => {
    await worker.stop();
  });
  return worker;
}
