import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { type MemberRole, ROLE_IDS, roleIdOfMember } from "#shared/roles.ts";
import {
  type ChangeMemberRoleInput,
  EMAIL_TAKEN_FOR_TEAM,
  type InviteMemberInput,
  NOT_A_MEMBER,
  TEAM_NEEDS_APPROVAL,
  type TeamMemberView,
} from "#shared/schemas/team.ts";
import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { passwordResetTokens, users } from "../../db/schema/accounts.ts";
import { companyMembers } from "../../db/schema/dealer-buying.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { type Actor, requireCompanyOwner, requireUser, type SignedIn } from "../../platform/auth/actor.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../../platform/errors.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { AccountsService } from "../accounts/accounts.service.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { addedToTeamMail, teamInvitationMail } from "./team-mail.ts";

export type TeamDeps = {
  db: Db;
  mailer: Mailer;
  settings: SettingsService;
  accounts: AccountsService;
  audit: AuditService;
  siteUrl: string;
};

/**
 * A dealer company's team (issue 25 §4). The owner (the account that applied, `dealers.user_id`) invites buyers and
 * technicians, changes their roles and removes them; every change is audited in its transaction. Buyers are dealers
 * (role 2) acting for the company, technicians role 5. A removed member's sessions end at once and the account is a
 * plain user's again.
 */
