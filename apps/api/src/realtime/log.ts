/** The part of Fastify's pino logger the realtime module writes to, so the websocket server runs without Fastify. */
export interface RealtimeLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLog: RealtimeLog = { info() {}, warn() {}, error() {} };
