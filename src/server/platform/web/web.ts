import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { SHARED_PAGE_HEADER } from "#web/lib/shared-page.ts";
import type { HeadScripts, WebContext } from "#web/load-context.ts";
import type { Services } from "../../services.ts";
import { deviceCookieName, sessionCookieName, sessionCookieOptions } from "../auth/plugin.ts";
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPath, onceClosed, UNAVAILABLE_PAGE } from "../http.ts";
import { createLimiter } from "../limiter.ts";
import { buildDir, projectRoot } from "../paths.ts";
import { type CachedAnswer, etagOf, matches, type SharedCache, servesVisitor } from "../shared-cache.ts";

export type WebOptions = {
  services: Services;
  mode: "production" | "development";
  secureCookies: boolean;
  /** The site's origin for links (SITE_URL or the configured local address): never the request's Host. */
  siteUrl: string;
  /** Visitors' copies of shared pages (platform/shared-cache.ts). */
  sharedCache: SharedCache;
  /** Throws when the database does not answer: a page that failed then is answered 503, not 500. */
  databaseReady?: () => Promise<void>;
};

/**
 * The largest body a page action takes (H1). Page forms are small url-encoded posts (uploads go to the API, with
 * their own limits): the largest is the contact form's 5,000-character notes, at most 60 KB percent-encoded.
 * React Router's `request.formData()` buffers whatever it is given, so the body is counted here as it arrives and
 * refused with 413 before it is handed on: one 40 MB post used to exhaust the 192 MB heap.
 */
export const PAGE_BODY_LIMIT = 100 * 1024;
export const PAGE_BODY_TOO_LARGE = "The form is too large.";

/**
 * Reads a page request's body, at most `limit` bytes: null as soon as it is (or says it will be) larger. The rest
 * flows on unkept (Node's own request timeout bounds it): closing at once would reset the connection before the
 * client could read its 413.
 */
function readPageBody(raw: FastifyRequest["raw"], limit: number): Promise<Buffer | null> {
  const declared = Number(raw.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (value: Buffer | null) => {
      raw.off("data", onData);
      raw.off("end", onEnd);
      raw.off("error", onError);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done(null);
        raw.resume();
      } else chunks.push(chunk);
    };
    const onEnd = () => done(Buffer.concat(chunks));
    const onError = (err: Error) => {
      raw.off("data", onData);
      raw.off("end", onEnd);
      reject(err);
    };
    raw.on("data", onData);
    raw.once("end", onEnd);
    raw.once("error", onError);
  });
}

function toWebRequest(request: FastifyRequest, body: Buffer | null, signal: AbortSignal): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const init: RequestInit = { method: request.method, headers, signal };
  // A copy as a plain Uint8Array (what BodyInit takes); at most PAGE_BODY_LIMIT bytes.
  if (body) init.body = new Uint8Array(body);
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
 * read whole, kept in the shared cache with the nonce it was rendered with (`keep`), and answered as a kept page is:
 * with its validator, so that a visitor's next visit to it costs a 304 (a warm visit moves almost nothing).
 */
async function sendWebResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  keep?: (page: CachedAnswer) => CachedAnswer,
) {
  const shared = response.headers.get(SHARED_PAGE_HEADER) === "1";
  const cookies = response.headers.getSetCookie();
  const headers: Record<string, string> = {};
  for (const [key, value] of response.headers) {
    if (key === "set-cookie" || key === SHARED_PAGE_HEADER) continue;
    headers[key] = value;
  }
  if (keep && shared && response.status === 200 && cookies.length === 0 && response.body) {
    const body = await response.text();
    return sendSharedPage(request, reply, keep({ body, type: headers["content-type"] ?? "text/html", etag: "", headers }), false);
  }
  reply.status(response.status);
  for (const [key, value] of Object.entries(headers)) reply.header(key, value);
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
  if (!response.body) return reply.send();
  // A page is rendered whole (entry.server): sent as one buffer, in one write, rather than through two streams.
  if (headers["content-type"]?.startsWith("text/html")) return reply.send(Buffer.from(await response.arrayBuffer()));
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}

/**
 * A page to keep: its HTML cut where its nonce goes, so that an answer is the pieces and a new nonce between them.
 * Its validator is of the pieces, so it is the same for every rendering of the same content.
 */
function pageToKeep(page: CachedAnswer, nonce: string): CachedAnswer {
  const pieces = page.body.split(nonce);
  return { ...page, body: "", nonce, etag: etagOf(pieces.join("")), parts: pieces.map((piece) => Buffer.from(piece, "utf8")) };
}

/**
 * A kept page with a fresh nonce: every answer's inline scripts carry their own (the CSP header names it). The kept
 * pieces are sent as they are, so an answer allocates next to nothing (garbage is what makes the heap grow under load).
 * A browser that holds this version gets 304 without a policy: it keeps the one it stored with that copy, whose nonce
 * is the one in the copy's scripts.
 */
