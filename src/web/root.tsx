import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { ErrorScreen } from "./components/layout/error-screen.tsx";
import { useNonce } from "./components/nonce.tsx";
import "./app.css";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.settings.get();
  return { user: context.user, settings };
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
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The root data (signed-in user, site settings) from any route. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return <ErrorScreen message={message} />;
}
