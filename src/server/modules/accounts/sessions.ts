import { and, desc, eq, gt, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  type LoginInput,
  PASSWORD_CHANGE_FAILED,
  type PublicUser,
  type SecondFactorLoginInput,
  type SessionInfo,
} from "#shared/schemas/auth.ts";
import type { DealerTier } from "#shared/schemas/pricing.ts";
import { sessions, staffRoles, users } from "../../db/schema/accounts.ts";
import { companyMembers } from "../../db/schema/dealer-buying.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { dealerTiers } from "../../db/schema/pricing.ts";

import { type Actor, actorFrom, requireUser, type SignedIn, staffOf, staffRoleOf } from "../../platform/auth/actor.ts";
import { hashToken } from "../../platform/auth/tokens.ts";
import { FieldError, UnauthorizedError } from "../../platform/errors.ts";
import { type AccountCore, MINUTE, type SessionMeta, type SignedInResult, toPublicUser } from "./account-core.ts";
import { type Credentials, INVALID_CREDENTIALS, sessionPolicy } from "./credentials.ts";
import type { SecondFactorChallenge } from "./second-factor.ts";

/** The signed-in account's own dealer application (its hold), beside a member's company. */
const ownApplication = alias(dealers, "own_application");

/** What a session adds to its user: the company role and the company's hold (decision 023). */
function companyFields(actor: SignedIn): Pick<PublicUser, "teamRole" | "documentsExpired" | "companyHold" | "staffRole" | "permissions"> {
  const hold = actor.hold ?? null;
  const staff = staffOf(actor);
  return {
    teamRole: actor.teamRole,
    documentsExpired: hold === "documents-expired",
    companyHold: hold,
    // Decision 035: the pages show only what the role allows.
    ...(staff ? { staffRole: { id: staff.id, key: staff.key, name: staff.name }, permissions: [...staff.permissions] } : {}),
  };
}

/**
 * Sign-in and sessions: the password and second step that open a session, the actor behind a session token, sign-out,
 * and the signed-in user's own sessions.
 */
