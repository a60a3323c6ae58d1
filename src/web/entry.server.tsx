import { Writable } from "node:stream";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { HeadScriptsProvider, NonceProvider } from "./components/nonce.tsx";
import { IconMarkupProvider } from "./components/ui/icons.tsx";
import { contentSecurityPolicy } from "./lib/csp.ts";
import { iconMarkup } from "./lib/icon-markup.server.ts";
import { type PageMode, PageModeProvider } from "./lib/page-mode.tsx";
import { pageScripts } from "./lib/page-scripts.server.ts";
import { type PageHandle, SHARED_PAGE_HEADER } from "./lib/shared-page.ts";

export const streamTimeout = 5_000;

/**
 * A loader's or action's failure (React Router calls this instead of its own console.error): logged through the
 * server's logger, so a failed query's parameters and any secret are left out as in the API's log. A request the
 * visitor abandoned is not an error.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  const cause = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  (context as AppLoadContext).logError(cause);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // A page whose route says so (`handle.sharedPage`) is the same for every visitor: the server may keep a copy.
  const leaf = routerContext.staticHandlerContext.matches.at(-1);
  const handle = leaf ? (routerContext.routeModules[leaf.route.id]?.handle as PageHandle | undefined) : undefined;
  if (handle?.sharedPage === true) responseHeaders.set(SHARED_PAGE_HEADER, "1");
  // Visitors' catalogue and content pages and the cart are sent without React (decision 013).
  const enhanced = handle?.enhanced === true || (handle?.enhanced === "visitors" && loadContext.user === null);
  const mode: PageMode = enhanced ? "enhanced" : "react";
  // The 'Pay with Paynow' form is answered with a redirect to Paynow's page: forms may go on there.
  const paynowOrigin = loadContext.services.payments.availability().origin;
  if (import.meta.env.PROD) {
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, { formAction: paynowOrigin ? [paynowOrigin] : [] }));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const page = (
    <NonceProvider value={nonce}>
      <HeadScriptsProvider value={loadContext.headScripts}>
        <PageModeProvider value={mode}>
          <IconMarkupProvider value={iconMarkup}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </IconMarkupProvider>
        </PageModeProvider>
      </HeadScriptsProvider>
    </NonceProvider>
  );
  // A page without React (most of the catalogue) has nothing to wait for: rendered to a string at once, which spares
  // the stream's work of encoding every piece of markup into its own bytes (about a third of a category page's rendering).
  // A page that suspended anyway (a boundary left for the browser, which runs no React there) is rendered as a stream.
  if (mode === "enhanced") {
    const html = renderToString(page);
    if (!html.includes("<!--$?") && !html.includes("<!--$!")) {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // The stream writes the doctype before a root <html>; renderToString leaves it out.
      const doctype = html.startsWith("<html") ? "<!DOCTYPE html>" : "";
      return new Response(Buffer.from(doctype + html, "utf8"), { headers: responseHeaders, status: responseStatusCode });
    }
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and link-preview bots get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        // The status as the shell left it: an error after it is logged, as when the page was streamed.
        const status = responseStatusCode;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // The page is read whole and answered in one piece. Nothing on it waits for anything slow (its data is loaded
        // before it is rendered; React Router's hydration data follows the shell at once; the toaster and the tours
        // wait for hydration), so streaming it bought nothing; its 2-4 KB chunks each went through the web stream and
        // a write of its own.
        const chunks: Buffer[] = [];
        const body = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            const html = Buffer.concat(chunks);
            const page = mode === "react" ? Buffer.from(pageScripts(html.toString("utf8")), "utf8") : html;
            resolve(new Response(page, { headers: responseHeaders, status }));
            callback();
          },
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) loadContext.logError(error);
      },
    });
  });
}
