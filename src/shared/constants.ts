/** Business constants of the spec (§9), one place for server and browser. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 12;
export const PAGE_SIZE_OPTIONS = [6, 12, 24, 48] as const;
export const CART_LIFETIME_MS = 2_592_000_000;
export const DROPDOWN_CLOSE_DELAY_MS = 200;
export const ACCENT_COLOR = "#de7a37";
export const PRODUCT_NAME = "Solar Demo";
export const TOAST_DEFAULTS = { visibleToasts: 3, duration: 4000, gap: 14, width: 356, position: "top-right" } as const;
/** The dealer sidebar sits this far below the top of the window: the height of the full site header (spec §9). */
export const SIDEBAR_OFFSET_PX = 118;
/** The local cart's localStorage key (spec §3). */
export const CART_STORAGE_KEY = "cart";
/** After a password reset request, the page goes to /login after this long (spec §9). */
export const RESET_REDIRECT_MS = 5000;
/** After saving profile details, documents or company details, the page reloads after this long (spec §9). */
export const SAVE_RELOAD_MS = 2000;
/** The most of one product an order, a quote request or the cart holds: one line's quantity limit (server and browser). */
export const LINE_QUANTITY_MAX = 10_000;

/** The longest site-search query: the schema refuses longer, the search fields stop there. */
export const SEARCH_QUERY_MAX = 100;
