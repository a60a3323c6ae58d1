import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type CountWindows, toCounts, type WindowCounts, windowCountColumns } from "../../db/count-windows.ts";
import { dealerDocuments, dealers } from "../../db/schema/dealers.ts";

/** Applications waiting for a decision: all now, and those of them submitted in each period (dashboard). */
export async function pendingApplicationCounts(db: Db, windows: CountWindows): Promise<WindowCounts> {
  const [row] = await db.select(windowCountColumns(dealers.submittedAt, windows)).from(dealers).where(eq(dealers.regStatus, "Pending"));
  return toCounts(row);
}

/**
 * Documents waiting for review on applications already with the team (Pending, Approved, Suspended), replacements
 * of rejected ones included: all now, and those uploaded in each period (dashboard).
 */
export async function documentsAwaitingReviewCounts(db: Db, windows: CountWindows): Promise<WindowCounts> {
  const [row] = await db
    .select(windowCountColumns(dealerDocuments.createdAt, windows))
    .from(dealerDocuments)
    .innerJoin(dealers, eq(dealers.id, dealerDocuments.dealerId))
    .where(and(eq(dealerDocuments.reviewStatus, "pending"), inArray(dealers.regStatus, ["Pending", "Approved", "Suspended"])));
  return toCounts(row);
}
