import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { SHARED_PAGE_HEADER } from "#web/lib/shared-page.ts";
import type { WebContext } from "#web/load-context.ts";
import type { Services } from "../../services.ts";
import { deviceCookieName, sessionCookieName, sessionCookieOptions } from "../auth/plugin.ts";
import { UNAVAILABLE_PAGE } from "../http.ts";
import { createLimiter } from "../limiter.ts";
import { buildDir, projectRoot } from "../paths.ts";
import { type CachedAnswer, type SharedCache, servesVisitor } from "../shared-cache.ts";

export type WebOptions = {
  services: Services;
  mode: "production" | "development";
  secureCookies: boolean;
  siteUrl: string | undefined;
  /** Visitors' copies of shared pages (platform/shared-cache.ts). */
  sharedCache: SharedCache;
  /** Throws when the database does not answer: a page that failed then is answered 503, not 500. */
  databaseReady?: () => Promise<void>;
};

function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, signal };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(request.raw);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * Pages rendered at once. Rendering is CPU work on two cores and page loaders wait on one database connection
 * (PGlite), so more at once only adds memory: 100 connections asking for pages each render time took the server
 * from 290 to 475 MB resident (DESIGN.md §7: under 300 MB). The rest wait their turn, in order.
 */
const RENDERS_AT_ONCE = 6;

function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Sends React Router's answer. A page that may be shared (entry.server marks it) and was rendered for a visitor is
 * also kept in the shared cache as it streams by, with the nonce it was rendered with (`keep`).
 */
async function sendWebResponse(reply: FastifyReply, response: Response, keep?: (page: CachedAnswer) => void) {
  reply.status(response.status);
  const shared = response.headers.get(SHARED_PAGE_HEADER) === "1";
  const headers: Record<string, string> = {};
  for (const [key, value] of response.headers) {
    if (key === "set-cookie" || key === SHARED_PAGE_HEADER) continue;
    reply.header(key, value);
    headers[key] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
  if (!response.body) return reply.send();
  const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
  if (keep && shared && response.status === 200 && cookies.length === 0) {
    const chunks: Buffer[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
    body.once("end", () =>
      keep({ body: Buffer.concat(chunks).toString("utf8"), type: headers["content-type"] ?? "text/html", etag: "", headers }),
    );
  }
  return reply.send(body);
}

/** A page to keep: its HTML cut where its nonce goes, so that an answer is the pieces and a new nonce between them. */
function pageToKeep(page: CachedAnswer, nonce: string): CachedAnswer {
  return { ...page, body: "", nonce, parts: page.body.split(nonce).map((piece) => Buffer.from(piece, "utf8")) };
}

/**
 * A kept page with a fresh nonce: every answer's inline scripts carry their own (the CSP header names it). The kept
 * pieces are sent as they are, so an answer allocates next to nothing (garbage is what makes the heap grow under load).
 */
function sendSharedPage(reply: FastifyReply, page: CachedAnswer) {
  const nonce = newNonce();
  const renew = (text: string) => (page.nonce ? text.replaceAll(page.nonce, nonce) : text);
  for (const [key, value] of Object.entries(page.headers ?? {})) reply.header(key, renew(value));
  if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
  const parts = page.parts ?? [Buffer.from(page.body, "utf8")];
  const between = Buffer.from(nonce, "utf8");
  const chunks = parts.flatMap((part, i) => (i === 0 ? [part] : [between, part]));
  reply.header(
    "content-length",
    chunks.reduce((n, c) => n + c.length, 0),
  );
  return reply
    .status(200)
    .header("x-cache", "hit")
    .send(Readable.from(chunks, { objectMode: false }));
}

/**
 * Serves the React Router app from the same process as the API: production uses the build in build/,
 * development runs Vite in middleware mode with hot reload.
 */
export async function webPlugin(app: FastifyInstance, opts: WebOptions) {
  let getBuild: () => Promise<ServerBuild>;
  if (opts.mode === "development") {
    const { createServer } = await import("vite");
    const vite = await createServer({ root: projectRoot, server: { middlewareMode: true }, appType: "custom" });
    app.addHook("onClose", () => vite.close());
    await app.register((await import("@fastify/middie")).default);
    app.use(vite.middlewares);
    getBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const serverEntry = path.join(buildDir, "server", "index.js");
    if (!existsSync(serverEntry)) throw new Error(`The web build is missing (${serverEntry}): run npm run build`);
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    getBuild = async () => build;
    await app.register(fastifyStatic, {
      root: path.join(buildDir, "client"),
      wildcard: false,
      // scripts/build-server.mjs writes a .br and a .gz beside every script and stylesheet.
      preCompressed: true,
      // Hashed assets never change; everything else is revalidated.
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  }

  const handle = createRequestHandler(() => getBuild(), opts.mode);
  const renders = createLimiter(RENDERS_AT_ONCE);
  const cookieName = sessionCookieName(opts.secureCookies);
  const cookieOptions = sessionCookieOptions(opts.secureCookies);

  // Page requests keep their raw body: React Router actions read form data themselves.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    handler: async (request, reply) => {
      const controller = new AbortController();
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      // Pages rendered for visitors are kept per address (the host too: links in them are absolute without SITE_URL).
      const shareable = opts.sharedCache.enabled && servesVisitor(request);
      const key = `page:${request.protocol}://${request.host}${request.url}`;
      if (shareable) {
        const hit = opts.sharedCache.get(key);
        if (hit) return sendSharedPage(reply, hit);
      }
      // One of a few renders at a time: each holds its page's tree in memory until its answer is sent.
      let held = false;
      let gone = false;
      reply.raw.once("close", () => {
        gone = true;
        if (held) renders.release();
      });
      await renders.acquire();
      held = true;
      // The visitor left while waiting: nothing to render for.
      if (gone) {
        renders.release();
        return reply;
      }
      const cspNonce = newNonce();
      const context: WebContext = {
        services: opts.services,
        actor: request.actor,
        user: request.user,
        cspNonce,
        siteUrl: opts.siteUrl ?? `${request.protocol}://${request.host}`,
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        sessionCookie: (token, expires) => app.serializeCookie(cookieName, token, { ...cookieOptions, expires }),
        clearSessionCookie: () => app.serializeCookie(cookieName, "", { ...cookieOptions, expires: new Date(0) }),
        deviceToken: request.cookies[deviceCookieName(opts.secureCookies)],
        deviceCookie: (token, expires) => app.serializeCookie(deviceCookieName(opts.secureCookies), token, { ...cookieOptions, expires }),
      };
      const response = await handle(toWebRequest(request, controller.signal), context);
      if (response.status >= 500 && opts.databaseReady) {
        const down = await opts.databaseReady().then(
          () => false,
          () => true,
        );
        if (down) {
          await response.body?.cancel().catch(() => {});
          return reply
            .code(503)
            .header("retry-after", "10")
            .header("cache-control", "no-store")
            .type("text/html; charset=utf-8")
            .send(UNAVAILABLE_PAGE);
        }
      }
      const keep = shareable ? (page: CachedAnswer) => opts.sharedCache.set(key, pageToKeep(page, cspNonce)) : undefined;
      return sendWebResponse(reply, response, keep);
    },
  });
}
