import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { PublicUser } from "#shared/schemas/auth.ts";
import { ForbiddenError } from "../errors.ts";
import type { Actor, SignedIn } from "./actor.ts";

/** The session cookie's name over plain http (development, tests). */
export const SESSION_COOKIE = "sid";

/**
 * The session cookie's name: `__Host-sid` with secure cookies (production), which browsers only accept with
 * Secure, Path=/ and no Domain, so it cannot be set by a subdomain or over http; plain `sid` otherwise, because
 * browsers refuse a __Host- cookie without Secure on http://localhost.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** The known-device cookie: `__Host-did` with secure cookies, `did` over plain http. */
export function deviceCookieName(secure: boolean): string {
  return secure ? "__Host-did" : "did";
}

/**
 * API clients (scripts, apps) send neither `Origin` nor `Sec-Fetch-Site`; every current browser sends one of them
 * with a POST. Only API clients get the session token in a JSON answer: a browser keeps it in the
 * httpOnly cookie, out of reach of scripts.
 */
export function isApiClient(request: FastifyRequest): boolean {
  return request.headers.origin === undefined && request.headers["sec-fetch-site"] === undefined;
}

/** Path=/ and no Domain, as a __Host- cookie requires. */
export function sessionCookieOptions(secure: boolean) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure };
}

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor;
    user: PublicUser | null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function tokenOf(request: FastifyRequest, secure: boolean): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith("Bearer ")) return auth.slice(7).trim();
  return request.cookies[sessionCookieName(secure)];
}

/** The origin (scheme, host and port) of a URL, or null when it is not one. */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * A browser's unsafe request must come from this site: its Origin (or, without one, Sec-Fetch-Site) must match.
 * Matching is by the whole origin, scheme, host and port (I3): another port on the same host is another site (a
 * second app there must not post here), and so is http:// against https://. The site's origin is SITE_URL's when
 * set, else the request's own (its scheme as trustProxy lets Fastify read it).
 * Clients without either header (API clients using a Bearer token) are not browsers and pass.
 */
export function isCrossSite(request: FastifyRequest, siteUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  // "null" is what a browser sends when its referrer policy hides the origin: judge by Sec-Fetch-Site then.
  if (origin && origin !== "null") {
    const from = originOf(origin);
    if (!from) return true;
    if (siteUrl && from === originOf(siteUrl)) return false;
    return from !== originOf(`${request.protocol}://${request.host}`);
  }
  return request.headers["sec-fetch-site"] === "cross-site";
}

/** What the plugin needs of the accounts module (which is above the platform): a session's actor and user. */
export type SessionReader = { authenticate(token: string): Promise<{ actor: SignedIn; user: PublicUser } | null> };

export type AuthOptions = { accounts: SessionReader; siteUrl: string | undefined; secureCookies: boolean };

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date, secure: boolean) {
  reply.setCookie(sessionCookieName(secure), token, { ...sessionCookieOptions(secure), expires });
}

export function setDeviceCookie(reply: FastifyReply, token: string, expires: Date, secure: boolean) {
  reply.setCookie(deviceCookieName(secure), token, { ...sessionCookieOptions(secure), expires });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(sessionCookieName(secure), sessionCookieOptions(secure));
}

/** Resolves the acting user of every request from the session cookie or a Bearer token. */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  app.decorateRequest("actor", null);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request, opts.siteUrl)) {
      throw new ForbiddenError("Cross-site requests are not allowed.");
    }
    if (request.url.startsWith("/media/") || request.url.startsWith("/assets/")) return;
    const token = tokenOf(request, opts.secureCookies);
    if (!token) return;
    const found = await opts.accounts.authenticate(token);
    if (found) {
      request.actor = found.actor;
      request.user = found.user;
    } else if (request.cookies[sessionCookieName(opts.secureCookies)]) {
      staleCookie.add(request);
    }
  });
  // A stale cookie is cleared as the answer leaves, unless the answer opens a new session: a sign-in posted with a
  // stale cookie must keep the cookie it sets (I7). Pages set theirs as a raw header (platform/web).
  const staleCookie = new WeakSet<FastifyRequest>();
  app.addHook("onSend", async (request, reply, payload) => {
    if (!staleCookie.has(request)) return payload;
    const name = sessionCookieName(opts.secureCookies);
    const set = reply.getHeader("set-cookie");
    const values = Array.isArray(set) ? set : set === undefined ? [] : [String(set)];
    if (!values.some((v) => v.startsWith(`${name}=`))) clearSessionCookie(reply, opts.secureCookies);
    return payload;
  });
});
