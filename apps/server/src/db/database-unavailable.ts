// Issue 14, "Faults": whether an error means the database cannot be reached right now (stopped,
// restarting, out of connections, the network to it gone), as opposed to a query that is wrong.
// Such a request is answered 503 at once, and the server goes on: the pool opens new connections
// when the database is back. The network codes are not the database's alone (an S3 endpoint that
// refuses gives ECONNREFUSED too): 503 is the right answer for those as well, and the log line
// carries the driver's or the SDK's own reason.

/** SQLSTATEs of a database that is away: class 08 (connection exception) and these. */
const unavailableStates = new Set([
  '57P01', // admin_shutdown: stopped (pg_ctl stop) while this connection was open
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

/** Node's codes for a connection that cannot be made or broke. */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres's own words for a lost or impossible connection (it gives them no code). */
const lostConnection = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/** True when the error, or one of its causes (Drizzle wraps the driver's error), says the database is away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableStates.has(code) || code.startsWith('08') || networkCodes.has(code))) return true;
    if (lostConnection.test(current.message)) return true;
    // AggregateError: a host with several addresses (localhost: ::1 and 127.0.0.1) refused on each.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** What to log about it: the driver's reason, never the failed query or its parameters (they may hold secrets). */
export function databaseUnavailableReason(error: unknown): string {
  let reason = error instanceof Error ? error.message : String(error);
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) reason = current.message;
  return reason.slice(0, 200);
}
