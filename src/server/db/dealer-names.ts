import { inArray } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";
import { dealers } from "./schema/dealers.ts";

/** The registered company of each of these accounts that has one (orders name the company beside the person). */
export async function companyNames(db: Db | Tx, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: dealers.userId, company: dealers.registeredCompany })
    .from(dealers)
    .where(inArray(dealers.userId, [...new Set(userIds)]));
  return new Map(rows.filter((r) => r.company).map((r) => [r.userId, r.company as string]));
}
