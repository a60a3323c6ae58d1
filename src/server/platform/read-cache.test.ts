import { describe, expect, it } from "vitest";
import { createReadCache } from "./read-cache.ts";

/** A read that resolves when told to, counting how often it ran. */
function deferredRead<T>(value: T) {
  let runs = 0;
  let release: () => void = () => {};
  const load = () => {
    runs++;
    return new Promise<T>((resolve) => {
      release = () => resolve(value);
    });
  };
  return { load, release: () => release(), runs: () => runs };
}

describe("createReadCache", () => {
  it("reads a key once for the requests that miss together, then serves it until it expires", async () => {
    let clock = 0;
    const cache = createReadCache({ ttlMs: 1000, now: () => clock });
    const read = deferredRead("rows");
    const a = cache.get("k", read.load);
    const b = cache.get("k", read.load);
    read.release();
    expect(await Promise.all([a, b])).toEqual(["rows", "rows"]);
    expect(read.runs()).toBe(1);
    clock = 999;
    await cache.get("k", read.load);
    expect(read.runs()).toBe(1);
    clock = 1000;
    const c = cache.get("k", read.load);
    read.release();
    await c;
    expect(read.runs()).toBe(2);
  });

  it("does not keep a read that a clear overtook, nor a failed one", async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    const before = deferredRead("before the change");
    const pending = cache.get("k", before.load);
    cache.clear();
    const after = deferredRead("after the change");
    const fresh = cache.get("k", after.load);
    before.release();
    after.release();
    expect(await pending).toBe("before the change");
    expect(await fresh).toBe("after the change");
    expect(await cache.get("k", async () => "read again")).toBe("after the change");

    await expect(cache.get("bad", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("bad", async () => "up")).toBe("up");
  });

  it("forgets a read begun before a clear even when no one asked again meanwhile", async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    const read = deferredRead("old");
    const pending = cache.get("k", read.load);
    cache.clear();
    read.release();
    await pending;
    expect(await cache.get("k", async () => "new")).toBe("new");
  });

  it("runs a thenable read (a query builder) once, however often its value is awaited", async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    let runs = 0;
    // As a Drizzle query: each `then` runs the statement again.
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what is tested
    const builder = { then: (resolve: (v: number) => void) => resolve(++runs) } as unknown as Promise<number>;
    expect(await cache.get("k", () => builder)).toBe(1);
    expect(await cache.get("k", () => builder)).toBe(1);
    expect(runs).toBe(1);
  });

  it("keeps at most maxEntries keys, the oldest going first, and is off at ttl 0", async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 2 });
    for (const k of ["a", "b", "c"]) await cache.get(k, async () => k);
    expect(cache.size()).toBe(2);
    expect(await cache.get("a", async () => "a again")).toBe("a again");
    const off = createReadCache({ ttlMs: 0 });
    let runs = 0;
    await off.get("k", async () => ++runs);
    await off.get("k", async () => ++runs);
    expect(runs).toBe(2);
    expect(off.enabled).toBe(false);
  });
});
