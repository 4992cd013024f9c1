import type { Logger } from 'pino';

// Every process (issue 30): an unhandled rejection or an uncaught exception is logged as one JSON line and the process
// exits non-zero, so its supervisor (compose's restart policy, systemd, scripts/supervise.mjs) starts a clean one.

export function installProcessGuards(log: Logger, exit: (code: number) => void = (code) => process.exit(code)): void {
  process.on('unhandledRejection', (reason) => {
    log.fatal({ err: reason }, 'Необработанный отказ промиса: процесс завершается');
    exit(1);
  });
  process.on('uncaughtException', (err) => {
    log.fatal({ err }, 'Необработанное исключение: процесс завершается');
    exit(1);
  });
}
