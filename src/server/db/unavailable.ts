// Whether a failed query failed because the database could not be reached, as opposed to a
// query the database refused. The first is answered 503 and retried by clients; the second is a
// bug and answered 500.

/** SQLSTATEs for a lost or refused connection: class 08, too many connections, shutdowns. */
const unavailableStates = /^(08|53300|57P0[1-3])/;

/** What Node reports when a socket to the database cannot be opened or is cut. */
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and PGlite say these in words, with no code. */
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  // A client whose connection failed mid-transaction refuses the rollback that follows.
  'Client has encountered a connection error and is not queryable',
  'PGlite is closed',
  'PGlite is closing',
];

function describesUnavailability(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (unavailableStates.test(code) || unavailableSocketCodes.has(code))
  )
    return true;
  return unavailableMessages.some((message) => error.message.includes(message));
}

/** Looks through the causes Drizzle and the drivers wrap around the original failure. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (describesUnavailability(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
