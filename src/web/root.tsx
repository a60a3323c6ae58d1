import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData } from "react-router";
import { can } from "#shared/can.ts";
import type { Route } from "./+types/root";
import { RouteErrorScreen } from "./components/layout/error-screen.tsx";
import { useHeadScripts, useNonce } from "./components/nonce.tsx";
import { SiteToaster } from "./components/ui/toaster.tsx";
import { earlyCartSource } from "./lib/cart/cart-add-early.ts";
import { cartCountEarlyScript } from "./lib/cart/cart-count-early.ts";
import { holdUntilReadyScript } from "./lib/hydration-loader.ts";
import { usePageMode } from "./lib/page-mode.tsx";
import "./app.css";

export async function loader({ context }: Route.LoaderArgs) {
  // Every page carries these in its HTML: the public part only (the bank account is for dealers at checkout).
  const settings = await context.services.settings.getPublic();
  return { user: context.user, settings, siteUrl: context.siteUrl, enhanceScript: context.enhanceScript };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // A dealer who may order keeps the company's cart on the server (lib/cart/server-cart.ts).
  const user = useRouteLoaderData<typeof loader>("root")?.user;
  const cartSync = user && can.placeOrders(user) ? String(user.id) : undefined;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#de7a37" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <CanonicalLink />
        <Meta />
        <Links />
        <EarlyScript nonce={nonce} />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased" data-cart-sync={cartSync}>
        <a
          href="#main"
          className="sr-only rounded-md bg-white px-4 py-3 font-semibold text-slate-900 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100]"
        >
          Skip to main content
        </a>
        {children}
        <PageScripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Whether the page is drawn in the public layout or the dealer area (the header with the cart link). */
function usePublicPage(): boolean {
  return useMatches().some((m) => m.id === "routes/public-layout" || m.id === "routes/dealer/layout");
}

/**
 * Visitors' pages ("enhanced", decision 013): the loader that holds early taps, in the head so that it holds from
 * the page's first byte (decision 028), with the early cart on pages with the header (the count, and a first Add to
 * Cart answered before any script file). React pages get theirs with React Router's scripts (entry.server).
 */
function EarlyScript({ nonce }: { nonce: string | undefined }) {
  const mode = usePageMode();
  const built = useHeadScripts();
  // The cart page draws its cart and count with its own inline script: the loader alone there.
  const matches = useMatches();
  const withCart = usePublicPage() && !matches.some((m) => m.id === "routes/cart");
  if (mode !== "enhanced") return null;
  const code = built ? (withCart ? built.withCart : built.alone) : holdUntilReadyScript(true, withCart ? earlyCartSource() : "null");
  return <InlineScript nonce={nonce} code={code} />;
}

/**
 * A page's scripts (decision 013). React pages: React Router's, with the loader that holds early clicks (put in by
 * entry.server) and the header's early cart count. Visitors' pages have theirs in the head (EarlyScript). Every page
 * of the public layout and the dealer area (the header, Add to Cart, the quote dialog …) also gets the module of
 * src/web/enhance/, which does on both kinds of page what scripts do there.
 */
function PageScripts({ nonce }: { nonce: string | undefined }) {
  const mode = usePageMode();
  const root = useRouteLoaderData<typeof loader>("root");
  const publicPage = usePublicPage();
  return (
    <>
      {mode === "enhanced" ? null : (
        <>
          {publicPage ? <InlineScript nonce={nonce} code={cartCountEarlyScript()} /> : null}
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </>
      )}
      {publicPage && root?.enhanceScript ? <script type="module" async src={root.enhanceScript} nonce={nonce} /> : null}
    </>
  );
}

/** One of our own inline scripts (functions sent as their source text: nothing from a visitor or the database). */
function InlineScript({ nonce, code }: { nonce: string | undefined; code: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the code is the site's own, made from its own functions
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />;
}

/** Paging parameters make a page of their own; any other query string is the same page. */
const CANONICAL_PARAMS = ["page", "pageSize"];

function CanonicalLink() {
  const root = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  if (!root?.siteUrl) return null;
  const kept = new URLSearchParams();
  const params = new URLSearchParams(location.search);
  for (const name of CANONICAL_PARAMS) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  const href = `${root.siteUrl}${location.pathname}${query ? `?${query}` : ""}`;
  return (
    <>
      <link rel="canonical" href={href} />
      <meta property="og:url" content={href} />
    </>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <SiteToaster />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorScreen />;
}
