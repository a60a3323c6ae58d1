import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { type MemberRole, ROLE_IDS, roleIdOfMember } from "#shared/roles.ts";
import {
  ALREADY_ON_TEAM,
  CANNOT_JOIN_TEAM,
  type ChangeMemberRoleInput,
  COMPANY_NOT_TAKING_MEMBERS,
  INVITATION_INVALID,
  INVITATION_OTHER_ACCOUNT,
  type InviteMemberInput,
  NOT_A_MEMBER,
  NOT_AN_OPEN_INVITATION,
  TEAM_INVITES_PER_HOUR,
  TEAM_NEEDS_APPROVAL,
  type TeamInvitationPreview,
  type TeamMemberView,
  tooManyInvitations,
} from "#shared/schemas/team.ts";
import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { passwordResetTokens, users } from "../../db/schema/accounts.ts";
import { companyMembers, teamInvitations } from "../../db/schema/dealer-buying.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { type Actor, actorFrom, NOT_COMPANY_PERSON, requireCompanyOwner, requireUser, type SignedIn } from "../../platform/auth/actor.ts";
import { hashToken, newToken } from "../../platform/auth/tokens.ts";
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from "../../platform/errors.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import type { Mail, Mailer } from "../../platform/mailer/mailer.ts";
import { createThrottle, type ThrottleRule } from "../../platform/throttle.ts";
import { type AccountsService, LINK_LIFETIME } from "../accounts/accounts.service.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { teamInvitationMail, teamJoinMail } from "./team-mail.ts";

export type TeamDeps = {
  db: Db;
  mailer: Mailer;
  settings: SettingsService;
  accounts: AccountsService;
  audit: AuditService;
  siteUrl: string;
};

type InvitationRow = typeof teamInvitations.$inferSelect;
type CompanyRow = typeof dealers.$inferSelect;

/** An owner's invitations an hour (decision 023), counted in the database like every other limit (platform/throttle). */
const INVITES: ThrottleRule = { limit: TEAM_INVITES_PER_HOUR, windowMs: 3_600_000 };
/** An invitation lasts as long as its password link (three days). */
const INVITATION_LIFETIME = LINK_LIFETIME.invite;

const companyLabel = (c: { tradingName: string | null; registeredCompany: string | null }) =>
  c.tradingName || c.registeredCompany || "your company";

/** An open invitation as its owner sees it: the name and address typed, never the account's (decision 023). */
function invitationView(inv: InvitationRow): TeamMemberView {
  return {
    id: null,
    invitation_id: inv.id,
    full_name: inv.fullName,
    email: inv.email,
    role: inv.role,
    status: "invited",
    added_at: inv.createdAt.toISOString(),
    expires_at: inv.expiresAt.toISOString(),
  };
}

/**
 * A dealer company's team (decision 023). The owner (the account that applied, `dealers.user_id`)
 * invites buyers and technicians; nobody joins by the owner's word alone: an address without an account gets one and
 * joins when its holder chooses the password through the mailed link; an existing account joins when, signed in as
 * itself, it accepts from the mailed link. The owner's answer is the same either way. The owner changes members'
 * roles and removes them; a removed member keeps their own account and session, without the company's rights. Every
 * change is audited in its transaction.
 */
