import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { addDays } from "#shared/date-range.ts";
import { harareDate } from "#shared/dates.ts";
import { defaultTaxClearanceExpiry } from "#shared/installer-network.ts";
import type { RegisteredAddress } from "#shared/schemas/dealers.ts";
import type { Db } from "../db/client.ts";
import { dealerDocuments, dealers } from "../db/schema/dealers.ts";
import { documentSvg } from "./artwork.ts";
import type { PictureList } from "./pictures.ts";

const DAY = 86_400_000;

/** Adds one more approved company's application (demo-companies.ts's seedDealerApplication, with its account). */
export type SeedCompany = (a: {
  fullName: string;
  username: string;
  email: string;
  company: string;
  trading: string;
  regNumber: string;
  tin: string;
  address: RegisteredAddress;
  installations: [string, string, string, string, number][];
}) => Promise<number>;

/** A private specimen document of a company (its picture recorded only with the demo's media; its size once drawn). */
function specimen(pictures: PictureList | null, dealerId: number, title: string, holder: string) {
  const key = `dealer-documents/${dealerId}/${randomUUID()}.webp`;
  pictures?.document(key, documentSvg(title, holder));
  return { storageKey: key, mimeType: "image/webp", sizeBytes: 0 };
}

/**
 * The expiring documents' demo, dated from the real day it is seeded (the tax clearances' year end: `seedTaxClearanceExpiries`,
 * once every demo company exists): Zambezi Power holds an approved ZERA licence ST3 valid into next year; and
 * Mutare Sun Energy's tax clearance expired last month: on hold, its renewal waiting for review.
 */
export async function seedDemoDocumentExpiry(
  db: Db,
  pictures: PictureList | null,
  opts: { dealerUserId: number; zambeziUserId: number; seedCompany: SeedCompany },
): Promise<void> {
  const now = new Date();
  const today = harareDate(now);
  const approvedOn = addDays(today, -40);

  const approvedDealers = await db
    .select({ id: dealers.id, userId: dealers.userId })
    .from(dealers)
    .where(eq(dealers.regStatus, "Approved"));
  const zambezi = approvedDealers.find((d) => d.userId === opts.zambeziUserId);
  if (zambezi) {
    await db.insert(dealerDocuments).values({
      dealerId: zambezi.id,
      kind: "zera_licence",
      ...specimen(pictures, zambezi.id, "ZERA Solar PV Installer Licence - Class ST3", "Zambezi Power Solutions (Private) Limited"),
      originalName: "zera-installer-licence-st3.png",
      reviewStatus: "approved",
      reviewedAt: new Date(`${approvedOn}T08:00:00Z`),
      licenceClass: "ST3",
      expiresOn: `${Number(today.slice(0, 4)) + 1}-06-30`,
    });
  }

  // Mutare Sun Energy: its tax clearance expired on the last day of last month; the renewal waits for review.
  const heldUser = await opts.seedCompany({
    fullName: "Chipo Mutasa",
    username: "chipo.mutasa",
    email: "chipo@mutare-sun.example",
    company: "Mutare Sun Energy (Private) Limited",
    trading: "Mutare Sun Energy",
    regNumber: "2231/2017",
    tin: "2000778899",
    address: { province: "Manicaland", city: "Mutare", street: "Herbert Chitepo Street", houseNo: "14" },
    installations: [
      ["Hybrid backup for a Dangamvura clinic", "8kW", "dangamvura.clinic@example.com", "+263775000201", 150],
      ["Solar borehole pump for a Penhalonga farm", "4kW", "penhalonga.farm@example.com", "+263775000202", 90],
      ["Rooftop system for a Mutare lodge", "12kW", "mutare.lodge@example.com", "+263775000203", 40],
    ],
  });
  const [held] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, heldUser));
  if (!held) return;
  const lastMonthEnd = addDays(`${today.slice(0, 7)}-01`, -1);
  const expiredAt = new Date(`${addDays(lastMonthEnd, 1)}T06:00:00Z`);
  await db
    .update(dealerDocuments)
    .set({
      expiresOn: lastMonthEnd,
      reminder30SentAt: new Date(expiredAt.getTime() - 30 * DAY),
      reminder7SentAt: new Date(expiredAt.getTime() - 7 * DAY),
      expiredNoticeSentAt: expiredAt,
    })
    .where(and(eq(dealerDocuments.dealerId, held.id), eq(dealerDocuments.kind, "tax_clearance")));
  await db.update(dealers).set({ documentsExpiredAt: expiredAt }).where(eq(dealers.id, held.id));
  await db.insert(dealerDocuments).values({
    dealerId: held.id,
    kind: "tax_clearance",
    ...specimen(pictures, held.id, `Tax Clearance Certificate (ITF263) ${today.slice(0, 4)}`, "Mutare Sun Energy (Private) Limited"),
    originalName: "tax-clearance-itf263-renewed.png",
    reviewStatus: "pending",
    createdAt: new Date(now.getTime() - DAY),
  });
}

/**
 * The tax clearance's year-end expiry on every approved company's current one, run once all demo companies exist: 31
 * December of the seeding year, or of the next year when that is under five weeks away (in December companies
 * already hold next year's clearance, and a demo or a test run started then must not put every dealer on hold within
 * days). Sunrise Solar's 30-day reminder is marked sent when the date is within 30 days.
 */
export async function seedTaxClearanceExpiries(db: Db, opts: { dealerUserId: number; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  const today = harareDate(now);
  const thisYear = defaultTaxClearanceExpiry(today);
  const taxExpiry = addDays(today, 35) > thisYear ? `${Number(today.slice(0, 4)) + 1}-12-31` : thisYear;
  const approvedDealers = await db
    .select({ id: dealers.id, userId: dealers.userId })
    .from(dealers)
    .where(and(eq(dealers.regStatus, "Approved"), isNull(dealers.documentsExpiredAt)));
  await db
    .update(dealerDocuments)
    .set({ expiresOn: taxExpiry })
    .where(
      and(
        eq(dealerDocuments.kind, "tax_clearance"),
        eq(dealerDocuments.reviewStatus, "approved"),
        isNull(dealerDocuments.expiresOn),
        inArray(
          dealerDocuments.dealerId,
          approvedDealers.map((d) => d.id),
        ),
      ),
    );
  const sunrise = approvedDealers.find((d) => d.userId === opts.dealerUserId);
  if (sunrise && addDays(today, 30) >= taxExpiry) {
    await db
      .update(dealerDocuments)
      .set({ reminder30SentAt: new Date(now.getTime() - 2 * DAY) })
      .where(and(eq(dealerDocuments.dealerId, sunrise.id), eq(dealerDocuments.kind, "tax_clearance")));
  }
}
