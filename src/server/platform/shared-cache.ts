import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/**
 * What visitors without a session see is the same for all of them, so public reads (the catalogue and content API,
 * the public pages) are answered from a short-lived copy in each process: a page is rendered and a catalogue query
 * runs at most once per key and period instead of on every request (DESIGN.md §7's throughput budgets).
 *
 * - Only GET requests of visitors (no actor: no valid session, no bearer token) that a route opted in to; only 200
 *   answers without Set-Cookie are kept. Dealers and admins (prices, their own pages) always get a fresh answer.
 * - A successful change made by an admin (any unsafe request of role admin or super: the back office is where the
 *   catalogue, the content and the settings change) empties the copies of this process at once; other processes
 *   serve theirs until they expire (`ttlMs`, 5 s by default, 0 = off; as long as the site settings' cache).
 * - Bounded: at most `maxEntries` answers and `maxBytes` bytes; the oldest go first.
 */
export type SharedCacheOptions = { ttlMs: number; maxEntries?: number; maxBytes?: number; now?: () => number };

/** A kept answer; a page also keeps its headers and the CSP nonce it was rendered with (replaced on every send). */
export type CachedAnswer = {
  body: string;
  type: string;
  etag: string;
  headers?: Record<string, string>;
  nonce?: string;
  /** A page's HTML as UTF-8 pieces between the places its nonce goes (then `body` is empty). */
  parts?: Buffer[];
};
type Entry = CachedAnswer & { expires: number; bytes: number };

export type SharedCache = {
  readonly enabled: boolean;
  get(key: string): CachedAnswer | undefined;
  set(key: string, answer: Omit<CachedAnswer, "etag"> & { etag?: string }): void;
  clear(): void;
  /** Entries and bytes held, for tests and the benchmark. */
  size(): { entries: number; bytes: number };
};

/** A weak validator of a body: equal bodies, equal tags. */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
}

export function createSharedCache({
  ttlMs,
  maxEntries = 500,
  maxBytes = 16 * 1024 * 1024,
  now = Date.now,
}: SharedCacheOptions): SharedCache {
  // A Map keeps insertion order: the first key is the oldest.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.bytes;
    entries.delete(key);
  };
  return {
    enabled: ttlMs > 0,
    get(key) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.expires <= now()) {
        drop(key);
        return undefined;
      }
      return e;
    },
    set(key, answer) {
      if (ttlMs <= 0) return;
      const size = answer.body.length * 2 + (answer.parts ?? []).reduce((n, b) => n + b.length, 0) + key.length * 2 + 256;
      if (size > maxBytes / 4) return;
      drop(key);
      entries.set(key, { ...answer, etag: answer.etag ?? etagOf(answer.body), expires: now() + ttlMs, bytes: size });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        drop(oldest);
      }
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's answers to visitors may be kept in the shared cache (platform/shared-cache.ts). */
    sharedCache?: boolean;
  }
  interface FastifyInstance {
    sharedCache: SharedCache;
  }
}

/** Methods that change nothing: the others, answered with success, are changes. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A visitor's GET: no actor, no bearer token (an invalid one is answered 401 elsewhere, never cached). */
export function servesVisitor(request: FastifyRequest): boolean {
  return request.method === "GET" && request.actor === null && request.headers.authorization === undefined;
}

/** Whether the client says it holds this version (If-None-Match). */
export function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (!header) return false;
  return header.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag === etag || tag.replace(/^W\//, "") === etag.replace(/^W\//, "");
  });
}

/** Answers 304 when the client holds this version, else the body; both with the validator. */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header("etag", answer.etag);
  if (matches(request, answer.etag)) return reply.code(304).send();
  return reply.type(answer.type).send(answer.body);
}

/**
 * JSON answers of the API get an ETag (a client that holds the same version gets 304 and no body) and
 * `Cache-Control: no-cache` with `Vary` on the credentials (they differ per actor: prices), and the routes that opted
 * in keep their visitors' answers in the shared cache. Registered before compression, so tags are of the JSON itself.
 */
export const sharedCachePlugin = fp<{ cache: SharedCache; apiPrefix: string }>(async (app: FastifyInstance, { cache, apiPrefix }) => {
  app.decorate("sharedCache", cache);
  const cacheable = (request: FastifyRequest) =>
    cache.enabled && request.routeOptions.config?.sharedCache === true && servesVisitor(request);

  app.addHook("preHandler", async (request, reply) => {
    if (!cacheable(request)) return;
    const hit = cache.get(request.url);
    if (!hit) return;
    reply.header("cache-control", "no-cache").header("vary", "Cookie, Authorization").header("x-cache", "hit");
    return sendWithEtag(request, reply, hit);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" || reply.statusCode !== 200 || !request.url.startsWith(apiPrefix)) return payload;
    if (typeof payload !== "string" || reply.hasHeader("etag")) return payload;
    const type = String(reply.getHeader("content-type") ?? "");
    if (!type.startsWith("application/json")) return payload;
    const etag = etagOf(payload);
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
    reply.header("vary", "Cookie, Authorization").header("etag", etag);
    if (cacheable(request) && !reply.hasHeader("set-cookie")) cache.set(request.url, { body: payload, type, etag });
    if (matches(request, etag)) {
      reply.code(304);
      return "";
    }
    return payload;
  });

  // The back office changed something visitors may see: this process's copies go at once.
  app.addHook("onResponse", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return;
    const role = request.actor?.role;
    if (role === "admin" || role === "super") cache.clear();
  });
});

/** Marks every route the plugin `app` registers from now on as a public read whose visitors' answers may be shared. */
export function sharePublicReads(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    route.config = { ...route.config, sharedCache: true };
  });
}
