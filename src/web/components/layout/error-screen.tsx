import { isRouteErrorResponse, useNavigate, useRouteError } from "react-router";

/** The spec's error boundary screen (§2): its texts are kept word for word. */
export function ErrorScreen({ message, onReset }: { message: string; onReset?: () => void }) {
  const navigate = useNavigate();
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-[60vh] max-w-xl flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center focus:outline-none"
    >
      <title>Something went wrong</title>
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="rounded bg-red-50 px-4 py-2 font-mono text-sm text-red-800">{message}</p>
      <p className="text-slate-600">Please try refreshing the page, or contact support if the problem continues.</p>
      <a
        href="/"
        onClick={(e) => {
          e.preventDefault();
          onReset?.();
          navigate("/");
        }}
        className="rounded-md bg-accent-700 px-5 py-2.5 font-semibold text-white hover:bg-accent-800 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Go to Home
      </a>
    </main>
  );
}

/**
 * The reason phrases of the statuses a page answers with. A loader's `throw data(…, { status: 404 })` carries no
 * status text, and React Router then fills in "Internal Server Error" whatever the status: the phrase comes from the
 * status here, so a 404 reads "404 Not Found".
 */
const REASON_PHRASES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function errorMessageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${REASON_PHRASES[error.status] ?? error.statusText}`;
  if (error instanceof Error) return error.message;
  return "Unknown error";
}

/** The error screen for a route's ErrorBoundary: the thrown error's message. */
export function RouteErrorScreen() {
  return <ErrorScreen message={errorMessageOf(useRouteError())} />;
}
