/**
 * Pages that show every visitor the same thing say so with `export const handle = sharedPage` (or spread it into
 * their handle): the server then keeps a short-lived copy of what it renders for visitors without a session
 * (src/server/platform/shared-cache.ts) instead of rendering it again for each of them. Only pages whose loaders
 * read public data and change nothing qualify.
 */
export const sharedPage = { sharedPage: true } as const;

/**
 * A shared page that is complete as the server sends it, so that visitors load its scripts on their first sign of use
 * rather than with the page (decision 009). Not for a page whose content is drawn in the browser (the cart).
 */
export const sharedQuietPage = { sharedPage: true, hydrateOnUse: true } as const;

/** A page that is complete as the server sends it and works without scripts, but is not the same for everyone. */
export const quietPage = { hydrateOnUse: true } as const;

export type PageHandle = { sharedPage?: boolean; hydrateOnUse?: boolean };

/** Set by entry.server on such pages' answers and removed by the server before sending. */
export const SHARED_PAGE_HEADER = "x-shared-page";
