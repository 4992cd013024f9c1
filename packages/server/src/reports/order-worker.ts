import type { Db } from '@autoradar/db';
import { createWorkerLoop, newWorkerId } from '../jobs/worker-loop';
import { claimNextOrder, finishRun, releaseOrder, type ClaimedOrder } from './order-queue';
import type { ReportProvider, SectionOutcomes } from './report.provider';
import { REPORTS_MESSAGES } from './reports.messages';

// Report orders are worked off in the background, never inside an HTTP request. The rows are the durable state
// (order-queue.ts): a restart finds unfinished orders and resumes them, a stop gives held orders back at once.

export interface OrderWorkerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OrderWorkerOptions {
  db: Db;
  provider: ReportProvider;
  clock: () => Date;
  log: OrderWorkerLog;
  /** How often an idle worker looks for orders made elsewhere (another instance) or left by a crashed one. */
  pollIntervalMs: number;
  /** How long a claimed order stays with this worker without news; longer than one provider run. */
  leaseMs: number;
  /** Orders worked on at the same time. */
  concurrency?: number;
}

export interface OrderWorker {
  readonly id: string;
  readonly provider: ReportProvider;
  start(): void;
  /** New work exists (an order was made or refreshed): look now instead of at the next poll. */
  wake(): void;
  /** Stops claiming, cuts provider calls short and gives held orders back; resolves when every loop has ended. */
  stop(): Promise<void>;
}

export function createOrderWorker(options: OrderWorkerOptions): OrderWorker {
  const { db, provider, clock, log } = options;
  const id = newWorkerId();
  const loop = createWorkerLoop({
    // One order per pass; a lane that found one looks again at once, a lane that found none idles.
    runOnce: async () => {
      const claimed = await claimNextOrder(db, id, clock(), options.leaseMs);
      if (!claimed) return false;
      await run(claimed);
      return true;
    },
    pollMs: options.pollIntervalMs,
    concurrency: options.concurrency ?? 2,
    onError: (err) => log.error({ err }, 'Очередь заказов отчётов недоступна'),
  });

  async function run(order: ClaimedOrder): Promise<void> {
    try {
      const { keys } = order;
      const outcomes: SectionOutcomes =
        keys.length > 0 ? await provider.fetchSections(order.vin, keys, loop.signal) : {};
      for (const key of keys) outcomes[key] ??= { status: 'failed', error: REPORTS_MESSAGES.notRequested };
      const status = await finishRun(db, order.id, id, outcomes);
      if (status === undefined)
        log.info(
          { orderId: order.id },
          'Заказ отчёта перехвачен другим обработчиком: результат этого прогона не записан',
        );
      else log.info({ orderId: order.id, status, requestId: order.requestId }, 'Заказ отчёта обработан');
    } catch (err) {
      if (loop.signal.aborted) {
        await releaseOrder(db, order.id, id).catch(() => undefined);
        return;
      }
      // The lease stays: the order is retried once it runs out, so a persistent fault does not spin.
      log.error({ err, orderId: order.id }, 'Не удалось обработать заказ отчёта');
    }
  }

  return {
    id,
    provider,
    start: loop.start,
    wake: loop.wake,
    stop: loop.stop,
  };
}
