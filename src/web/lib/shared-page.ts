/**
 * Pages that show every visitor the same thing say so with `export const handle = sharedPage` (or spread it into
 * their handle): the server then keeps a short-lived copy of what it renders for visitors without a session
 * (src/server/platform/shared-cache.ts) instead of rendering it again for each of them. Only pages whose loaders
 * read public data and change nothing qualify.
 */
export const sharedPage = { sharedPage: true } as const;

/**
 * A shared page that is complete as the server sends it: visitors and signed-in people alike get it without React,
 * its interactions done by the platform (links, forms, `<dialog>`, popovers, CSS) and the small scripts of
 * src/web/enhance/ (decision 013).
 */
export const sharedQuietPage = { sharedPage: true, enhanced: true } as const;

/**
 * A page complete as the server sends it, like a shared quiet page, but drawn for each request: the sign-in pages,
 * whose answers to a post (field messages, the second step) are the visitor's own.
 */
export const quietPage = { enhanced: true } as const;

/**
 * The dealer programme's landing page: without React for visitors; signed-in people get the dealer area's React
 * (its tours and forms).
 */
export const sharedQuietPageForVisitors = { sharedPage: true, enhanced: "visitors" } as const;

export type PageHandle = { sharedPage?: boolean; enhanced?: true | "visitors" };

/** Set by entry.server on such pages' answers and removed by the server before sending. */
export const SHARED_PAGE_HEADER = "x-shared-page";
