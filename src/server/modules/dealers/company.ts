import { inArray } from "drizzle-orm";
import { can } from "#shared/can.ts";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import type { SignedIn } from "../../platform/auth/actor.ts";

/**
 * A dealer company's records and its people. Orders, quotations, the cart, kits and the price tier are
 * kept under the company's owner (`actor.companyUserId`); who placed an order or asked for a quotation is kept
 * beside it (`placed_by`).
 */

/**
 * Whose quotation a request becomes: the company's for its owner and buyers; a technician's own, as any signed-in
 * user's (a technician sees no prices, so the company's quotations are not theirs to read).
 */
export function quotationOwnerOf(actor: SignedIn): number {
  return can.readCompanyQuotations(actor) ? actor.companyUserId : actor.id;
}

/** Who placed a record, named: its `placed_by`, or the owner on records from before teams. */
export function placedBy(userId: number, names: Map<number, string>): { id: number; full_name: string } | null {
  const name = names.get(userId);
  return name === undefined ? null : { id: userId, full_name: name };
}

/** The full names of the people who placed some records (their owner when no one else is named). */
export async function placerNames(exec: Db | Tx, rows: { userId: number | null; placedBy: number | null }[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => [r.placedBy ?? r.userId].filter((id): id is number => id !== null)))];
  if (ids.length === 0) return new Map();
  const found = await exec.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, u.fullName]));
}
