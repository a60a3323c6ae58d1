/**
 * The Stock screen's tabs (issue 23 §2), each a route under /admin/stock, and the parameter that opens a tab's form
 * in place of its list (`?adjust=<product>-<branch>`, `?shipment=new|<id>`, `?branch=new|<id>`, `?fee=new|<id>`).
 */
export const STOCK_TABS = [
  { id: "levels", label: "Stock", path: "/admin/stock" },
  { id: "shipments", label: "Shipments", path: "/admin/stock/shipments" },
  { id: "movements", label: "Movements", path: "/admin/stock/movements" },
  { id: "low", label: "Low stock", path: "/admin/stock/low" },
  { id: "branches", label: "Branches", path: "/admin/stock/branches" },
  { id: "fees", label: "Delivery fees", path: "/admin/stock/delivery-fees" },
  { id: "import", label: "Import counts", path: "/admin/stock/import" },
] as const;
export type StockTab = (typeof STOCK_TABS)[number];

/** The tab a path shows (the levels when it names none). */
export function stockTabAt(pathname: string): StockTab {
  return STOCK_TABS.find((t) => t.id !== "levels" && pathname.startsWith(t.path)) ?? STOCK_TABS[0];
}

/** `?adjust=12-3`: the product and branch whose adjust form is open, or null. */
export function adjustTarget(value: string | null): { productId: number; branchId: number } | null {
  const match = /^(\d{1,10})-(\d{1,10})$/.exec(value ?? "");
  if (!match) return null;
  const productId = Number(match[1]);
  const branchId = Number(match[2]);
  return productId > 0 && branchId > 0 && productId < 2_147_483_648 && branchId < 2_147_483_648 ? { productId, branchId } : null;
}

/** A signed change as the ledger shows it: "+5", "−2", "0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0";
}

const BADGE = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset";
export const STOCK_BADGE = {
  good: `${BADGE} bg-green-50 text-green-800 ring-green-700/30`,
  warn: `${BADGE} bg-amber-50 text-amber-900 ring-amber-700/30`,
  bad: `${BADGE} bg-red-50 text-red-800 ring-red-700/30`,
  neutral: `${BADGE} bg-slate-50 text-slate-800 ring-slate-600/30`,
} as const;

/** The query string of the API's CSV for the list's current filters (page and page size left out). */
export function exportQuery(search: string, names: readonly string[]): string {
  const from = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const name of names) {
    const v = from.get(name);
    if (v) out.set(name, v);
  }
  const query = out.toString();
  return query ? `?${query}` : "";
}
