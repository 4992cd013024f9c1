// Whether an error means the database cannot be reached right now (stopped, restarting, the connection cut), as
// opposed to a bad query: such a request is answered 503 «try again» instead of 500, and nothing was written.
// Drizzle wraps driver errors (DrizzleQueryError with the driver's error as `cause`), so the whole cause chain is read.

// node:net errors of a refused or broken connection.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTCONN']);
// PostgreSQL SQLSTATE class 08 (connection exception) and 57P0x (the server shutting down or starting up).
const SQLSTATE = /^(08\d{3}|57P0[1-3])$/;
// node-postgres's own messages for a connection that ended or never came (they carry no code).
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.includes(text))) return true;
    // An AggregateError (a connect to several addresses, 127.0.0.1 and ::1) holds the refusals.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
