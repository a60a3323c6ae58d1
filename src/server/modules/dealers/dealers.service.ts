import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { harareDate } from "#shared/dates.ts";
import { defaultTaxClearanceExpiry } from "#shared/installer-network.ts";
import { isAdminRole, ROLE_IDS, roleNameOf } from "#shared/roles.ts";
import {
  type AddInstallationsInput,
  APPLICATION_SECTIONS,
  type ApplicationSection,
  applicationCompletion,
  CONFIRM_EMAIL_TO_APPLY,
  type CompanyDetails,
  type Completion,
  DEALER_ADMIN_TRANSITIONS,
  type DealerApplication,
  type DealerApplicationDetail,
  type DealerList,
  type DealerListQuery,
  type DealerStatus,
  type DocumentReview,
  type DuplicateDealer,
  duplicateRegNumberRefusal,
  type InstallationInput,
  type InstallationsList,
  MAX_INSTALLATIONS,
  NOT_STARTED,
  REASON_REQUIRED,
  SECTIONS_ONLY_WHEN_REJECTING,
  type StatusChange,
  type StatusHistoryEntry,
  UNCHANGED_RESUBMISSION,
} from "#shared/schemas/dealers.ts";
import { canExpire, type DealerDocumentView, EXPIRY_IN_PAST, EXPIRY_NOT_FOR_KIND } from "#shared/schemas/documents.ts";
import type { DealerTier } from "#shared/schemas/pricing.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containsText } from "../../db/contains-text.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { users } from "../../db/schema/accounts.ts";
import { dealerDocuments, dealerStatusHistory, dealers, installations } from "../../db/schema/dealers.ts";
import { type Actor, canSeeCompanyMoney, refuseTeamMember, requireAdmin, requireUser, type SignedIn } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, ForbiddenError, NotFoundError } from "../../platform/errors.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import { DEFAULT_LINK_ORIGIN } from "../../platform/mailer/mail-templates.ts";
import type { Mail, Mailer } from "../../platform/mailer/mailer.ts";
import type { AccountsService } from "../accounts/accounts.service.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import { listTiers, tierOfUser } from "../pricing/index.ts";
import { type CompanyContact, companyContact } from "./company-contact.ts";
import { applicationReceived, applicationSubmittedToCompany, documentRejected, replacementUploaded, statusChanged } from "./dealer-mail.ts";
import { expiredDocuments } from "./document-expiry.ts";
import { dealerPricesRestored, renewalUploaded } from "./document-expiry-mail.ts";
import { currentDocuments, documentView } from "./document-view.ts";
import type { DocumentRenewal, DocumentReplacement } from "./documents.service.ts";

export type DealersDeps = {
  db: Db;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  accounts: AccountsService;
  /** Back-office decisions are written to the audit log in their transaction. */
  audit: Pick<AuditService, "record">;
  /** The site's address for links in e-mails (SITE_URL, `linkOriginOf`). */
  siteUrl?: string;
  /** The clock of documents' expiry (Harare day). */
  now?: () => Date;
  /** A suspended company's open lead offers are withdrawn and routed on in the suspension's transaction (decision 023). */
  leads: Pick<LeadsService, "withdrawOffersOf" | "mailSite">;
};

type DealerRow = typeof dealers.$inferSelect;
type UserRow = typeof users.$inferSelect;
type DocumentRow = typeof dealerDocuments.$inferSelect;
type InstallationRow = typeof installations.$inferSelect;

export const ADMINS_CANNOT_APPLY = "Back-office accounts cannot apply to become dealers.";
export const OWN_APPLICATION_ONLY = "You can only change your own dealer application.";
export const APPROVED_LOCKED =
  "Your dealer application is approved: its details can no longer be changed here. Please contact us to update them.";
export const SUSPENDED_LOCKED = "Your dealer account is suspended: its details cannot be changed. Please contact us.";
export const DUPLICATE_INSTALLATION = "Each installation needs its own id.";

/**
 * Who may move an application where (admins; the dealer's own resubmission is refreshApplication's):
 * Pending → Approved or Rejected; Approved → Suspended; Suspended → Approved (reinstated).
 */
const ADMIN_TRANSITIONS = DEALER_ADMIN_TRANSITIONS;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export { currentDocuments };

