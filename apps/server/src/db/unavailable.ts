// SQLSTATEs of a server that is going away or not there yet: admin_shutdown, crash_shutdown,
// cannot_connect_now (starting up / recovering), and the connection_exception class.
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

// Socket errors of the pg driver when the server is down or the connection was cut.
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

// Messages the pg driver and pool use for a connection lost or never made (no code attached).
const UNAVAILABLE_MESSAGE =
  /Query read timeout|Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection refused|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)/i;

function isUnavailableOne(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/**
 * Whether an error means the database cannot be reached right now (down, restarting, connection
 * cut), as opposed to a bad query. Follows `cause` (drizzle wraps driver errors in
 * DrizzleQueryError) and the `errors` of an AggregateError (a connect to several addresses).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 5 || !err || typeof err !== 'object') return false;
  if (isUnavailableOne(err)) return true;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  if (isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1));
}
