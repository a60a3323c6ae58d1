import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AccountsService } from "../modules/accounts/accounts.service.ts";

const API_PATH = /^\/api(?:[/?]|$)/;
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every answer. The page CSP is set per response by the web entry (it carries a nonce); helmet
 * sets the other headers. strict-origin-when-cross-origin (not helmet's no-referrer) so the site's own form posts
 * carry their Origin. HSTS only in production: over plain http (development, tests) it is ignored at best and pins
 * localhost at worst.
 */
export const securityHeadersPlugin = fp<{ production: boolean }>(async (app: FastifyInstance, { production }) => {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // API answers are data, never documents: they may load nothing and be framed by no one. HTML (the Swagger UI
  // page) is left alone, and so is any response that already set its own policy.
  app.addHook("onSend", async (request, reply, payload) => {
    if (API_PATH.test(request.url) && !reply.hasHeader("content-security-policy")) {
      const type = reply.getHeader("content-type");
      if (!(typeof type === "string" && type.startsWith("text/html"))) reply.header("content-security-policy", API_CSP);
    }
    return payload;
  });
});

/**
 * Answers for someone signed in, and refusals. Registered after the cookie and auth plugins: it reads
 * `request.actor`, and its onSend runs after the cookie plugin's, which writes Set-Cookie.
 */
export const personalAnswersPlugin = fp<{ accounts: Pick<AccountsService, "recordEvent"> }>(async (app: FastifyInstance, { accounts }) => {
  // Answers for someone signed in (a session cookie or a Bearer token that resolved to an actor, or a response that
  // sets the session cookie) are kept by no cache, the browser's included (L8): their pages, API answers and exports
  // (CSV, PDFs of private records). Visitors' public reads keep no-cache with ETags (platform/shared-cache.ts); built
  // assets and /media stay public and immutable (no actor is resolved for them).
  app.addHook("onSend", async (request, reply, payload) => {
    const personal = request.actor !== null || request.headers.authorization !== undefined || reply.hasHeader("set-cookie");
    if (personal && !request.url.startsWith("/assets/") && !request.url.startsWith("/media/")) {
      reply.header("cache-control", "private, no-store");
    }
    return payload;
  });
  // Refused requests are security events: who, what path (never its query string), from where.
  app.addHook("onResponse", async (request, reply) => {
    if (reply.statusCode !== 403) return;
    await accounts.recordEvent({
      kind: "forbidden",
      result: "refused",
      reason: `${request.method} ${request.url.split("?")[0]?.slice(0, 200)}`,
      userId: request.actor?.id,
      ip: request.ip,
      userAgent: request.headers["user-agent"],
    });
  });
});
