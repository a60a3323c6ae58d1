import { and, asc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { can } from "#shared/can.ts";
import {
  APPLICATION_SECTIONS,
  type ApplicationSection,
  applicationCompletion,
  type Completion,
  composeAddress,
  type DealerApplication,
  type DealerStatus,
  type DuplicateDealer,
  type RegisteredAddress,
  ZIMBABWE_PROVINCES,
} from "#shared/schemas/dealers.ts";
import type { DealerTier } from "#shared/schemas/pricing.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { users } from "../../db/schema/accounts.ts";
import { dealerDocuments, dealerStatusHistory, dealers, installations } from "../../db/schema/dealers.ts";
import type { SignedIn } from "../../platform/auth/actor.ts";
import { currentDocuments, documentView } from "./document-view.ts";

// A dealer application as it is read: its rows, its three sections' completion, the view its reader may see, and
// the approved companies it may duplicate. Shared by the applicant's side (dealer-application.ts) and the back
// office's review (dealer-review.ts).

export type DealerRow = typeof dealers.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type DocumentRow = typeof dealerDocuments.$inferSelect;
export type InstallationRow = typeof installations.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Comma-separated names (spec §3): a comma inside a name would split it, so it becomes a space. */
const fileNames = (docs: DocumentRow[]) => (docs.length ? docs.map((d) => d.originalName.replace(/,/g, " ")).join(",") : null);

/** The registered address's parts (decision 016), or null when they are not on file. */
export function registeredAddressOf(dealer: DealerRow | undefined): RegisteredAddress | null {
  if (!dealer?.addressProvince || !dealer.addressCity || !dealer.addressStreet || !dealer.addressHouseNo) return null;
  const province = ZIMBABWE_PROVINCES.find((p) => p === dealer.addressProvince);
  if (!province) return null;
  return { province, city: dealer.addressCity, street: dealer.addressStreet, houseNo: dealer.addressHouseNo };
}

/** The columns of a registered address as saved: its parts and the printed line composed from them; all null for none. */
export function addressColumns(address: RegisteredAddress | null) {
  return {
    address: address ? composeAddress(address) : null,
    addressProvince: address?.province ?? null,
    addressCity: address?.city ?? null,
    addressStreet: address?.street ?? null,
    addressHouseNo: address?.houseNo ?? null,
  };
}

export function completionOf(dealer: DealerRow | undefined, docs: DocumentRow[], installationCount: number): Completion {
  return applicationCompletion({
    registered_company: dealer?.registeredCompany ?? null,
    trading_name: dealer?.tradingName ?? null,
    company_reg_number: dealer?.companyRegNumber ?? null,
    documents: docs.map((d) => ({ kind: d.kind, review_status: d.reviewStatus })),
    installationCount,
  });
}

export function toApplication(
  user: UserRow,
  dealer: DealerRow | undefined,
  allDocs: DocumentRow[],
  rows: InstallationRow[],
  rejection: Rejection | null,
  tier: DealerTier | null,
): DealerApplication {
  const docs = currentDocuments(allDocs);
  const ofKind = (kind: DocumentRow["kind"]) => docs.filter((d) => d.kind === kind);
  return {
    id: user.id,
    dealer_id: user.id,
    user_email: user.email,
    user_username: user.username,
    user_full_name: user.fullName,
    registered_company: dealer?.registeredCompany ?? null,
    trading_name: dealer?.tradingName ?? null,
    company_reg_number: dealer?.companyRegNumber ?? null,
    VAT_number: dealer?.vatNumber ?? null,
    TIN: dealer?.tin ?? null,
    company_address: dealer?.address ?? null,
    registered_address: registeredAddressOf(dealer),
    // An application on file whose address is missing or one line only is asked to complete it (decision 016).
    address_incomplete: Boolean(dealer?.regStatus) && registeredAddressOf(dealer) === null,
    tax_clearance: ofKind("tax_clearance")[0]?.originalName ?? null,
    certificate_of_incorporation: ofKind("certificate_of_incorporation")[0]?.originalName ?? null,
    national_ID_Copies_of_the_Directors: fileNames(ofKind("director_id")),
    installations: rows.map((i) => ({
      id: i.clientId,
      systemDescription: i.systemDescription,
      sizeOfSystem: i.sizeOfSystem,
      email: i.email,
      phoneNumber: i.phoneNumber,
    })),
    reg_status: dealer?.regStatus ?? null,
    submitted_At: iso(dealer?.submittedAt ?? null),
    documents: docs.map((d) => documentView(d)),
    completion: completionOf(dealer, docs, rows.length),
    rejection_reason: dealer?.regStatus === "Rejected" ? (rejection?.reason ?? null) : null,
    rejected_sections: dealer?.regStatus === "Rejected" ? (rejection?.sections ?? []) : [],
    tier,
  };
}

/**
 * An application as its reader may see it, under the money rule (`can.readPastAmounts`): its owner, buyers and admins
 * see everything; a technician of the company reads its details without its price tier and discount, its tax numbers
 * (TIN, VAT number) and its installations' customers' e-mail addresses and phone numbers. (The public installer
 * profile never reads those contacts: installers.service.ts.)
 */
export function applicationForReader<T extends DealerApplication>(reader: SignedIn, view: T): T {
  if (can.readPastAmounts(reader, view.id)) return view;
  return {
    ...view,
    tier: null,
    TIN: null,
    VAT_number: null,
    installations: view.installations.map((i) => ({ ...i, email: null, phoneNumber: null })),
  };
}

/** The latest rejection of an application: the admin's reason and the sections marked to correct. */
type Rejection = { reason: string | null; sections: ApplicationSection[] };

/** Section names as stored, kept to the ones the application knows (the column is plain text). */
export const knownSections = (stored: string[]): ApplicationSection[] => APPLICATION_SECTIONS.filter((s) => stored.includes(s));

/**
 * Documents, installations and the latest rejection (reason and sections) of several applications: three queries whatever their
 * number.
 */
export async function partsOf(db: Db | Tx, dealerIds: number[]) {
  const docs = new Map<number, DocumentRow[]>();
  const installs = new Map<number, InstallationRow[]>();
  const rejections = new Map<number, Rejection>();
  if (dealerIds.length === 0) return { docs, installs, rejections };
  const [docRows, installRows, rejectionRows] = await Promise.all([
    db.select().from(dealerDocuments).where(inArray(dealerDocuments.dealerId, dealerIds)).orderBy(asc(dealerDocuments.id)),
    db.select().from(installations).where(inArray(installations.dealerId, dealerIds)).orderBy(asc(installations.id)),
    db
      .select({ dealerId: dealerStatusHistory.dealerId, reason: dealerStatusHistory.reason, sections: dealerStatusHistory.sections })
      .from(dealerStatusHistory)
      .where(and(inArray(dealerStatusHistory.dealerId, dealerIds), eq(dealerStatusHistory.toStatus, "Rejected")))
      .orderBy(asc(dealerStatusHistory.createdAt), asc(dealerStatusHistory.id)),
  ]);
  for (const d of docRows) docs.set(d.dealerId, [...(docs.get(d.dealerId) ?? []), d]);
  for (const i of installRows) installs.set(i.dealerId, [...(installs.get(i.dealerId) ?? []), i]);
  for (const r of rejectionRows) rejections.set(r.dealerId, { reason: r.reason, sections: knownSections(r.sections) });
  return { docs, installs, rejections };
}

/** A registration number or trading name as compared for duplicates: lower case, letters and digits only. */
const normalised = (column: typeof dealers.companyRegNumber | typeof dealers.tradingName) =>
  sql`regexp_replace(lower(coalesce(${column}, '')), '[^a-z0-9]', '', 'g')`;
const normalise = (value: string | null) => (value ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Approved or suspended dealers (other than the application itself) with the same company registration number or
 * trading name: the same company applying twice, or someone passing as it.
 */
export async function duplicatesOf(db: Db | Tx, row: DealerRow): Promise<DuplicateDealer[]> {
  const regNumber = normalise(row.companyRegNumber);
  const tradingName = normalise(row.tradingName);
  const matching = [
    regNumber ? sql`${normalised(dealers.companyRegNumber)} = ${regNumber}` : null,
    tradingName ? sql`${normalised(dealers.tradingName)} = ${tradingName}` : null,
  ].filter((c): c is SQL => c !== null);
  if (matching.length === 0) return [];
  const rows = await db
    .select()
    .from(dealers)
    .where(and(ne(dealers.id, row.id), inArray(dealers.regStatus, ["Approved", "Suspended"]), or(...matching)))
    .orderBy(asc(dealers.id));
  return rows.map((d) => ({
    id: d.userId,
    registered_company: d.registeredCompany,
    trading_name: d.tradingName,
    company_reg_number: d.companyRegNumber,
    reg_status: d.regStatus as DealerStatus,
    matches: [
      ...(regNumber && normalise(d.companyRegNumber) === regNumber ? (["company_reg_number"] as const) : []),
      ...(tradingName && normalise(d.tradingName) === tradingName ? (["trading_name"] as const) : []),
    ],
  }));
}
