import { randomUUID } from "node:crypto";
import { ROLE_IDS } from "#shared/roles.ts";
import type { RegisteredAddress } from "#shared/schemas/dealers.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/accounts.ts";
import { dealerDocuments, dealerStatusHistory, dealers, installations } from "../db/schema/dealers.ts";
import { hashPassword } from "../modules/accounts/accounts.service.ts";
import { addressColumns } from "../modules/dealers/index.ts";
import { documentSvg } from "./artwork.ts";
import { DAY, type DemoContentOptions, slugify } from "./demo-common.ts";
import { seedDemoDocumentExpiry } from "./demo-document-expiry.ts";
import { seedDemoPricing } from "./demo-pricing.ts";
import type { DemoProductRow } from "./demo-products.ts";
import type { PictureList } from "./pictures.ts";

/**
 * The dealer companies: the demo dealer's approved application, a pending one to review, a Gold-tier dealer, their
 * prices, and the documents' expiry dates.
 */
export async function seedDemoCompanies(db: Db, opts: DemoContentOptions, productRows: DemoProductRow[]): Promise<void> {
  const { pictures } = opts;
  // The demo dealer's approved application, and a pending one from another company for the back office to review.
  await seedDealerApplication(db, pictures, {
    userId: opts.dealerUserId,
    company: "Sunrise Solar Installations (Private) Limited",
    trading: "Sunrise Solar",
    regNumber: "1234/2019",
    vat: "100456789",
    tin: "2001234567",
    address: { province: "Harare", city: "Harare", street: "Lytton Road, Workington", houseNo: "45" },
    approved: true,
    submittedDaysAgo: 40,
    installations: [
      ["Hybrid backup for a family home in Greendale", "5kW", "moyo.family@example.com", "+263772000001", 90],
      ["Off-grid borehole pump on a Norton smallholding", "3kW", "norton.farm@example.com", "+263772000002", 60],
      ["Rooftop system for a Msasa workshop", "15kW", "msasa.works@example.com", "+263772000003", 30],
    ],
  });
  const applicant = await insertCompanyAccount(db, {
    fullName: "Tatenda Moyo",
    username: "tatenda.moyo",
    email: "tatenda@kopje-energy.example",
    roleId: ROLE_IDS.user,
    verifiedDaysAgo: 8,
  });
  await seedDealerApplication(db, pictures, {
    userId: applicant,
    company: "Kopje Energy (Private) Limited",
    trading: "Kopje Energy",
    regNumber: "5678/2022",
    vat: null,
    tin: "2009876543",
    address: { province: "Bulawayo", city: "Bulawayo", street: "Jason Moyo Avenue", houseNo: "8" },
    approved: false,
    submittedDaysAgo: 2,
    installations: [
      ["Solar water pumping for a Mazowe orchard", "7.5kW", "mazowe.orchard@example.com", "+263773000001", 120],
      ["Hybrid inverter and batteries for a Kwekwe clinic", "10kW", "kwekwe.clinic@example.com", "+263773000002", 75],
      ["Rooftop panels for a Bulawayo guest house", "6kW", "byo.guesthouse@example.com", "+263773000003", 20],
    ],
  });

  // A second approved dealer, a volume installer in the Gold tier: the demo dealer buys at Silver.
  const goldDealer = await insertCompanyAccount(db, {
    fullName: "Nyasha Zvobgo",
    username: "nyasha.zvobgo",
    email: "nyasha@zambezi-power.example",
    roleId: ROLE_IDS.dealer,
    verifiedDaysAgo: 200,
  });
  await seedDealerApplication(db, pictures, {
    userId: goldDealer,
    company: "Zambezi Power Solutions (Private) Limited",
    trading: "Zambezi Power",
    regNumber: "0917/2014",
    vat: "10023456",
    tin: "2000456789",
    // Registered before addresses had parts: one line only, so the back office and the company's home ask for them.
    address: "3 Simon Mazorodze Road, Southerton, Harare",
    approved: true,
    submittedDaysAgo: 400,
    installations: [
      ["Grid-tied array for a Ruwa packaging plant", "120kW", "ruwa.plant@example.com", "+263774000101", 200],
      ["Hybrid system for a Marondera school", "30kW", "marondera.school@example.com", "+263774000102", 140],
      ["Solar irrigation for a Chegutu farm", "45kW", "chegutu.farm@example.com", "+263774000103", 50],
    ],
  });
  await seedDemoPricing(db, productRows, { silver: [opts.dealerUserId], gold: [goldDealer] });
  // Documents' expiry dates, a ZERA licence, and a company on hold with its renewal to review.
  await seedDemoDocumentExpiry(db, pictures, {
    dealerUserId: opts.dealerUserId,
    zambeziUserId: goldDealer,
    seedCompany: async ({ fullName, username, email, ...company }) => {
      const userId = await insertCompanyAccount(db, { fullName, username, email, roleId: ROLE_IDS.dealer, verifiedDaysAgo: 300 });
      await seedDealerApplication(db, pictures, { userId, ...company, vat: null, approved: true, submittedDaysAgo: 300 });
      return userId;
    },
  });
}

