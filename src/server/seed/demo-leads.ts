import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { products } from "../db/schema/catalogue.ts";
import { quotationProducts, quotations } from "../db/schema/commerce.ts";
import { dealers } from "../db/schema/dealers.ts";
import { dealerProfiles, leadOffers, leads } from "../db/schema/installer-network.ts";

const HOUR = 3_600_000;

/**
 * The installer leads' demo: three visitors' quote requests that asked for a certified installer. One in Harare offered to
 * Sunrise Solar (the demo dealer) with 30 hours left, one in Mashonaland East that Sunrise Solar accepted (its
 * contact shown on /dealer/leads; Zambezi Power's offer withdrawn), one in Matabeleland North no dealer serves
 * (unassigned, for the back office to assign). Sunrise Solar gets a minimal published profile serving Harare only if
 * it has none (the installer directory's seed writes the real one).
 */
export async function seedDemoLeads(db: Db, dealerUserId: number): Promise<void> {
  const [sunrise] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, dealerUserId));
  if (!sunrise) return;
  const [zambezi] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.tradingName, "Zambezi Power"));
  const chosen = await db
    .select({ id: products.productId, name: products.productName, priceUsd: products.priceUsd })
    .from(products)
    .where(isNotNull(products.priceUsd))
    .orderBy(asc(products.productId))
    .limit(12);
  const pick = (...at: number[]) => at.map((i) => chosen[i]).filter((p): p is NonNullable<typeof p> => p !== undefined);
  const now = Date.now();

  await db
    .insert(dealerProfiles)
    .values({
      dealerId: sunrise.id,
      slug: "sunrise-solar",
      published: true,
      city: "Harare",
      province: "harare",
      provincesServed: ["harare", "mashonaland-east"],
      services: ["installation", "maintenance"],
      phone: "+263 77 234 5678",
      email: "info@sunrise-solar.example",
      description: "Home and business solar systems in Harare and Mashonaland East.",
    })
    .onConflictDoNothing();

  const requests = [
    {
      name: "Tatenda Mukwena",
      address: "27 Harare Drive, Mount Pleasant, Harare",
      phone: "+263 77 412 3390",
      email: "tatenda.mukwena@example.com",
      notes: "Four-bedroom house; ZESA cuts of up to 12 hours a day. Would like the system installed before the rains.",
      province: "harare",
      source: "calculator" as const,
      lines: pick(2, 5, 8),
      createdAgo: 18 * HOUR,
    },
    {
      name: "Rumbidzai Chari",
      address: "Plot 14, Bromley Road, Marondera",
      phone: "+263 71 556 0082",
      email: "rumbidzai.chari@example.com",
      notes: "Poultry farm: lights and a 1 HP borehole pump.",
      province: "mashonaland-east",
      source: "quote" as const,
      lines: pick(3),
      createdAgo: 3 * 24 * HOUR,
    },
    {
      name: "Sibusiso Ndlovu",
      address: "House 512, Chinotimba, Victoria Falls",
      phone: "+263 78 220 4417",
      email: "sibusiso.ndlovu@example.com",
      notes: "Guest lodge, six rooms.",
      province: "matabeleland-north",
      source: "cart" as const,
      lines: pick(1, 6),
      createdAgo: 26 * HOUR,
    },
  ];
  const ids: number[] = [];
  for (const r of requests) {
    const createdAt = new Date(now - r.createdAgo);
    const [q] = await db
      .insert(quotations)
      .values({
        status: "pending",
        requesterName: r.name,
        requesterAddress: r.address,
        requesterPhone: r.phone,
        requesterEmail: r.email,
        notes: r.notes,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: quotations.id });
    const quotationId = q?.id as number;
    if (r.lines.length > 0) {
      await db
        .insert(quotationProducts)
        .values(
          r.lines.map((p, i) => ({ quotationId, productId: p.id, productName: p.name, quantity: i === 0 ? 2 : 1, priceUsd: p.priceUsd })),
        );
    }
    const [lead] = await db
      .insert(leads)
      .values({ quotationId, source: r.source, province: r.province, createdAt, updatedAt: createdAt })
      .returning({ id: leads.id });
    ids.push(lead?.id as number);
  }
  const [open, accepted, unassigned] = ids as [number, number, number];

  // Open: offered to Sunrise Solar 18 hours ago, 30 hours left. (Its profile's last_offered_at stays null, so the rotation
  // offers a new Harare enquiry to it first: the browser test relies on it.)
  const openAt = new Date(now - 18 * HOUR);
  await db
    .insert(leadOffers)
    .values({ leadId: open, dealerId: sunrise.id, offeredAt: openAt, expiresAt: new Date(openAt.getTime() + 48 * HOUR) });

  // Accepted by Sunrise Solar the day after it was offered; Zambezi Power's offer withdrawn then.
  const offeredAt = new Date(now - 3 * 24 * HOUR);
  const acceptedAt = new Date(now - 2 * 24 * HOUR);
  const expiresAt = new Date(offeredAt.getTime() + 48 * HOUR);
  const answered = { offeredAt, expiresAt, respondedAt: acceptedAt };
  await db
    .insert(leadOffers)
    .values({ leadId: accepted, dealerId: sunrise.id, status: "accepted", respondedBy: dealerUserId, ...answered });
  if (zambezi) await db.insert(leadOffers).values({ leadId: accepted, dealerId: zambezi.id, status: "withdrawn", ...answered });
  await db
    .update(leads)
    .set({ status: "accepted", dealerId: sunrise.id, acceptedAt, updatedAt: acceptedAt })
    .where(and(eq(leads.id, accepted)));

  // No verified dealer takes leads in Matabeleland North.
  await db.update(leads).set({ status: "unassigned" }).where(eq(leads.id, unassigned));
}
