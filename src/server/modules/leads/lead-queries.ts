import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { quotationProducts, quotations } from "../../db/schema/commerce.ts";
import { companyMembers } from "../../db/schema/dealer-buying.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { dealerProfiles, leadOffers, leads } from "../../db/schema/installer-network.ts";
import { NotFoundError } from "../../platform/errors.ts";

export type LeadRow = typeof leads.$inferSelect;

export async function kitOf(exec: Db | Tx, quotationId: number) {
  return exec
    .select({ productName: quotationProducts.productName, quantity: quotationProducts.quantity })
    .from(quotationProducts)
    .where(eq(quotationProducts.quotationId, quotationId))
    .orderBy(asc(quotationProducts.id));
}

/** The addresses a dealer company's lead mails go to: its owner and its buyers. */
export async function dealerRecipients(exec: Db | Tx, dealerId: number): Promise<string[]> {
  const owner = await exec
    .select({ email: users.email })
    .from(dealers)
    .innerJoin(users, eq(users.id, dealers.userId))
    .where(eq(dealers.id, dealerId));
  const buyers = await exec
    .select({ email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.dealerId, dealerId), eq(companyMembers.role, "buyer")));
  return [...new Set([...owner, ...buyers].map((r) => r.email))];
}

/** The customer's contact on the quotation. */
export async function contactOf(exec: Db | Tx, quotationId: number) {
  const [q] = await exec
    .select({
      name: quotations.requesterName,
      phone: quotations.requesterPhone,
      email: quotations.requesterEmail,
      address: quotations.requesterAddress,
    })
    .from(quotations)
    .where(eq(quotations.id, quotationId));
  if (!q) throw new NotFoundError();
  return q;
}

/** What the customer is told about their installer: the profile's phone and e-mail, else the owner's address. */
export async function installerOf(exec: Db | Tx, dealerId: number) {
  const [row] = await exec
    .select({
      tradingName: sql<string>`coalesce(${dealers.tradingName}, ${dealers.registeredCompany}, '')`,
      phone: dealerProfiles.phone,
      email: dealerProfiles.email,
      slug: dealerProfiles.slug,
      published: dealerProfiles.published,
      ownerEmail: users.email,
    })
    .from(dealers)
    .innerJoin(users, eq(users.id, dealers.userId))
    .leftJoin(dealerProfiles, eq(dealerProfiles.dealerId, dealers.id))
    .where(eq(dealers.id, dealerId));
  if (!row) throw new NotFoundError();
  return {
    tradingName: row.tradingName,
    phone: row.phone ?? "",
    email: row.email || row.ownerEmail,
    // The profile is linked only when it is public.
    slug: row.published ? row.slug : null,
  };
}

/** Gives the lead to the dealer (exactly once: the lead must still be open or unassigned) and withdraws the other offers. */
export async function give(tx: Tx, lead: LeadRow, dealerId: number, now: Date, assignedBy: number | null): Promise<boolean> {
  const [won] = await tx
    .update(leads)
    .set({ status: "accepted", dealerId, acceptedAt: now, assignedBy, updatedAt: now })
    .where(and(eq(leads.id, lead.id), assignedBy === null ? eq(leads.status, "open") : inArray(leads.status, ["open", "unassigned"])))
    .returning({ id: leads.id });
  if (!won) return false;
  await tx
    .update(leadOffers)
    .set({ status: "withdrawn", respondedAt: now })
    .where(and(eq(leadOffers.leadId, lead.id), eq(leadOffers.status, "offered"), ne(leadOffers.dealerId, dealerId)));
  return true;
}

export function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}
