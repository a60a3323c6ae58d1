/** The PGlite calls that take its one connection: a statement outside a transaction, a script, a transaction. */
export type TurnTaker = {
  query(...args: never[]): Promise<unknown>;
  exec(...args: never[]): Promise<unknown>;
  transaction(...args: never[]): Promise<unknown>;
};

/**
 * Makes PGlite's callers take their turns one event-loop turn apart.
 *
 * PGlite runs every statement on the main thread, synchronously, and its own queue hands the connection to the next
 * caller in a microtask: with a hundred requests waiting for it, their statements ran back to back in one turn of
 * the event loop (hundreds of milliseconds, more with a page render between them). Meanwhile no socket was read and
 * no connection accepted, and libuv accepts one new connection per turn: at 100 connections the last ones waited in
 * the listen queue for more than ten seconds (the benchmark's timeouts on `POST /api/quotations` and on rendered pages;
 * on PostgreSQL the driver waits on a socket, so the loop turns between statements anyway).
 *
 * Here every call waits for the previous one to finish (first come, first served, as before) and then for
 * setImmediate: one statement or transaction per turn, and sockets are read and connections accepted between them.
 * Statements inside a transaction go through its own handle, not these methods, so a transaction runs in one piece.
 * A call that finds the connection free still waits when a turn already ran in this turn of the loop: under load
 * few callers wait at any one moment (most connections were not even accepted yet), so "free" was the usual case and
 * each request's statements ran back to back, request after request, in one turn of the loop of 300-500 ms, during
 * which libuv accepted one connection. Measured by a benchmark of 100 connections of quote requests on PGlite (the
 * listen queue sampled with `ss`): 98 connections waited to be accepted and ~70 timed out after 10 s; now every
 * connection is accepted within 4 s and none times out (52 req/s against 63, p99 4.7 s against 8.0 s).
 *
 * The price, measured with `npm run load` (200 connections, PGlite): a statement now waits for a whole turn of a busy
 * loop, so the mix ran at 249 req/s (p50 903 ms) against 1,411 req/s (p50 36 ms) without the turns. Letting callers
 * go on back to back for a few milliseconds before yielding was tried: at 1 and 10 ms the load test gained nothing
 * (249 and 257 req/s), and a 5 ms run of the benchmark had 90 timeouts again. The way out of both is PGlite off the
 * main thread (a worker); on PostgreSQL none of this applies.
 */
export function takeTurns<T extends TurnTaker>(client: T): T & { turnsTaken(): number } {
  let busy = false;
  let taken = 0;
  /** A turn started in this turn of the event loop (cleared by the next check phase). */
  let turnThisIteration = false;
  const waiting: (() => void)[] = [];
  const startTurn = () => {
    if (turnThisIteration) return;
    turnThisIteration = true;
    setImmediate(() => {
      turnThisIteration = false;
    });
  };
  // Hands the connection to the first caller waiting, in a later turn of the loop.
  const dispatch = () => {
    const next = waiting.shift();
    if (!next) {
      busy = false;
      return;
    }
    startTurn();
    next();
  };
  const acquire = (): Promise<void> => {
    if (!busy && !turnThisIteration) {
      busy = true;
      startTurn();
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!busy) {
        busy = true;
        setImmediate(dispatch);
      }
    });
  };
  const release = () => {
    if (waiting.length > 0) setImmediate(dispatch);
    else busy = false;
  };
  for (const name of ["query", "exec", "transaction"] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as Record<typeof name, unknown>)[name] = async (...args: unknown[]) => {
      await acquire();
      taken++;
      try {
        return await original(...args);
      } finally {
        release();
      }
    };
  }
  return Object.assign(client, { turnsTaken: () => taken });
}