export function createSessions(core: AccountCore, credentials: Credentials) {
  const { db, event, secondFactor, userById } = core;
  const { checkPassword, rememberDevice, startSession } = credentials;
  /**
   * The session's row with its user, company standing and tier, on every signed-in request: prepared once (its SQL is
   * built once, and PostgreSQL parses and plans it once per connection), decision 033.
   */
  const sessionByToken = db
    .select({
      session: sessions,
      user: users,
      memberRole: companyMembers.role,
      ownerId: dealers.userId,
      // The company's standing (decisions 021, 023): a member's company's, else the account's own application's.
      companyStatus: dealers.regStatus,
      companyExpiredAt: dealers.documentsExpiredAt,
      ownApplicationId: ownApplication.id,
      ownStatus: ownApplication.regStatus,
      ownExpiredAt: ownApplication.documentsExpiredAt,
      // The company's price tier, its own else the lowest (as tierOfUser reads it), so a dealer's reads need no
      // query for it (decision 033).
      // The back-office role (decision 035): its key, name and a custom role's permissions.
      staffRole: { id: staffRoles.id, key: staffRoles.key, name: staffRoles.name, permissions: staffRoles.permissions },
      tier: sql<DealerTier | null>`(select json_build_object('id', t.id, 'name', t.name, 'discount_percent', t.discount_percent::text) from ${dealerTiers} t order by coalesce(t.id = (case when ${companyMembers.role} is not null and ${dealers.userId} is not null then ${dealers.tierId} else ${ownApplication.tierId} end), false) desc, t.sort_order, t.id limit 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(dealers, eq(dealers.id, companyMembers.dealerId))
    .leftJoin(ownApplication, eq(ownApplication.userId, users.id))
    .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
        gt(sessions.idleExpiresAt, sql.placeholder("now")),
      ),
    )
    .limit(1)
    .prepare("session_by_token");

  return {
    /**
     * Checks the identifier (e-mail or username) and password; opens a session, or, when the account has two-step
     * sign-in (decision 010), answers a challenge that completeSecondFactor() turns into a session.
     */
    async login(input: LoginInput, meta: SessionMeta = {}): Promise<SignedInResult | SecondFactorChallenge> {
      const identifier = input.user.trim().toLowerCase();
      // The counters are the account's whichever identifier names it.
      const [user] = await db
        .select()
        .from(users)
        .where(or(eq(sql`lower(${users.email})`, identifier), eq(sql`lower(${users.username})`, identifier)))
        .limit(1);
      if (!(await checkPassword(user, identifier, input.password, meta, "login")) || !user) {
        throw new UnauthorizedError(INVALID_CREDENTIALS);
      }
      // Decision 010: the password alone opens no session for an account with two-step sign-in.
      const pending = await secondFactor.challengeFor(user);
      if (pending) {
        await event({ kind: "login", result: "success", reason: "password right, code owed", userId: user.id }, meta);
        return pending;
      }
      const session = await startSession(user, meta);
      const device = await rememberDevice(user.id, meta.deviceToken);
      await event({ kind: "login", result: "success", userId: user.id }, meta);
      return { user: toPublicUser(user), ...session, device };
    },

    /** The second step of a sign-in: the challenge and a code open the session (after an enrolment, with recovery codes). */
    async completeSecondFactor(
      input: SecondFactorLoginInput,
      meta: SessionMeta = {},
    ): Promise<SignedInResult & { recoveryCodes?: string[] }> {
      const { user, recoveryCodes } = await secondFactor.complete(input.challenge, input.code).catch(async (err: unknown) => {
        await event({ kind: "login", result: "failure", reason: "second factor refused" }, meta);
        throw err;
      });
      const session = await startSession(user, meta);
      const device = await rememberDevice(user.id, meta.deviceToken);
      await event({ kind: "login", result: "success", reason: "second factor", userId: user.id }, meta);
      return { user: toPublicUser(user), ...session, device, ...(recoveryCodes ? { recoveryCodes } : {}) };
    },

    secondFactor,

    /** The actor behind a session token, refreshing its idle expiry; null when unknown or expired. */
    async authenticate(token: string): Promise<{ actor: SignedIn; user: PublicUser } | null> {
      if (!token || token.length > 200) return null;
      const tokenHash = hashToken(token);
      const now = new Date();
      const [row] = await sessionByToken.execute({ tokenHash, now: now.toISOString() });
      if (!row) return null;
      const policy = sessionPolicy(row.user.roleId);
      // Refresh at most once a minute: a page load makes several requests.
      if (now.getTime() - row.session.lastSeenAt.getTime() > MINUTE) {
        await db
          .update(sessions)
          .set({ lastSeenAt: now, idleExpiresAt: new Date(now.getTime() + policy.idleMs) })
          .where(eq(sessions.tokenHash, tokenHash));
      }
      const membership = row.memberRole && row.ownerId !== null ? { role: row.memberRole, ownerId: row.ownerId } : null;
      const standing = membership
        ? { regStatus: row.companyStatus, documentsExpired: row.companyExpiredAt !== null }
        : row.ownApplicationId !== null
          ? { regStatus: row.ownStatus, documentsExpired: row.ownExpiredAt !== null }
          : null;
      const actor: SignedIn = {
        ...actorFrom(row.user, tokenHash, membership, standing, staffRoleOf(row.user.roleId, row.staffRole)),
        tier: row.tier,
        steppedUpAt: row.session.steppedUpAt,
      };
      return { actor, user: { ...toPublicUser(row.user), ...companyFields(actor) } };
    },

    async logout(actor: Actor, meta: SessionMeta = {}): Promise<void> {
      if (!actor) return;
      await db.delete(sessions).where(eq(sessions.tokenHash, actor.sessionId));
      await event({ kind: "logout", result: "success", userId: actor.id }, meta);
    },

    async me(actor: Actor): Promise<PublicUser> {
      if (!actor) throw new UnauthorizedError();
      const [user] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
      if (!user) throw new UnauthorizedError();
      return { ...toPublicUser(user), ...companyFields(actor) };
    },

    /** The signed-in user's sessions, newest first; `id` is a short handle, never the token. */
    async listSessions(actor: Actor): Promise<SessionInfo[]> {
      const me = requireUser(actor);
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, me.id), gt(sessions.expiresAt, new Date()), gt(sessions.idleExpiresAt, new Date())))
        .orderBy(desc(sessions.lastSeenAt));
      return rows.map((r) => ({
        id: r.tokenHash.slice(0, 12),
        current: r.tokenHash === me.sessionId,
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
        userAgent: r.userAgent,
        ip: r.ip,
      }));
    },

    /**
     * "Sign out of other devices": ends every session of the user but this one, once the current password is given
     * again (a session left open somewhere must not lock its owner out). Returns how many ended.
     */
    async revokeOtherSessions(actor: Actor, password: string, meta: SessionMeta = {}): Promise<number> {
      const me = requireUser(actor);
      const user = await userById(me.id);
      if (!user) throw new UnauthorizedError();
      if (!(await checkPassword(user, user.username.toLowerCase(), password, meta, "sessions-ended"))) {
        throw new FieldError(PASSWORD_CHANGE_FAILED, "password");
      }
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, me.id), ne(sessions.tokenHash, me.sessionId)))
        .returning({ tokenHash: sessions.tokenHash });
      await event({ kind: "sessions-ended", result: "success", reason: "other-devices", userId: me.id }, meta);
      return ended.length;
    },
  };
}
