import { stockBranchesAdmin } from "./stock-admin-branches.ts";
import type { StockAdminDeps } from "./stock-admin-common.ts";
import { stockImportAdmin } from "./stock-admin-import.ts";
import { stockLedgerAdmin } from "./stock-admin-ledger.ts";
import { stockLevelsAdmin } from "./stock-admin-levels.ts";
import { stockShipmentsAdmin } from "./stock-admin-shipments.ts";

export type { StockAdminDeps } from "./stock-admin-common.ts";

/**
 * The stock back office: branches and delivery fees (declared once as resources), stock per
 * product and branch, adjustments and returns, incoming shipments received in full or in part, the ledger, the
 * low-stock list and the CSV count import. Every call is for admins, each change one transaction with its audit
 * entry, and every change of a level goes through the ledger's `move` (stock-ledger.ts). This file puts together
 * the parts, one file each: stock-admin-branches.ts, -levels.ts, -shipments.ts, -ledger.ts and -import.ts.
 */
export function createStockAdminService({ db, storage, audit, now = () => new Date() }: StockAdminDeps) {
  const parts = { db, storage, audit, now };
  return {
    ...stockBranchesAdmin(parts),
    ...stockLevelsAdmin(parts),
    ...stockShipmentsAdmin(parts),
    ...stockLedgerAdmin(parts),
    ...stockImportAdmin(parts),
  };
}

export type StockAdminService = ReturnType<typeof createStockAdminService>;