/** Another company's account, verified `verifiedDaysAgo`; nobody signs in as it: the password is random and never shown. */
export async function insertCompanyAccount(
  db: Db,
  a: { fullName: string; username: string; email: string; roleId: number; verifiedDaysAgo: number },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      fullName: a.fullName,
      username: a.username,
      email: a.email,
      passwordHash: await hashPassword(randomUUID()),
      roleId: a.roleId,
      emailVerifiedAt: new Date(Date.now() - a.verifiedDaysAgo * DAY),
    })
    .returning({ id: users.id });
  return row?.id as number;
}

type DealerApplicationSeed = {
  userId: number;
  company: string;
  trading: string;
  regNumber: string;
  vat: string | null;
  tin: string | null;
  /** The registered address in its parts (decision 016), or the one line of a company registered before them. */
  address: RegisteredAddress | string;
  /** Approved with every document approved, or submitted (Pending) with every document awaiting review. */
  approved: boolean;
  submittedDaysAgo: number;
  /** description, size, customer e-mail, phone, days ago */
  installations: [string, string, string, string, number][];
};

/**
 * A complete dealer application with its installations, status history and (private, SPECIMEN) documents, whose
 * pictures are recorded in `pictures` (their rows' size is written once drawn).
 */
export async function seedDealerApplication(db: Db, pictures: PictureList | null, a: DealerApplicationSeed) {
  const now = Date.now();
  const [dealer] = await db
    .insert(dealers)
    .values({
      userId: a.userId,
      registeredCompany: a.company,
      tradingName: a.trading,
      companyRegNumber: a.regNumber,
      vatNumber: a.vat,
      tin: a.tin,
      ...(typeof a.address === "string" ? { address: a.address } : addressColumns(a.address)),
      regStatus: a.approved ? "Approved" : "Pending",
      submittedAt: new Date(now - a.submittedDaysAgo * DAY),
    })
    .returning({ id: dealers.id });
  const dealerId = dealer?.id as number;
  await db.insert(dealerStatusHistory).values([
    {
      dealerId,
      fromStatus: null,
      toStatus: "Pending",
      reason: "Application submitted",
      createdAt: new Date(now - a.submittedDaysAgo * DAY),
    },
    ...(a.approved
      ? [
          {
            dealerId,
            fromStatus: "Pending" as const,
            toStatus: "Approved" as const,
            reason: "Documents verified",
            createdAt: new Date(now - (a.submittedDaysAgo - 5) * DAY),
          },
        ]
      : []),
  ]);
  await db.insert(installations).values(
    a.installations.map(([systemDescription, sizeOfSystem, email, phoneNumber, daysAgo]) => ({
      dealerId,
      clientId: String(now - daysAgo * DAY),
      systemDescription,
      sizeOfSystem,
      email,
      phoneNumber,
    })),
  );
  const documents = [
    { kind: "tax_clearance" as const, title: "Tax Clearance Certificate (ITF263)" },
    { kind: "certificate_of_incorporation" as const, title: "Certificate of Incorporation" },
    { kind: "director_id" as const, title: "National ID - Director 1" },
    { kind: "director_id" as const, title: "National ID - Director 2" },
  ];
  const documentRows = [];
  for (const d of documents) {
    const key = `dealer-documents/${dealerId}/${randomUUID()}.webp`;
    pictures?.document(key, documentSvg(d.title, a.company));
    documentRows.push({
      dealerId,
      kind: d.kind,
      storageKey: key,
      originalName: `${slugify(d.title)}.png`,
      mimeType: "image/webp",
      sizeBytes: 0,
      reviewStatus: a.approved ? ("approved" as const) : ("pending" as const),
    });
  }
  await db.insert(dealerDocuments).values(documentRows);
}