/** Comma-separated names (spec §3): a comma inside a name would split it, so it becomes a space. */
const fileNames = (docs: DocumentRow[]) => (docs.length ? docs.map((d) => d.originalName.replace(/,/g, " ")).join(",") : null);

function completionOf(dealer: DealerRow | undefined, docs: DocumentRow[], installationCount: number): Completion {
  return applicationCompletion({
    registered_company: dealer?.registeredCompany ?? null,
    trading_name: dealer?.tradingName ?? null,
    company_reg_number: dealer?.companyRegNumber ?? null,
    documents: docs.map((d) => ({ kind: d.kind, review_status: d.reviewStatus })),
    installationCount,
  });
}

function toApplication(
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
 * An application as its reader may see it, under the money rule (`canSeeCompanyMoney`): its owner, buyers and admins
 * see everything; a technician of the company reads its details without its price tier and discount, its tax numbers
 * (TIN, VAT number) and its installations' customers' e-mail addresses and phone numbers. (The public installer
 * profile never reads those contacts: installers.service.ts.)
 */
function applicationForReader<T extends DealerApplication>(reader: SignedIn, view: T): T {
  if (canSeeCompanyMoney(reader, view.id)) return view;
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
const knownSections = (stored: string[]): ApplicationSection[] => APPLICATION_SECTIONS.filter((s) => stored.includes(s));

/**
 * Documents, installations and the latest rejection (reason and sections) of several applications: three queries whatever their
 * number.
 */
async function partsOf(db: Db | Tx, dealerIds: number[]) {
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
async function duplicatesOf(db: Db | Tx, row: DealerRow): Promise<DuplicateDealer[]> {
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

/** Same installation, whatever its id: what the dealer would see. */
const installationKey = (i: Pick<InstallationInput, "systemDescription" | "sizeOfSystem" | "email" | "phoneNumber">) =>
  JSON.stringify([i.systemDescription, i.sizeOfSystem, i.email, i.phoneNumber]);

/**
 * Applying is for signed-in, verified, non-back-office accounts (decision 005, DESIGN.md §5). An unconfirmed address
 * is refused with the portal's own notice.
 */
function requireApplicant(actor: Actor): SignedIn {
  const user = requireUser(actor);
  if (!user.emailVerified) throw new ForbiddenError(CONFIRM_EMAIL_TO_APPLY);
  if (isAdminRole(user.role)) throw new ForbiddenError(ADMINS_CANNOT_APPLY);
  // A team member's company applied through its owner.
  refuseTeamMember(user);
  return user;
}

/** An application's details change only while Not Started, Pending or Rejected. */
function assertEditable(status: DealerStatus | null) {
  if (status === "Approved") throw new ConflictError(APPROVED_LOCKED);
  if (status === "Suspended") throw new ConflictError(SUSPENDED_LOCKED);
}

/** Ids for the items sent without one: timestamp text, like the spec's form makes, never one already in use. */
function withClientIds(items: InstallationInput[], taken: Iterable<string>): (InstallationInput & { id: string })[] {
  const used = new Set(taken);
  for (const item of items) if (item.id) used.add(item.id);
  let next = Date.now();
  return items.map((item) => {
    if (item.id) return { ...item, id: item.id };
    while (used.has(String(next))) next++;
    const id = String(next);
    used.add(id);
    return { ...item, id };
  });
}

const missingSections = (c: Completion) =>
  [!c.company && "Company Details", !c.documents && "Required Documents", !c.installations && "Dealer Installations"].filter(
    Boolean,
  ) as string[];

/**
 * The dealer programme: a user's company application, installations, the reg_status lifecycle and the
 * review of each document. Every rule and authorization check of the dealer routes is here.
 */
export function createDealersService({
  db,
  mailer,
  settings,
  audit,
  leads,
  siteUrl = DEFAULT_LINK_ORIGIN,
  now = () => new Date(),
}: DealersDeps) {
  /** What the e-mails name: the site settings and the site's address (read before a transaction: PGlite has one connection). */
  const mailSite = async () => ({ ...(await settings.get()), siteUrl });
  /** Queued in the transaction of the change (decision 007): a committed change always has its mails. */
  async function send(tx: Tx, mails: Mail[]) {
    await queueMails(mailer, tx, mails);
  }

  async function userRow(id: number): Promise<UserRow | undefined> {
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return user;
  }

  async function applicationOf(user: UserRow): Promise<{ view: DealerApplication; dealer: DealerRow | undefined }> {
    const [dealer] = await db.select().from(dealers).where(eq(dealers.userId, user.id)).limit(1);
    const [{ docs, installs, rejections }, tier] = await Promise.all([
      partsOf(db, dealer ? [dealer.id] : []),
      dealer ? tierOfUser(db, user.id) : null,
    ]);
    const id = dealer?.id ?? 0;
    return { view: toApplication(user, dealer, docs.get(id) ?? [], installs.get(id) ?? [], rejections.get(id) ?? null, tier), dealer };
  }

  async function historyOf(dealerId: number, withNames: boolean): Promise<StatusHistoryEntry[]> {
    const rows = await db
      .select({ h: dealerStatusHistory, fullName: users.fullName })
      .from(dealerStatusHistory)
      .leftJoin(users, eq(users.id, dealerStatusHistory.changedBy))
      .where(eq(dealerStatusHistory.dealerId, dealerId))
      .orderBy(asc(dealerStatusHistory.createdAt), asc(dealerStatusHistory.id));
    return rows.map(({ h, fullName }) => ({
      fromStatus: (h.fromStatus as DealerStatus | null) ?? null,
      toStatus: h.toStatus as DealerStatus,
      reason: h.reason,
      sections: knownSections(h.sections),
      changedBy: withNames && h.changedBy !== null ? { id: h.changedBy, fullName: fullName ?? "" } : null,
      at: h.createdAt.toISOString(),
    }));
  }

  /** The caller's application row, made when missing, locked for the rest of the transaction. */
  async function ownDealerForUpdate(tx: Tx, userId: number): Promise<DealerRow> {
    await tx.insert(dealers).values({ userId }).onConflictDoNothing({ target: dealers.userId });
    const [row] = await tx.select().from(dealers).where(eq(dealers.userId, userId)).for("update");
    if (!row) throw new Error("dealer row missing after insert");
    return row;
  }

  async function insertInstallations(tx: Tx, dealerId: number, items: (InstallationInput & { id: string })[], upsert: boolean) {
    if (items.length === 0) return;
    const values = items.map((i) => ({
      dealerId,
      clientId: i.id,
      systemDescription: i.systemDescription,
      sizeOfSystem: i.sizeOfSystem,
      email: i.email,
      phoneNumber: i.phoneNumber,
    }));
    try {
      const insert = tx.insert(installations).values(values);
      if (upsert) {
        await insert.onConflictDoUpdate({
          target: [installations.dealerId, installations.clientId],
          set: {
            systemDescription: sql`excluded.system_description`,
            sizeOfSystem: sql`excluded.size_of_system`,
            email: sql`excluded.email`,
            phoneNumber: sql`excluded.phone_number`,
          },
        });
      } else {
        await insert;
      }
    } catch (err) {
      // Two items with the same id: the unique index refuses, and the whole list with it.
      if (isUniqueViolation(err) || String((err as { cause?: { code?: string } }).cause?.code) === "21000") {
        throw new FieldError(DUPLICATE_INSTALLATION, "installations");
      }
      throw err;
    }
  }

  async function touch(tx: Tx, dealerId: number) {
    await tx.update(dealers).set({ updatedAt: new Date() }).where(eq(dealers.id, dealerId));
  }

  /**
   * An approved renewal lifts the company's hold when none of its current documents has expired any
   * more, in the review's transaction: the owner is told "Your dealer prices are restored", the audit log records it.
   */
  async function liftHoldIfRenewed(
    tx: Tx,
    admin: SignedIn,
    dealerId: number,
    renewed: { kind: DocumentRow["kind"]; expiresOn: string | null },
    today: string,
    site: Awaited<ReturnType<typeof mailSite>>,
  ) {
    const [found] = await tx
      .select({ dealer: dealers, owner: users })
      .from(dealers)
      .innerJoin(users, eq(users.id, dealers.userId))
      .where(eq(dealers.id, dealerId))
      .for("update");
    if (!found?.dealer.documentsExpiredAt) return;
    const docs = await tx.select().from(dealerDocuments).where(eq(dealerDocuments.dealerId, dealerId));
    if (expiredDocuments(docs, today).length > 0) return;
    const { dealer, owner } = found;
    const company = dealer.tradingName ?? dealer.registeredCompany ?? owner.fullName;
    await tx.update(dealers).set({ documentsExpiredAt: null, updatedAt: now() }).where(eq(dealers.id, dealerId));
    await audit.record(tx, admin, {
      entity: "dealer",
      entityId: dealer.userId,
      action: "documents-restored",
      summary: `${company}: renewed ${renewed.kind.replaceAll("_", " ")} approved; dealer prices and checkout restored`,
      before: { documents_expired_at: dealer.documentsExpiredAt?.toISOString() ?? null },
      after: { documents_expired_at: null },
    });
    await send(tx, [dealerPricesRestored({ site, owner, company, kind: renewed.kind, expiresOn: renewed.expiresOn })]);
  }

  const service = {
    /**
     * The caller's own application, or its 'Not Started' shape (reg_status null, nothing filled in) when none; a
     * team member's is their company's.
     */
    /** The contact a dealer company's quote request starts from (company-contact.ts); null outside a dealer company. */
    companyContact(actor: Actor): Promise<CompanyContact | null> {
      return companyContact(db, actor);
    },

    async myApplication(actor: Actor): Promise<DealerApplication> {
      const me = requireUser(actor);
      const user = await userRow(me.companyUserId);
      if (!user) throw new NotFoundError();
      return applicationForReader(me, (await applicationOf(user)).view);
    },

    /**
     * Spec §7 GET /dealer/{id}, by user id ("dealer details by user id"): one's own application, or anyone's for
     * an admin, with its documents, installations and status history.
     */
    async application(actor: Actor, userId: number): Promise<DealerApplicationDetail> {
      const me = requireUser(actor);
      const admin = isAdminRole(me.role);
      if (!admin && me.id !== userId && me.companyUserId !== userId)
        throw new ForbiddenError("You can only see your own dealer application.");
      const user = await userRow(userId);
      if (!user) throw new NotFoundError("No such user.");
      const { view, dealer } = await applicationOf(user);
      return applicationForReader(me, {
        ...view,
        history: dealer ? await historyOf(dealer.id, admin) : [],
        duplicates: dealer && admin ? await duplicatesOf(db, dealer) : [],
      });
    },

    /**
     * Spec §7 POST /dealer/add-dealer/{id}: saves the company details of the caller's own application (made when
     * missing). Refused while Approved or Suspended; a complete application is submitted.
     */
    async saveCompany(actor: Actor, userId: number, input: CompanyDetails): Promise<DealerApplication> {
      const me = requireApplicant(actor);
      if (me.id !== userId) throw new ForbiddenError(OWN_APPLICATION_ONLY);
      const dealerId = await db.transaction(async (tx) => {
        const row = await ownDealerForUpdate(tx, me.id);
        assertEditable(row.regStatus);
        if (
          row.regStatus === "Rejected" &&
          row.registeredCompany === input.registeredCompanyName &&
          row.tradingName === input.tradingName &&
          row.companyRegNumber === input.companyRegistrationNumber &&
          row.vatNumber === input.VATNumber &&
          row.tin === input.TIN &&
          row.address === input.companyAddress
        ) {
          throw new ConflictError(UNCHANGED_RESUBMISSION);
        }
        await tx
          .update(dealers)
          .set({
            registeredCompany: input.registeredCompanyName,
            tradingName: input.tradingName,
            companyRegNumber: input.companyRegistrationNumber,
            vatNumber: input.VATNumber,
            tin: input.TIN,
            address: input.companyAddress,
            updatedAt: new Date(),
          })
          .where(eq(dealers.id, row.id));
        return row.id;
      });
      await service.refreshApplication(dealerId);
      return service.myApplication(actor);
    },

    /**
     * Spec §7 POST /dealer/add-installations/{dealer_id} (the applicant's user id, as for the uploads): one
     * installation (as the spec's form sends them) or a list, added to the caller's own application (made when
     * missing), or updated when its id is already on file; all in one transaction.
     */
    async addInstallations(actor: Actor, userId: number, input: AddInstallationsInput): Promise<DealerApplication> {
      const me = requireApplicant(actor);
      if (me.id !== userId) throw new ForbiddenError(OWN_APPLICATION_ONLY);
      const items = Array.isArray(input) ? input : [input];
      const dealerId = await db.transaction(async (tx) => {
        const row = await ownDealerForUpdate(tx, me.id);
        assertEditable(row.regStatus);
        const existing = await tx.select().from(installations).where(eq(installations.dealerId, row.id));
        if (row.regStatus === "Rejected") {
          const onFile = new Map(existing.map((e) => [e.clientId, installationKey(e)]));
          const onFileKeys = new Set(onFile.values());
          const changes = items.some((i) =>
            i.id && onFile.has(i.id) ? onFile.get(i.id) !== installationKey(i) : !onFileKeys.has(installationKey(i)),
          );
          if (!changes) throw new ConflictError(UNCHANGED_RESUBMISSION);
        }
        const withIds = withClientIds(
          items,
          existing.map((e) => e.clientId),
        );
        const total = new Set([...existing.map((e) => e.clientId), ...withIds.map((i) => i.id)]).size;
        if (total > MAX_INSTALLATIONS) throw new FieldError(`At most ${MAX_INSTALLATIONS} installations.`, "installations");
        await insertInstallations(tx, row.id, withIds, true);
        await touch(tx, row.id);
        return row.id;
      });
      await service.refreshApplication(dealerId);
      return service.myApplication(actor);
    },

    /**
     * PUT /api/dealer/installations: replaces the caller's whole list in one transaction (nothing half-saved), so
     * the form can remove items too. Makes the application when missing.
     */
    async replaceInstallations(actor: Actor, input: InstallationsList): Promise<DealerApplication> {
      const me = requireApplicant(actor);
      const dealerId = await db.transaction(async (tx) => {
        const row = await ownDealerForUpdate(tx, me.id);
        assertEditable(row.regStatus);
        if (row.regStatus === "Rejected") {
          const existing = await tx.select().from(installations).where(eq(installations.dealerId, row.id)).orderBy(asc(installations.id));
          const same =
            existing.length === input.installations.length &&
            existing.every((e, i) => installationKey(e) === installationKey(input.installations[i] as InstallationInput));
          if (same) throw new ConflictError(UNCHANGED_RESUBMISSION);
        }
        await tx.delete(installations).where(eq(installations.dealerId, row.id));
        await insertInstallations(tx, row.id, withClientIds(input.installations, []), false);
        await touch(tx, row.id);
        return row.id;
      });
      await service.refreshApplication(dealerId);
      return service.myApplication(actor);
    },

    /**
     * Submits the application once its three sections are complete: Not Started or Rejected → Pending, with a
     * history row by the dealer, an e-mail to the company and a confirmation to the dealer. Called after every save
     * of company details, installations and documents; does nothing otherwise. True when it submitted.
     */
    async refreshApplication(dealerId: number): Promise<boolean> {
      // Read before the transaction: a read through `db` inside it would wait on PGlite's single connection for it.
      const site = await mailSite();
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(dealers).where(eq(dealers.id, dealerId)).for("update");
        if (!row || (row.regStatus !== null && row.regStatus !== "Rejected")) return false;
        const { docs, installs } = await partsOf(tx, [row.id]);
        const current = currentDocuments(docs.get(row.id) ?? []);
        const installationCount = installs.get(row.id)?.length ?? 0;
        if (completionOf(row, current, installationCount).completed < 3) return false;
        const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
        // A back-office account never applies (requireApplicant); its row, if any, is left alone.
        if (!user || isAdminRole(roleNameOf(user.roleId))) return false;
        const now = new Date();
        await tx.update(dealers).set({ regStatus: "Pending", submittedAt: now, updatedAt: now }).where(eq(dealers.id, row.id));
        const resubmitted = row.regStatus === "Rejected";
        await tx.insert(dealerStatusHistory).values({
          dealerId: row.id,
          fromStatus: row.regStatus,
          toStatus: "Pending",
          reason: resubmitted ? "Application resubmitted" : "Application submitted",
          changedBy: row.userId,
          createdAt: now,
        });
        await send(tx, [
          applicationSubmittedToCompany({
            site,
            applicant: user,
            company: row,
            userId: user.id,
            installationCount,
            documentCount: current.length,
            resubmitted,
          }),
          applicationReceived({ site, applicant: user, company: row, resubmitted }),
        ]);
        return true;
      });
    },

    /**
     * After the dealer's documents changed (documents service): the application may be complete now. When the
     * change replaced rejected documents of an application already with the team (Pending, Approved, Suspended), the
     * back office is told by e-mail (a rejected application coming back complete gets its "resubmitted" e-mail
     * from refreshApplication instead). The e-mail is queued in the transaction that reads the application.
     */
    async documentsChanged(dealerId: number, replaced: DocumentReplacement[] = [], renewals: DocumentRenewal[] = []): Promise<void> {
      const submitted = await service.refreshApplication(dealerId);
      // A renewal that took the place of a rejected renewal is told as a renewal only.
      const replacedRejected = replaced.filter((r) => !renewals.some((n) => n.kind === r.kind));
      if (submitted || (replacedRejected.length === 0 && renewals.length === 0)) return;
      const site = await mailSite();
      await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ dealer: dealers, user: users })
          .from(dealers)
          .innerJoin(users, eq(users.id, dealers.userId))
          .where(eq(dealers.id, dealerId))
          .limit(1);
        if (!found || found.dealer.regStatus === null || found.dealer.regStatus === "Rejected") return;
        const mails: Mail[] = [];
        if (replacedRejected.length) {
          mails.push(
            replacementUploaded({
              site,
              applicant: found.user,
              company: found.dealer,
              userId: found.user.id,
              status: found.dealer.regStatus,
              replaced: replacedRejected,
            }),
          );
        }
        if (renewals.length) {
          const company = found.dealer.tradingName ?? found.dealer.registeredCompany ?? found.user.fullName;
          mails.push(renewalUploaded({ site, owner: found.user, company, userId: found.user.id, renewed: renewals }));
        }
        await send(tx, mails);
      });
    },

    /**
     * Spec §7 PUT /dealer/status/{id} (the user id): an admin moves an application along its lifecycle
     * (ADMIN_TRANSITIONS). Approving needs a complete application whose every document is approved and makes the
     * account a dealer (role_id 2); rejecting or suspending needs a reason and makes it a user again (role_id 1).
     * Sessions see the new role on their next request (the actor is read from the users row every time).
     */
    async changeStatus(actor: Actor, userId: number, input: StatusChange): Promise<DealerApplicationDetail> {
      const admin = requireAdmin(actor);
      if (admin.id === userId) throw new ForbiddenError("You cannot change the status of your own dealer application.");
      const to = input.status;
      if ((to === "Rejected" || to === "Suspended") && !input.reason) throw new FieldError(REASON_REQUIRED, "reason");
      const sections = input.sections ?? [];
      if (sections.length && to !== "Rejected") throw new FieldError(SECTIONS_ONLY_WHEN_REJECTING, "sections");
      const [site, leadSite] = await Promise.all([mailSite(), leads.mailSite()]);
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(dealers).where(eq(dealers.userId, userId)).for("update");
        if (!row) throw new NotFoundError("No dealer application for this user.");
        const from = row.regStatus;
        if (from === null) throw new ConflictError("This application has not been submitted yet.");
        if (from === to) throw new ConflictError(`The application is already ${to}.`);
        if (!ADMIN_TRANSITIONS[from].includes(to)) {
          throw new ConflictError(
            from === "Rejected"
              ? "A rejected application comes back only when the dealer submits it again."
              : `The status cannot change from ${from} to ${to}.`,
          );
        }
        const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for("update");
        if (!user) throw new NotFoundError("No dealer application for this user.");
        let duplicates: DuplicateDealer[] = [];
        if (to === "Approved") {
          duplicates = (await duplicatesOf(tx, row)).filter((d) => d.matches.includes("company_reg_number"));
          if (duplicates.length && !input.confirmDuplicate) {
            throw new ConflictError(
              duplicateRegNumberRefusal(duplicates.map((d) => `${d.registered_company ?? d.trading_name ?? "a dealer"} (user #${d.id})`)),
            );
          }
          const { docs, installs } = await partsOf(tx, [row.id]);
          const current = currentDocuments(docs.get(row.id) ?? []);
          const missing = missingSections(completionOf(row, current, installs.get(row.id)?.length ?? 0));
          if (missing.length) throw new ConflictError(`The application is not complete: ${missing.join(", ")}.`);
          const open = current.filter((d) => d.reviewStatus !== "approved");
          if (open.length) {
            const pending = open.filter((d) => d.reviewStatus === "pending").length;
            const rejected = open.length - pending;
            throw new ConflictError(
              `Every document must be approved first (${[pending && `${pending} pending`, rejected && `${rejected} rejected`].filter(Boolean).join(", ")}).`,
            );
          }
        }
        const now = new Date();
        await tx.update(dealers).set({ regStatus: to, updatedAt: now }).where(eq(dealers.id, row.id));
        // Back-office roles are never changed by a dealer decision.
        const roleId =
          to === "Approved" && user.roleId === ROLE_IDS.user
            ? ROLE_IDS.dealer
            : to !== "Approved" && user.roleId === ROLE_IDS.dealer
              ? ROLE_IDS.user
              : user.roleId;
        if (roleId !== user.roleId) await tx.update(users).set({ roleId, updatedAt: now }).where(eq(users.id, user.id));
        // Decision 023: the whole company is on hold from its people's next request (their sessions read its status);
        // its open lead offers go to verified dealers now, so no customer is told this company will call.
        if (to !== "Approved") await leads.withdrawOffersOf(tx, row.id, now, leadSite);
        await tx.insert(dealerStatusHistory).values({
          dealerId: row.id,
          fromStatus: from,
          toStatus: to,
          reason: input.reason,
          sections,
          changedBy: admin.id,
          createdAt: now,
        });
        await audit.record(tx, admin, {
          entity: "dealer",
          entityId: row.userId,
          action: "status",
          summary: `${row.registeredCompany ?? user.fullName}: ${from} → ${to}${input.reason ? ` (${input.reason})` : ""}`,
          before: { reg_status: from, role_id: user.roleId },
          after: {
            reg_status: to,
            role_id: roleId,
            reason: input.reason,
            ...(sections.length ? { sections } : {}),
            ...(duplicates.length ? { confirmed_duplicate_of: duplicates.map((d) => d.id) } : {}),
          },
        });
        await send(tx, [statusChanged({ site, applicant: user, company: row, from, to, reason: input.reason, sections })]);
      });
      return service.application(actor, userId);
    },

    /**
     * PUT /api/dealer/documents/{documentId}/review: an admin approves or rejects one document (a reason is needed
     * to reject), recording who and when. A rejected document leaves the documents section incomplete until a new
     * one is uploaded; the dealer is told by e-mail.
     */
    async reviewDocument(actor: Actor, documentId: number, input: DocumentReview): Promise<DealerDocumentView> {
      const admin = requireAdmin(actor);
      if (input.status === "rejected" && !input.reason) throw new FieldError(REASON_REQUIRED, "reason");
      const today = harareDate(now());
      if (input.status === "approved" && input.expires_on && input.expires_on < today) throw new FieldError(EXPIRY_IN_PAST, "expires_on");
      const site = await mailSite();
      const reviewed = await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ doc: dealerDocuments, userId: dealers.userId })
          .from(dealerDocuments)
          .innerJoin(dealers, eq(dealers.id, dealerDocuments.dealerId))
          .where(eq(dealerDocuments.id, documentId))
          .for("update");
        if (!found) throw new NotFoundError("Document not found.");
        if (found.userId === admin.id) throw new ForbiddenError("You cannot review the documents of your own dealer application.");
        const approving = input.status === "approved";
        const kind = found.doc.kind;
        if (approving && input.expires_on && !canExpire(kind)) throw new FieldError(EXPIRY_NOT_FOR_KIND, "expires_on");
        // An approved document's last valid day (a tax clearance: 31 December of this year by default).
        const expiresOn = approving
          ? (input.expires_on ?? (kind === "tax_clearance" ? defaultTaxClearanceExpiry(today) : found.doc.expiresOn))
          : found.doc.expiresOn;
        const licenceClass = kind === "zera_licence" ? (input.licence_class ?? found.doc.licenceClass) : null;
        const expiryChanged = expiresOn !== found.doc.expiresOn;
        const [doc] = await tx
          .update(dealerDocuments)
          .set({
            reviewStatus: input.status,
            reviewReason: input.reason,
            reviewedBy: admin.id,
            reviewedAt: now(),
            expiresOn,
            licenceClass,
            // A new expiry date has its own reminders.
            ...(expiryChanged ? { reminder30SentAt: null, reminder7SentAt: null, expiredNoticeSentAt: null } : {}),
          })
          .where(eq(dealerDocuments.id, documentId))
          .returning();
        if (approving) await liftHoldIfRenewed(tx, admin, found.doc.dealerId, { kind, expiresOn }, today, site);
        await touch(tx, found.doc.dealerId);
        await audit.record(tx, admin, {
          entity: "dealer-document",
          entityId: documentId,
          action: input.status === "approved" ? "approve" : "reject",
          summary: `${found.doc.kind.replaceAll("_", " ")} of dealer application ${found.doc.dealerId}${input.reason ? `: ${input.reason}` : ""}`,
          before: {
            review_status: found.doc.reviewStatus,
            review_reason: found.doc.reviewReason,
            ...(canExpire(kind) ? { expires_on: found.doc.expiresOn } : {}),
          },
          after: {
            review_status: input.status,
            review_reason: input.reason,
            ...(canExpire(kind) ? { expires_on: expiresOn } : {}),
            ...(kind === "zera_licence" ? { licence_class: licenceClass } : {}),
          },
        });
        if (input.status === "rejected" && input.reason) {
          const [user] = await tx.select().from(users).where(eq(users.id, found.userId)).limit(1);
          if (user) {
            await send(tx, [
              documentRejected({ site, applicant: user, kind: found.doc.kind, originalName: found.doc.originalName, reason: input.reason }),
            ]);
          }
        }
        return { doc: doc as DocumentRow, userId: found.userId };
      });
      return documentView(reviewed.doc);
    },

    /**
     * Spec §7 GET /dealer/?reg_status=&page_number=&page_size= and the admin list's search (§2: name, e-mail,
     * trading name or username). Newest applications first.
     */
    async list(actor: Actor, query: DealerListQuery): Promise<DealerList> {
      requireAdmin(actor);
      const conditions: SQL[] = [];
      if (query.reg_status === NOT_STARTED) conditions.push(isNull(dealers.regStatus));
      else if (query.reg_status) conditions.push(eq(dealers.regStatus, query.reg_status));
      if (query.search) {
        const search = query.search;
        conditions.push(
          or(
            containsText(users.fullName, search),
            containsText(users.email, search),
            containsText(users.username, search),
            containsText(dealers.tradingName, search),
            containsText(dealers.registeredCompany, search),
          ) as SQL,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ dealer: dealers, user: users })
          .from(dealers)
          .innerJoin(users, eq(users.id, dealers.userId))
          .where(where)
          .orderBy(desc(dealers.id))
          .limit(query.page_size)
          .offset((query.page_number - 1) * query.page_size),
        db.select({ n: count() }).from(dealers).innerJoin(users, eq(users.id, dealers.userId)).where(where),
      ]);
      const [{ docs, installs, rejections }, tiers] = await Promise.all([
        partsOf(
          db,
          rows.map((r) => r.dealer.id),
        ),
        listTiers(db),
      ]);
      // A dealer's own tier, else the lowest (as tierOfUser reads it for one).
      const tierOf = (tierId: number | null) => tiers.find((t) => t.id === tierId) ?? tiers[0] ?? null;
      return {
        rows: rows.map((r) =>
          toApplication(
            r.user,
            r.dealer,
            docs.get(r.dealer.id) ?? [],
            installs.get(r.dealer.id) ?? [],
            rejections.get(r.dealer.id) ?? null,
            tierOf(r.dealer.tierId),
          ),
        ),
        count: total?.n ?? 0,
      };
    },
  };
  return service;
}

export type DealersService = ReturnType<typeof createDealersService>;
