import { asc, eq, sql } from "drizzle-orm";
import { can } from "#shared/can.ts";
import { isAdminRole, roleNameOf } from "#shared/roles.ts";
import {
  type AddInstallationsInput,
  CONFIRM_EMAIL_TO_APPLY,
  type CompanyDetails,
  type DealerApplication,
  type DealerApplicationDetail,
  type DealerStatus,
  type InstallationInput,
  type InstallationsList,
  MAX_INSTALLATIONS,
  type RegisteredAddress,
  type StatusHistoryEntry,
  UNCHANGED_RESUBMISSION,
} from "#shared/schemas/dealers.ts";
import type { Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { users } from "../../db/schema/accounts.ts";
import { dealerStatusHistory, dealers, installations } from "../../db/schema/dealers.ts";
import { type Actor, refuseTeamMember, requireStaff, requireUser, type SignedIn, staffOf } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, ForbiddenError, NotFoundError } from "../../platform/errors.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";
import { tierOfUser } from "../pricing/index.ts";
import {
  addressColumns,
  applicationForReader,
  completionOf,
  type DealerRow,
  duplicatesOf,
  knownSections,
  partsOf,
  registeredAddressOf,
  toApplication,
  type UserRow,
} from "./application-read.ts";
import { type CompanyContact, companyContact } from "./company-contact.ts";
import { applicationReceived, applicationSubmittedToCompany, replacementUploaded } from "./dealer-mail.ts";
import { type DealersContext, touch } from "./dealers-context.ts";
import { renewalUploaded } from "./document-expiry-mail.ts";
import { currentDocuments } from "./document-view.ts";
import type { DocumentRenewal, DocumentReplacement } from "./documents.service.ts";

// The applicant's half of the dealers service (dealers.service.ts is its public face): reading one's application,
// filling in its company details and installations, and submitting it once complete.

export const ADMINS_CANNOT_APPLY = "Back-office accounts cannot apply to become dealers.";
export const OWN_APPLICATION_ONLY = "You can only change your own dealer application.";
export const APPROVED_LOCKED =
  "Your dealer application is approved: its details can no longer be changed here. Please contact us to update them.";
export const SUSPENDED_LOCKED = "Your dealer account is suspended: its details cannot be changed. Please contact us.";
export const DUPLICATE_INSTALLATION = "Each installation needs its own id.";

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

/** The company form's address parts: all four (the schema checks it), or none. */
function addressOfInput(input: CompanyDetails): RegisteredAddress | null {
  const { province, city, street, houseNo } = input;
  return province && city && street && houseNo ? { province, city, street, houseNo } : null;
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

/** The applicant's side of the dealer programme: their company application, its editing and its submission. */
export function createApplicationService({ db, audit, mailSite, send }: DealersContext) {
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
      const admin = staffOf(me) !== null;
      // Decision 035: the back office reads another account's application with dealers.read.
      if (admin && me.id !== userId) requireStaff(me, "dealers.read");
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
          JSON.stringify(registeredAddressOf(row)) === JSON.stringify(addressOfInput(input))
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
            // A one-line address from before the parts stays until parts are given (the form shows it to copy over).
            ...(addressOfInput(input) || registeredAddressOf(row) ? addressColumns(addressOfInput(input)) : {}),
            updatedAt: new Date(),
          })
          .where(eq(dealers.id, row.id));
        return row.id;
      });
      await service.refreshApplication(dealerId);
      return service.myApplication(actor);
    },

    /**
     * PUT /dealer/{id}/address: the company's registered address in FDMS's parts (decision 016), saved by its owner
     * (a verified account of no other company, checked by the route's access) whatever the application's status (a
     * company approved before the address had parts completes it so), or by an admin from the back office (audited).
     * It changes nothing else and submits nothing.
     */
    async saveRegisteredAddress(actor: Actor, userId: number, input: RegisteredAddress): Promise<DealerApplication> {
      const me = requireUser(actor);
      const admin = staffOf(me) !== null;
      // Decision 035: the back office changes a company's record with dealers.verify.
      if (admin && me.id !== userId) requireStaff(me, "dealers.verify");
      if (!admin && (me.id !== userId || !can.actForApplication(me))) throw new ForbiddenError(OWN_APPLICATION_ONLY);
      const user = await userRow(userId);
      if (!user) throw new NotFoundError("No such user.");
      await db.transaction(async (tx) => {
        // The owner's own is made when missing, as saving the company details does; an admin edits one on file.
        const [row] = admin
          ? await tx.select().from(dealers).where(eq(dealers.userId, userId)).for("update")
          : [await ownDealerForUpdate(tx, userId)];
        if (!row) throw new NotFoundError("This account has no dealer application.");
        const after = addressColumns(input);
        await tx
          .update(dealers)
          .set({ ...after, updatedAt: new Date() })
          .where(eq(dealers.id, row.id));
        if (admin) {
          await audit.record(tx, me, {
            entity: "dealer",
            entityId: userId,
            action: "address-changed",
            summary: `${row.tradingName ?? row.registeredCompany ?? user.fullName}: registered address set to ${after.address}`,
            before: { address: row.address },
            after: { address: after.address },
          });
        }
      });
      return applicationForReader(me, (await applicationOf(user)).view);
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
  };
  return service;
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
