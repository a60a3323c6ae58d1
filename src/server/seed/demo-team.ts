import { desc, eq } from "drizzle-orm";
import { ROLE_IDS } from "#shared/roles.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/accounts.ts";
import { orders } from "../db/schema/commerce.ts";
import { companyMembers } from "../db/schema/dealer-buying.ts";
import { dealers } from "../db/schema/dealers.ts";
import { hashPassword } from "../modules/accounts/accounts.service.ts";
import { DEMO_TEAM } from "./accounts.ts";

/**
 * The demo dealer's team: its owner (the demo dealer), a buyer and a technician, both signed up through
 * the owner's invitations long ago. The company's latest order was placed by the buyer.
 */
export async function seedDemoTeam(db: Db, ownerUserId: number): Promise<void> {
  const [company] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, ownerUserId));
  if (!company) throw new Error("the demo dealer has no company");
  const ids: Record<(typeof DEMO_TEAM)[number]["role"], number> = { buyer: 0, technician: 0 };
  for (const member of DEMO_TEAM) {
    const [row] = await db
      .insert(users)
      .values({
        fullName: member.fullName,
        username: member.username,
        email: member.email,
        passwordHash: await hashPassword(member.password),
        roleId: member.role === "buyer" ? ROLE_IDS.dealer : ROLE_IDS.technician,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    ids[member.role] = row?.id as number;
    await db.insert(companyMembers).values({ userId: row?.id as number, dealerId: company.id, role: member.role, invitedBy: ownerUserId });
  }
  const [latest] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, ownerUserId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  if (latest) await db.update(orders).set({ placedBy: ids.buyer }).where(eq(orders.id, latest.id));
}
