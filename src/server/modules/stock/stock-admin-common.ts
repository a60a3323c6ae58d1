import { eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { branches } from "../../db/schema/branches.ts";
import { products } from "../../db/schema/catalogue.ts";
import { shipmentLines, shipments } from "../../db/schema/stock.ts";
import { FieldError } from "../../platform/errors.ts";
import type { Auditor } from "../../platform/resources/resource.ts";
import type { Storage } from "../../platform/storage/storage.ts";

/** What the parts of the stock back office (stock-admin.service.ts) share: their dependencies and look-ups. */
export type StockAdminDeps = { db: Db; storage: Storage; audit: Auditor; now?: () => Date };
/** What each part of the stock back office is given: the service's dependencies, the clock settled. */
export type StockAdminParts = Required<StockAdminDeps>;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The open (not yet received) quantity of a shipment line, as SQL. */
export const openQuantity = sql<number>`${shipmentLines.quantity} - ${shipmentLines.received}`;
export const OPEN_SHIPMENT = inArray(shipments.status, ["expected", "partial"]);

export async function requireBranch(exec: Db | Tx, branchId: number, field = "branch_id") {
  const [b] = await exec.select({ id: branches.id, name: branches.name }).from(branches).where(eq(branches.id, branchId));
  if (!b) throw new FieldError("Choose one of the branches.", field);
  return b;
}

export async function requireProducts(exec: Db | Tx, ids: number[], field: string) {
  const unique = [...new Set(ids)];
  const found = unique.length
    ? await exec.select({ id: products.productId, name: products.productName }).from(products).where(inArray(products.productId, unique))
    : [];
  if (found.length !== unique.length) throw new FieldError("Choose products of the catalogue.", field);
  return new Map(found.map((p) => [p.id, p.name]));
}
