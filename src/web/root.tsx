import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { RouteErrorScreen } from "./components/layout/error-screen.tsx";
import { useNonce } from "./components/nonce.tsx";
import { SiteToaster } from "./components/ui/toaster.tsx";
import "./app.css";

export async function loader({ context }: Route.LoaderArgs) {
  // Every page carries these in its HTML: the public part only (the bank account is for dealers at checkout).
  const settings = await context.services.settings.getPublic();
  return { user: context.user, settings, siteUrl: context.siteUrl };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
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
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only rounded-md bg-white px-4 py-3 font-semibold text-slate-900 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100]"
        >
          Skip to main content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
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
