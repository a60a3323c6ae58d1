import { describe, expect, it } from "vitest";
import { createSharedCache, etagOf } from "./shared-cache.ts";

const answer = (body: string) => ({ body, type: "application/json" });

describe("the shared cache", () => {
  it("keeps an answer for its period, then forgets it", () => {
    let now = 1_000;
    const cache = createSharedCache({ ttlMs: 5_000, now: () => now });
    cache.set("/a", answer("[1]"));
    now += 4_999;
    expect(cache.get("/a")?.body).toBe("[1]");
    now += 1;
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.size().entries).toBe(0);
  });

  it("keeps nothing when its period is 0 (tests, or switched off)", () => {
    const cache = createSharedCache({ ttlMs: 0 });
    cache.set("/a", answer("[1]"));
    expect(cache.enabled).toBe(false);
    expect(cache.get("/a")).toBeUndefined();
  });

  it("drops the oldest answers beyond its number of entries and its bytes", () => {
    const byCount = createSharedCache({ ttlMs: 60_000, maxEntries: 2 });
    byCount.set("/1", answer("a"));
    byCount.set("/2", answer("b"));
    byCount.set("/3", answer("c"));
    expect([byCount.get("/1"), byCount.get("/2")?.body, byCount.get("/3")?.body]).toEqual([undefined, "b", "c"]);

    const byBytes = createSharedCache({ ttlMs: 60_000, maxBytes: 40_000 });
    for (let i = 0; i < 10; i++) byBytes.set(`/${i}`, answer("x".repeat(4_000)));
    expect(byBytes.size().bytes).toBeLessThanOrEqual(40_000);
    expect(byBytes.get("/9")).toBeDefined();
    expect(byBytes.get("/0")).toBeUndefined();
  });

  it("never keeps an answer larger than a quarter of its bytes", () => {
    const cache = createSharedCache({ ttlMs: 60_000, maxBytes: 40_000 });
    cache.set("/big", answer("x".repeat(6_000)));
    expect(cache.get("/big")).toBeUndefined();
  });

  it("empties at once when cleared", () => {
    const cache = createSharedCache({ ttlMs: 60_000 });
    cache.set("/a", answer("[1]"));
    cache.clear();
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it("tags equal bodies alike and different bodies differently", () => {
    expect(etagOf("[1]")).toBe(etagOf("[1]"));
    expect(etagOf("[1]")).not.toBe(etagOf("[2]"));
    expect(etagOf("[1]")).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  });
});
