/**
 * The Stock screen's tabs, each a route under /admin/stock, and the parameter that opens a tab's form
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
