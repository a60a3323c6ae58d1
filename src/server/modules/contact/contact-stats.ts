import { isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type CountWindows, toCounts, type WindowCounts, windowCountColumns } from "../../db/count-windows.ts";
import { contactMessages } from "../../db/schema/commerce.ts";

/** Messages nobody has opened yet: all now, and those of them received in each period (dashboard). */
export async function unreadMessageCounts(db: Db, windows: CountWindows): Promise<WindowCounts> {
  const [row] = await db
    .select(windowCountColumns(contactMessages.createdAt, windows))
    .from(contactMessages)
    .where(isNull(contactMessages.readAt));
  return toCounts(row);
}
