/**
 * The catalogue's shared data, read once per key and period for everyone (decision 033): what a category page or a
 * product shows that is the same for every viewer (rows, specifications, stock, list prices, breaks, every tier's own
 * prices, facets and counts). Each viewer's part (their prices at their tier, whether quantities show) is made from
 * it in memory, per request. The shared HTTP cache (shared-cache.ts) keeps whole answers for visitors; this keeps
 * data, so it serves signed-in dealers too.
 *
 * - Exact within the process: `clear()` drops everything, and a read that began before a clear is not kept (the
 *   app clears on every successful change request, whoever makes it: an order reserves stock, an admin edits).
 *   Other processes' copies expire after `ttlMs` (the same 5 s as the shared HTTP cache; 0 = off).
 * - One read per key at a time: requests that miss together wait for the same read.
 * - Bounded: at most `maxEntries` keys; the oldest go first.
 */
export type ReadCache = {
  readonly enabled: boolean;
  /** The value kept under `key`, else what `load` reads (kept when no clear came meanwhile). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
  size(): number;
};

type Entry = { value: Promise<unknown>; expires: number };

export function createReadCache({
  ttlMs,
  maxEntries = 1000,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): ReadCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    enabled: ttlMs > 0,
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value as Promise<T>;
      if (hit) entries.delete(key);
      const started = generation;
      // Settled once into a promise: a query builder is a thenable that would run again each time it is awaited.
      const value = (async () => load())();
      entries.set(key, { value, expires: now() + ttlMs });
      // A failed read is not kept; nor one a clear overtook (it may have read what the change replaced).
      value.then(
        () => {
          if (generation !== started && entries.get(key)?.value === value) entries.delete(key);
        },
        () => {
          if (entries.get(key)?.value === value) entries.delete(key);
        },
      );
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return value;
    },
    clear() {
      generation++;
      entries.clear();
    },
    size: () => entries.size,
  };
}