export function createTeamService({ db, mailer, settings, accounts, audit, siteUrl }: TeamDeps) {
  /** The owner's company row, locked, and only once the application is approved. */
  async function approvedCompany(tx: Tx, owner: SignedIn) {
    const [company] = await tx.select().from(dealers).where(eq(dealers.userId, owner.companyUserId)).for("update");
    if (!company) throw new ConflictError(TEAM_NEEDS_APPROVAL);
    if (company.regStatus !== "Approved") throw new ConflictError(TEAM_NEEDS_APPROVAL);
    return company;
  }

  async function memberOf(tx: Tx, dealerId: number, userId: number) {
    const [row] = await tx
      .select({ member: companyMembers, user: users })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.userId, userId), eq(companyMembers.dealerId, dealerId)))
      .for("update");
    if (!row) throw new NotFoundError(NOT_A_MEMBER);
    return row;
  }

  const companyLabel = (c: { tradingName: string | null; registeredCompany: string | null }) =>
    c.tradingName || c.registeredCompany || "your company";

  return {
    /** The company's people, the owner first: for anyone of the company (only the owner changes it). */
    async list(actor: Actor): Promise<TeamMemberView[]> {
      const me = requireUser(actor);
      if (me.teamRole === null) throw new ForbiddenError("Only a dealer company's people can see its team.");
      const [company] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, me.companyUserId)).limit(1);
      const [owner] = await db.select().from(users).where(eq(users.id, me.companyUserId)).limit(1);
      if (!owner) throw new NotFoundError();
      const members = company
        ? await db
            .select({ member: companyMembers, user: users })
            .from(companyMembers)
            .innerJoin(users, eq(users.id, companyMembers.userId))
            .where(eq(companyMembers.dealerId, company.id))
            .orderBy(asc(companyMembers.createdAt), asc(companyMembers.userId))
        : [];
      // Invited: a member whose invitation link is still unused and who has never chosen a password through it.
      const pending = new Set(
        members.length === 0
          ? []
          : (
              await db
                .select({ userId: passwordResetTokens.userId })
                .from(passwordResetTokens)
                .where(
                  and(
                    inArray(
                      passwordResetTokens.userId,
                      members.map((m) => m.user.id),
                    ),
                    eq(passwordResetTokens.purpose, "invite"),
                    isNull(passwordResetTokens.usedAt),
                    gt(passwordResetTokens.expiresAt, new Date()),
                  ),
                )
            ).map((r) => r.userId),
      );
      return [
        {
          id: owner.id,
          full_name: owner.fullName,
          email: owner.email,
          role: "owner",
          status: "active",
          added_at: owner.createdAt.toISOString(),
        },
        ...members.map(({ member, user }) => ({
          id: user.id,
          full_name: user.fullName,
          email: user.email,
          role: member.role,
          status: pending.has(user.id) ? ("invited" as const) : ("active" as const),
          added_at: member.createdAt.toISOString(),
        })),
      ];
    },

    /**
     * The owner invites someone by e-mail: a new account with a link to choose its password (three days), or an
     * existing plain account (a user who never applied as a dealer) joins at once and is told so. Any other account
     * with that address is refused (409), as is a company whose application is not approved.
     */
    async invite(actor: Actor, input: InviteMemberInput, origin = siteUrl): Promise<TeamMemberView> {
      const owner = requireCompanyOwner(actor);
      const site = await settings.get();
      try {
        return await db.transaction(async (tx) => {
          const company = await approvedCompany(tx, owner);
          const [inviter] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, owner.id));
          const [existing] = await tx
            .select()
            .from(users)
            .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
            .for("update");
          let user: typeof users.$inferSelect;
          if (existing) {
            const [applied] = await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, existing.id));
            const [member] = await tx.select().from(companyMembers).where(eq(companyMembers.userId, existing.id));
            if (existing.roleId !== ROLE_IDS.user || applied || member) throw new ConflictError(EMAIL_TAKEN_FOR_TEAM);
            [user] = (await tx
              .update(users)
              .set({ roleId: roleIdOfMember(input.role), updatedAt: new Date() })
              .where(eq(users.id, existing.id))
              .returning()) as [typeof users.$inferSelect];
            await queueMails(mailer, tx, [
              addedToTeamMail({
                to: user.email,
                name: user.fullName,
                company: companyLabel(company),
                site: site.companyName,
                role: input.role,
                invitedBy: inviter?.fullName ?? "The owner",
                url: `${origin}/login`,
              }),
            ]);
          } else {
            const created = await accounts.createInvitedAccount(tx, { ...input, roleId: roleIdOfMember(input.role) }, origin);
            user = created.user;
            await queueMails(mailer, tx, [
              teamInvitationMail({
                to: user.email,
                name: user.fullName,
                company: companyLabel(company),
                site: site.companyName,
                role: input.role,
                invitedBy: inviter?.fullName ?? "The owner",
                url: created.url,
              }),
            ]);
          }
          const [member] = await tx
            .insert(companyMembers)
            .values({ userId: user.id, dealerId: company.id, role: input.role, invitedBy: owner.id })
            .returning();
          await audit.record(tx, owner, {
            entity: "team-member",
            entityId: user.id,
            action: "create",
            summary: `${user.fullName} <${user.email}> added to ${companyLabel(company)}'s team as ${input.role}`,
            after: { company: companyLabel(company), role: input.role, email: user.email },
          });
          return {
            id: user.id,
            full_name: user.fullName,
            email: user.email,
            role: input.role,
            status: existing ? ("active" as const) : ("invited" as const),
            added_at: (member?.createdAt ?? new Date()).toISOString(),
          };
        });
      } catch (err) {
        // The same address invited twice at once: the other request made the account.
        if (isUniqueViolation(err)) throw new ConflictError(EMAIL_TAKEN_FOR_TEAM);
        throw err;
      }
    },

    /** The owner changes a member's role; it applies from the member's next request (their role is read each time). */
    async changeRole(actor: Actor, userId: number, input: ChangeMemberRoleInput): Promise<TeamMemberView> {
      const owner = requireCompanyOwner(actor);
      return db.transaction(async (tx) => {
        const company = await approvedCompany(tx, owner);
        const { member, user } = await memberOf(tx, company.id, userId);
        if (member.role !== input.role) {
          await tx.update(companyMembers).set({ role: input.role }).where(eq(companyMembers.userId, userId));
          await tx
            .update(users)
            .set({ roleId: roleIdOfMember(input.role), updatedAt: new Date() })
            .where(eq(users.id, userId));
          await audit.record(tx, owner, {
            entity: "team-member",
            entityId: userId,
            action: "update",
            summary: `${user.fullName} is now a ${input.role} of ${companyLabel(company)}`,
            before: { role: member.role },
            after: { role: input.role },
          });
        }
        return {
          id: user.id,
          full_name: user.fullName,
          email: user.email,
          role: input.role as MemberRole,
          status: "active",
          added_at: member.createdAt.toISOString(),
        };
      });
    },

    /** The owner removes a member: off the team, a plain user again, every session ended in the same transaction. */
    async remove(actor: Actor, userId: number): Promise<void> {
      const owner = requireCompanyOwner(actor);
      await db.transaction(async (tx) => {
        const [company] = await tx.select().from(dealers).where(eq(dealers.userId, owner.companyUserId)).for("update");
        if (!company) throw new NotFoundError(NOT_A_MEMBER);
        const { member, user } = await memberOf(tx, company.id, userId);
        await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
        await tx.update(users).set({ roleId: ROLE_IDS.user, updatedAt: new Date() }).where(eq(users.id, userId));
        const ended = await accounts.endAllSessions(tx, userId);
        await audit.record(tx, owner, {
          entity: "team-member",
          entityId: userId,
          action: "delete",
          summary: `${user.fullName} <${user.email}> removed from ${companyLabel(company)}'s team (${ended} session${ended === 1 ? "" : "s"} ended)`,
          before: { company: companyLabel(company), role: member.role, email: user.email },
        });
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