function sendSharedPage(request: FastifyRequest, reply: FastifyReply, page: CachedAnswer, hit: boolean) {
  reply.header("cache-control", "no-cache").header("etag", page.etag);
  if (matches(request, page.etag)) return reply.code(304).send();
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
    .header("x-cache", hit ? "hit" : "miss")
    .send(Readable.from(chunks, { objectMode: false }));
}

/**
 * Serves the React Router app from the same process as the API: production uses the build in build/,
 * development runs Vite in middleware mode with hot reload.
 */
export async function webPlugin(app: FastifyInstance, opts: WebOptions) {
  // Development's build is a function (Vite's current modules); production's is the build itself, handed to React
  // Router as it is: given a function, React Router derives its routes, matcher and handlers again on every request.
  let serverBuild: ServerBuild | (() => Promise<ServerBuild>);
  // Visitors' pages' scripts (src/web/enhance/, decision 013): Vite serves the source in development; the build
  // bundles it apart from React's (scripts/build-server.mjs) and says where in build/enhance.json.
  let enhanceScript = "/src/web/enhance/main.ts";
  // The cart page's inline script (src/web/enhance/cart-page.ts): the build's text; none in development, where
  // main.ts draws the cart page itself.
  let cartPageScript = "";
  // The head's inline scripts of visitors' pages, minified by the build (decision 028); in development root.tsx sends
  // the same functions as their source text.
  let headScripts: HeadScripts | null = null;
  if (opts.mode === "development") {
    const { createServer } = await import("vite");
    const vite = await createServer({ root: projectRoot, server: { middlewareMode: true }, appType: "custom" });
    app.addHook("onClose", () => vite.close());
    await app.register((await import("@fastify/middie")).default);
    app.use(vite.middlewares);
    serverBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const serverEntry = path.join(buildDir, "server", "index.js");
    if (!existsSync(serverEntry)) throw new Error(`The web build is missing (${serverEntry}): run npm run build`);
    serverBuild = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    const enhance = JSON.parse(await readFile(path.join(buildDir, "enhance.json"), "utf8")) as {
      src: string;
      cartPage?: string;
      head?: HeadScripts;
    };
    enhanceScript = enhance.src;
    cartPageScript = enhance.cartPage ?? "";
    headScripts = enhance.head ?? null;
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

  const handle = createRequestHandler(serverBuild, opts.mode);
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
      let body: Buffer | null = null;
      if (request.method !== "GET" && request.method !== "HEAD") {
        body = await readPageBody(request.raw, PAGE_BODY_LIMIT);
        if (!body) {
          return reply.code(413).header("cache-control", "no-store").send({ message: PAGE_BODY_TOO_LARGE });
        }
        // A form field with a control character is refused as the API refuses it (L2); no browser form sends one.
        if (String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
          const fields = Object.fromEntries(new URLSearchParams(body.toString("utf8")));
          const path = controlCharacterPath(fields, "body");
          if (path)
            return reply.code(400).send({ message: CONTROL_CHARACTER_MESSAGE, issues: [{ path, message: CONTROL_CHARACTER_MESSAGE }] });
        }
      }
      const controller = new AbortController();
      onceClosed(reply.raw, () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      // Pages rendered for visitors are kept per path and query: their absolute links use the configured origin, never
      // the request's Host, so a forged Host cannot put its links in the copy others are served.
      const shareable = opts.sharedCache.enabled && servesVisitor(request);
      const key = `page:${request.url}`;
      if (shareable) {
        const hit = opts.sharedCache.get(key);
        if (hit) return sendSharedPage(request, reply, hit, true);
      }
      // One of a few renders at a time: each holds its page's tree in memory until its answer is sent.
      let held = false;
      let gone = false;
      onceClosed(reply.raw, () => {
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
        enhanceScript,
        cartPageScript,
        headScripts,
        siteUrl: opts.siteUrl,
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        sessionCookie: (token, expires) => app.serializeCookie(cookieName, token, { ...cookieOptions, expires }),
        clearSessionCookie: () => app.serializeCookie(cookieName, "", { ...cookieOptions, expires: new Date(0) }),
        deviceToken: request.cookies[deviceCookieName(opts.secureCookies)],
        deviceCookie: (token, expires) => app.serializeCookie(deviceCookieName(opts.secureCookies), token, { ...cookieOptions, expires }),
        // The request's own logger: the app's `err` serializer (errorForLog) and the redacting stream, as for the API.
        logError: (error) => request.log.error({ err: error }, "page failed"),
      };
      const response = await handle(toWebRequest(request, body, controller.signal), context);
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
      const keep = shareable
        ? (page: CachedAnswer) => {
            const kept = pageToKeep(page, cspNonce);
            opts.sharedCache.set(key, kept);
            return kept;
          }
        : undefined;
      return sendWebResponse(request, reply, response, keep);
    },
  });
}
