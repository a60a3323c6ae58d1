import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { type CountWindows, toCounts, type WindowCounts, windowCountColumns } from "../sales/count-windows.ts";

/** Applications waiting for a decision: all now, and those of them submitted in each period (dashboard). */
export async function pendingApplicationCounts(db: Db, windows: CountWindows): Promise<WindowCounts> {
  const [row] = await db.select(windowCountColumns(dealers.submittedAt, windows)).from(dealers).where(eq(dealers.regStatus, "Pending"));
  return toCounts(row);
}
