import type { Actor } from "#server/platform/auth/actor.ts";
import type { Services } from "#server/services.ts";
import type { PublicUser } from "#shared/schemas/auth.ts";

/** What every loader and action receives from the server (src/server/platform/web). Types only: no server code reaches the browser. */
export type WebContext = {
  services: Services;
  actor: Actor;
  user: PublicUser | null;
  /** Set-Cookie header values that open or end a session. */
  sessionCookie(token: string, expires: Date): string;
  clearSessionCookie(): string;
  /** The known-device cookie: what the browser sent, and the Set-Cookie value that keeps it. */
  deviceToken: string | undefined;
  deviceCookie(token: string, expires: Date): string;
  cspNonce: string;
  /** The address of the visitors' pages' script (src/web/enhance/main.ts, bundled by the build): decision 013. */
  enhanceScript: string;
  /** The cart page's inline script (src/web/enhance/cart-page.ts, bundled by the build; empty in development). */
  cartPageScript: string;
  /** The head's inline scripts of visitors' pages, minified by the build; null in development (decision 028). */
  headScripts: HeadScripts | null;
  siteUrl: string;
  /**
   * Logs a page's unexpected failure through the server's logger, whose redaction drops a failed query's parameters
   * and every secret (platform/log-redaction.ts): never console.error, which printed them as they were.
   */
  logError(error: unknown): void;
  /** The client's address (for the brute-force counters) and user agent (shown in the session list). */
  ip: string;
  userAgent: string | undefined;
};

declare module "react-router" {
  interface AppLoadContext extends WebContext {}
}

/** The head's inline scripts of visitors' pages (src/web/enhance/early-inline.ts and hold-inline.ts, decision 028). */
export type HeadScripts = { withCart: string; alone: string };