export function createTeamService({ db, mailer, settings, accounts, audit, siteUrl }: TeamDeps) {
  const throttle = createThrottle(db);

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

  /**
   * Why this invitation cannot be accepted now, or null: the company must still be approved, and the account still a
   * plain user's (no application of its own, on no team) with the address the invitation was sent to.
   */
  async function refusal(exec: Db | Tx, inv: InvitationRow, company: CompanyRow | undefined): Promise<string | null> {
    if (company?.regStatus !== "Approved") return COMPANY_NOT_TAKING_MEMBERS;
    const [user] = await exec.select().from(users).where(eq(users.id, inv.userId)).limit(1);
    if (!user || user.email.toLowerCase() !== inv.email.toLowerCase()) return INVITATION_INVALID;
    const [applied] = await exec.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, user.id)).limit(1);
    const [member] = await exec
      .select({ id: companyMembers.userId })
      .from(companyMembers)
      .where(eq(companyMembers.userId, user.id))
      .limit(1);
    if (user.roleId !== ROLE_IDS.user || applied || member) return CANNOT_JOIN_TEAM;
    return null;
  }

  /**
   * The invited account joins, in `tx`: the company is read under a share lock (a suspension waits, or is seen), the
   * invitation is used once, the account gets the member's role. Throws 409 with the reason it cannot.
   */
  async function join(tx: Tx, inv: InvitationRow, at: Date): Promise<{ company: string; role: MemberRole }> {
    const [company] = await tx.select().from(dealers).where(eq(dealers.id, inv.dealerId)).for("share");
    const why = await refusal(tx, inv, company);
    if (why || !company) throw new ConflictError(why ?? COMPANY_NOT_TAKING_MEMBERS);
    const [used] = await tx
      .update(teamInvitations)
      .set({ acceptedAt: at })
      .where(and(eq(teamInvitations.id, inv.id), isNull(teamInvitations.acceptedAt)))
      .returning({ id: teamInvitations.id });
    if (!used) throw new ConflictError(INVITATION_INVALID);
    await tx.insert(companyMembers).values({ userId: inv.userId, dealerId: company.id, role: inv.role, invitedBy: inv.invitedBy });
    const [user] = await tx
      .update(users)
      .set({ roleId: roleIdOfMember(inv.role), updatedAt: at })
      .where(eq(users.id, inv.userId))
      .returning();
    if (!user) throw new ConflictError(INVITATION_INVALID);
    await audit.record(tx, actorFrom(user, ""), {
      entity: "team-member",
      entityId: user.id,
      action: "create",
      summary: `${user.fullName} <${user.email}> accepted the invitation to ${companyLabel(company)}'s team as ${inv.role}`,
      after: { company: companyLabel(company), role: inv.role, email: user.email, invitation: inv.id },
    });
    return { company: companyLabel(company), role: inv.role };
  }

  /** The open invitation a link's token names (unused, not expired), locked when in a transaction. */
  async function openByToken(exec: Db | Tx, token: string, now: Date, lock = false): Promise<InvitationRow | undefined> {
    if (!token || token.length > 200) return undefined;
    const query = exec
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.tokenHash, hashToken(token)), isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now)));
    const [inv] = lock ? await query.for("update") : await query;
    return inv;
  }

  return {
    /**
     * The company's people, the owner first; for the owner, its open invitations after them (a name and address as
     * typed, no account's id or name). For anyone of the company, a suspended one's owner included (decision 023).
     */
    async list(actor: Actor): Promise<TeamMemberView[]> {
      const me = requireUser(actor);
      if (me.teamRole === null) throw new ForbiddenError(NOT_COMPANY_PERSON);
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
      // Members made before invitations waited for consent: invited while their password link is still unused.
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
      const invitations =
        company && me.teamRole === "owner"
          ? await db
              .select()
              .from(teamInvitations)
              .where(
                and(
                  eq(teamInvitations.dealerId, company.id),
                  isNull(teamInvitations.acceptedAt),
                  gt(teamInvitations.expiresAt, new Date()),
                ),
              )
              .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id))
          : [];
      return [
        {
          id: owner.id,
          invitation_id: null,
          full_name: owner.fullName,
          email: owner.email,
          role: "owner",
          status: "active",
          added_at: owner.createdAt.toISOString(),
          expires_at: null,
        },
        ...members.map(({ member, user }) => ({
          id: user.id,
          invitation_id: null,
          full_name: user.fullName,
          email: user.email,
          role: member.role,
          status: pending.has(user.id) ? ("invited" as const) : ("active" as const),
          added_at: member.createdAt.toISOString(),
          expires_at: null,
        })),
        ...invitations.map(invitationView),
      ];
    },

    /**
     * The owner invites someone by e-mail (decision 023). The answer is the same whether or not the address has an
     * account, and whatever that account is: the open invitation, with the name and address typed. An address
     * without an account gets one (a plain user's) and a link to choose its password, which is its holder's consent;
     * an address with an account gets a link to accept, signed in, and nothing changes until then (an account that
     * cannot join, such as a dealer's or an admin's, simply cannot accept). Inviting an address again renews its open
     * invitation. At most TEAM_INVITES_PER_HOUR an hour (429); 409 only for someone already on the owner's own team.
     */
    async invite(actor: Actor, input: InviteMemberInput, origin = siteUrl): Promise<TeamMemberView> {
      const owner = requireCompanyOwner(actor);
      try {
        await throttle.consume(`team-invite:${owner.companyUserId}`, INVITES);
      } catch (err) {
        if (err instanceof TooManyRequestsError)
          throw new TooManyRequestsError(err.retryAfterSeconds, tooManyInvitations(err.retryAfterSeconds));
        throw err;
      }
      const site = await settings.get();
      const attempt = () =>
        db.transaction(async (tx) => {
          const company = await approvedCompany(tx, owner);
          const [inviter] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, owner.id));
          const invitedBy = inviter?.fullName ?? "The owner";
          const [existing] = await tx
            .select()
            .from(users)
            .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
            .for("update");
          if (existing) {
            // The owner sees its own team: saying so tells it nothing new.
            const [member] = await tx.select().from(companyMembers).where(eq(companyMembers.userId, existing.id));
            if (existing.id === company.userId || member?.dealerId === company.id) throw new ConflictError(ALREADY_ON_TEAM);
          }
          const [open] = existing
            ? await tx
                .select()
                .from(teamInvitations)
                .where(
                  and(
                    eq(teamInvitations.dealerId, company.id),
                    eq(teamInvitations.userId, existing.id),
                    isNull(teamInvitations.acceptedAt),
                  ),
                )
            : [];
          if (open) await tx.delete(teamInvitations).where(eq(teamInvitations.id, open.id));
          const mail = { company: companyLabel(company), site: site.companyName, role: input.role, invitedBy };
          let userId: number;
          let tokenHash: string | null = null;
          let createdAccount = false;
          let sent: Mail;
          const renewed =
            existing && open?.createdAccount && (await accounts.awaitsInvitedPassword(tx, existing.id))
              ? await accounts.renewInviteLink(tx, existing.id, origin)
              : null;
          if (!existing) {
            // A plain user's account until its holder chooses the password (and so joins).
            const created = await accounts.createInvitedAccount(tx, { ...input, roleId: ROLE_IDS.user }, origin);
            userId = created.user.id;
            createdAccount = true;
            sent = teamInvitationMail({ ...mail, to: created.user.email, name: input.fullName, url: created.url });
          } else if (renewed) {
            // This company's invitation made the account and nobody has taken it yet: a new password link.
            userId = existing.id;
            createdAccount = true;
            sent = teamInvitationMail({ ...mail, to: existing.email, name: input.fullName, url: renewed });
          } else {
            const link = newToken();
            userId = existing.id;
            tokenHash = link.hash;
            sent = teamJoinMail({
              ...mail,
              to: existing.email,
              name: existing.fullName,
              url: `${origin}/dealer/team/join?token=${link.token}`,
            });
          }
          const [inv] = await tx
            .insert(teamInvitations)
            .values({
              dealerId: company.id,
              userId,
              email: input.email,
              fullName: input.fullName,
              role: input.role,
              tokenHash,
              createdAccount,
              invitedBy: owner.id,
              expiresAt: new Date(Date.now() + INVITATION_LIFETIME),
            })
            .returning();
          if (!inv) throw new Error("team invitation insert returned nothing");
          await queueMails(mailer, tx, [sent]);
          await audit.record(tx, owner, {
            entity: "team-invitation",
            entityId: inv.id,
            action: "create",
            summary: `${input.fullName} <${input.email}> invited to ${companyLabel(company)}'s team as ${input.role}`,
            after: { company: companyLabel(company), role: input.role, email: input.email, renewed: Boolean(open) },
          });
          return invitationView(inv);
        });
      try {
        return await attempt();
      } catch (err) {
        // The same address invited twice at once: the other request made the account or the invitation; this one
        // renews it, so both answer alike.
        if (isUniqueViolation(err)) return attempt();
        throw err;
      }
    },

    /** The owner withdraws an open invitation (also while the company is suspended): its link stops working. */
    async cancelInvitation(actor: Actor, invitationId: number): Promise<void> {
      const owner = requireCompanyOwner(actor);
      await db.transaction(async (tx) => {
        const [company] = await tx.select().from(dealers).where(eq(dealers.userId, owner.companyUserId)).limit(1);
        if (!company) throw new NotFoundError(NOT_AN_OPEN_INVITATION);
        const [gone] = await tx
          .delete(teamInvitations)
          .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.dealerId, company.id), isNull(teamInvitations.acceptedAt)))
          .returning();
        if (!gone) throw new NotFoundError(NOT_AN_OPEN_INVITATION);
        await audit.record(tx, owner, {
          entity: "team-invitation",
          entityId: gone.id,
          action: "delete",
          summary: `Invitation of ${gone.fullName} <${gone.email}> to ${companyLabel(company)}'s team withdrawn`,
          before: { role: gone.role, email: gone.email },
        });
      });
    },

    /** The join page: what the link's invitation is, as the signed-in account may see it. */
    async preview(actor: Actor, token: string, now: Date = new Date()): Promise<TeamInvitationPreview> {
      const me = requireUser(actor);
      const inv = await openByToken(db, token, now);
      if (!inv) return { state: "invalid" };
      // Whose invitation it is stays unsaid to another account: the link may have been passed on.
      if (inv.userId !== me.id) return { state: "other-account" };
      const [company] = await db.select().from(dealers).where(eq(dealers.id, inv.dealerId)).limit(1);
      const why = await refusal(db, inv, company);
      const name = company ? companyLabel(company) : "The company";
      if (why === INVITATION_INVALID) return { state: "invalid" };
      if (why) return { state: "cannot-join", company: name, message: why };
      const [inviter] = inv.invitedBy ? await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, inv.invitedBy)) : [];
      return {
        state: "open",
        company: name,
        role: inv.role,
        invitedBy: inviter?.fullName ?? "The owner",
        expiresAt: inv.expiresAt.toISOString(),
      };
    },

    /**
     * The invited person accepts, signed in as the invited account (decision 023): the link's token, once, before it
     * expires. From their next request they act for the company (the role is read with the session).
     */
    async accept(actor: Actor, token: string, now: Date = new Date()): Promise<{ company: string; role: MemberRole }> {
      const me = requireUser(actor);
      return db.transaction(async (tx) => {
        const inv = await openByToken(tx, token, now, true);
        if (!inv) throw new NotFoundError(INVITATION_INVALID);
        if (inv.userId !== me.id) throw new ForbiddenError(INVITATION_OTHER_ACCOUNT);
        return join(tx, inv, now);
      });
    },

    /**
     * accounts.resetPassword's hook: the holder of an address a team invitation made an account for chose its
     * password through the invitation's link, which is their consent; they join unless the company or the account
     * can no longer (then the account is simply theirs, a plain user's).
     */
    async joinThroughPasswordLink(tx: Tx, userId: number, at: Date): Promise<void> {
      const [inv] = await tx
        .select()
        .from(teamInvitations)
        .where(
          and(
            eq(teamInvitations.userId, userId),
            eq(teamInvitations.createdAccount, true),
            isNull(teamInvitations.acceptedAt),
            gt(teamInvitations.expiresAt, at),
          ),
        )
        .orderBy(asc(teamInvitations.id))
        .limit(1)
        .for("update");
      if (!inv) return;
      const [company] = await tx.select().from(dealers).where(eq(dealers.id, inv.dealerId)).for("share");
      if (await refusal(tx, inv, company)) return;
      await join(tx, inv, at);
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
          invitation_id: null,
          full_name: user.fullName,
          email: user.email,
          role: input.role as MemberRole,
          status: "active",
          added_at: member.createdAt.toISOString(),
          expires_at: null,
        };
      });
    },

    /**
     * The owner removes a member (also while the company is suspended): off the team and a plain user again, in one
     * transaction. Their sessions stay: from their next request they act as themselves, without the company's prices,
     * orders or team (the role and the team are read with the session); the owner cannot sign a person out of their
     * own account (decision 023).
     */
    async remove(actor: Actor, userId: number): Promise<void> {
      const owner = requireCompanyOwner(actor);
      await db.transaction(async (tx) => {
        const [company] = await tx.select().from(dealers).where(eq(dealers.userId, owner.companyUserId)).for("update");
        if (!company) throw new NotFoundError(NOT_A_MEMBER);
        const { member, user } = await memberOf(tx, company.id, userId);
        await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
        await tx.update(users).set({ roleId: ROLE_IDS.user, updatedAt: new Date() }).where(eq(users.id, userId));
        await audit.record(tx, owner, {
          entity: "team-member",
          entityId: userId,
          action: "delete",
          summary: `${user.fullName} <${user.email}> removed from ${companyLabel(company)}'s team`,
          before: { company: companyLabel(company), role: member.role, email: user.email },
        });
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
