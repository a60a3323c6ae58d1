import { desc, eq } from "drizzle-orm";
import { can } from "#shared/can.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { orders } from "../../db/schema/commerce.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { dealerProfiles } from "../../db/schema/installer-network.ts";
import type { Actor } from "../../platform/auth/actor.ts";

/** A dealer company's contact as its quote requests start from: each part may be empty when the company has none. */
export type CompanyContact = { name: string; address: string; email: string; phone: string };

/**
 * The contact a dealer company's quote request is filled in with (the cart's "Request a quote for my cart"): the
 * company's trading name (else its registered name) and address from its application, the e-mail and phone of its
 * installer profile, else the owner's account e-mail and the phone given with the company's latest order. Null for
 * anyone outside a dealer company (owners and buyers: role dealer; technicians: role technician).
 */
export async function companyContact(db: Db, actor: Actor): Promise<CompanyContact | null> {
  if (!actor || !can.enterDealerArea(actor)) return null;
  const owner = actor.companyUserId;
  const [[company], [profile], [account], [order]] = await Promise.all([
    db
      .select({ id: dealers.id, trading: dealers.tradingName, registered: dealers.registeredCompany, address: dealers.address })
      .from(dealers)
      .where(eq(dealers.userId, owner))
      .limit(1),
    db
      .select({ email: dealerProfiles.email, phone: dealerProfiles.phone })
      .from(dealerProfiles)
      .innerJoin(dealers, eq(dealers.id, dealerProfiles.dealerId))
      .where(eq(dealers.userId, owner))
      .limit(1),
    db.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, owner)).limit(1),
    db.select({ phone: orders.contactPhone }).from(orders).where(eq(orders.userId, owner)).orderBy(desc(orders.createdAt)).limit(1),
  ]);
  return {
    name: (company?.trading || company?.registered || account?.fullName || "").trim(),
    address: (company?.address ?? "").trim(),
    email: (profile?.email || account?.email || "").trim(),
    phone: (profile?.phone || order?.phone || "").trim(),
  };
}
