/**
 * Pages that show every visitor the same thing say so with `export const handle = sharedPage` (or spread it into
 * their handle): the server then keeps a short-lived copy of what it renders for visitors without a session
 * (src/server/platform/shared-cache.ts) instead of rendering it again for each of them. Only pages whose loaders
 * read public data and change nothing qualify.
 */
export const sharedPage = { sharedPage: true } as const;

/** Set by entry.server on such pages' answers and removed by the server before sending. */
export const SHARED_PAGE_HEADER = "x-shared-page";
