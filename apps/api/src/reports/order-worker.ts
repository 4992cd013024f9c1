import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '@autoradar/db';
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
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const stopping = new AbortController();
  const sleepers = new Set<() => void>();
  let signalled = false;
  let loops: Promise<void>[] = [];

  function wake(): void {
    signalled = true;
    for (const resume of [...sleepers]) resume();
  }

  function idle(): Promise<void> {
    if (signalled || stopping.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const resume = () => {
        clearTimeout(timer);
        sleepers.delete(resume);
        resolve();
      };
      const timer = setTimeout(resume, options.pollIntervalMs);
      timer.unref();
      sleepers.add(resume);
    });
  }

  async function run(order: ClaimedOrder): Promise<void> {
    try {
      const { keys } = order;
      const outcomes: SectionOutcomes =
        keys.length > 0 ? await provider.fetchSections(order.vin, keys, stopping.signal) : {};
      for (const key of keys) outcomes[key] ??= { status: 'failed', error: REPORTS_MESSAGES.notRequested };
      const status = await finishRun(db, order.id, id, outcomes);
      if (status === undefined)
        log.info(
          { orderId: order.id },
          'Заказ отчёта перехвачен другим обработчиком: результат этого прогона не записан',
        );
      else log.info({ orderId: order.id, status, requestId: order.requestId }, 'Заказ отчёта обработан');
    } catch (err) {
      if (stopping.signal.aborted) {
        await releaseOrder(db, order.id, id).catch(() => undefined);
        return;
      }
      // The lease stays: the order is retried once it runs out, so a persistent fault does not spin.
      log.error({ err, orderId: order.id }, 'Не удалось обработать заказ отчёта');
    }
  }

  async function loop(): Promise<void> {
    while (!stopping.signal.aborted) {
      signalled = false;
      let claimed: ClaimedOrder | undefined;
      try {
        claimed = await claimNextOrder(db, id, clock(), options.leaseMs);
      } catch (err) {
        if (!stopping.signal.aborted) log.error({ err }, 'Очередь заказов отчётов недоступна');
      }
      if (claimed) await run(claimed);
      else await idle();
    }
  }

  return {
    id,
    provider,
    start() {
      if (loops.length > 0 || stopping.signal.aborted) return;
      loops = Array.from({ length: options.concurrency ?? 2 }, () => loop());
    },
    wake,
    async stop() {
      stopping.abort();
      wake();
      await Promise.all(loops);
    },
  };
}
