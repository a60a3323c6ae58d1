import { describe, expect, it } from "vitest";
import { takeTurns } from "./pglite-turns.ts";

/** A stand-in whose calls finish at once (as PGlite's do: synchronous work behind a promise). */
function fakeClient(log: string[]) {
  return {
    async query(text: string) {
      log.push(`query ${text}`);
      return text;
    },
    async exec(text: string) {
      log.push(`exec ${text}`);
      return text;
    },
    async transaction<T>(fn: (tx: { query(text: string): Promise<string> }) => Promise<T>) {
      log.push("begin");
      const result = await fn({
        query: async (text) => {
          log.push(`tx ${text}`);
          return text;
        },
      });
      log.push("commit");
      return result;
    },
  };
}

describe("takeTurns", () => {
  it("runs calls one after the other, in order, with an event-loop turn between them", async () => {
    const log: string[] = [];
    const client = takeTurns(fakeClient(log));
    // An I/O callback stands for a socket read: it runs between two calls, not after all of them.
    setImmediate(() => log.push("(turn)"));
    const results = await Promise.all([
      client.query("a"),
      client.transaction(async (tx) => `${await tx.query("b")}${await tx.query("c")}`),
      client.exec("d"),
    ]);
    expect(results).toEqual(["a", "bc", "d"]);
    expect(log).toEqual(["query a", "(turn)", "begin", "tx b", "tx c", "commit", "exec d"]);
  });

  it("gives one request's statements one at a time too: a call right after another, in the same loop turn, waits for the next", async () => {
    // Under load few callers wait at any moment (the rest are still being read), and one request's statements ran
    // back to back, request after request, in one long turn of the loop: no connection was accepted meanwhile.
    const log: string[] = [];
    const client = takeTurns(fakeClient(log));
    setImmediate(() => log.push("(turn)"));
    await client.query("a");
    await client.query("b");
    expect(log).toEqual(["query a", "(turn)", "query b"]);
  });

  it("passes the turn on when a call fails", async () => {
    const client = takeTurns(fakeClient([]));
    const failing = client.transaction(async () => {
      throw new Error("no");
    });
    await expect(failing).rejects.toThrow("no");
    await expect(client.query("after")).resolves.toBe("after");
  });
});
