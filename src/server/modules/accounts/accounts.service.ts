import { randomBytes } from "node:crypto";
import { hash, verify as verifyArgon2 } from "@node-rs/argon2";
import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { isAdminRole, roleNameOf } from "#shared/roles.ts";
import {
  type ChangePasswordInput,
  type CreateAdminInput,
  INVALID_LINK,
  type LoginInput,
  PASSWORD_CHANGE_FAILED,
  type PublicUser,
  type RegisterInput,
  type ResetPasswordInput,
  type SecondFactorLoginInput,
  type SessionInfo,
  type UpdateProfileInput,
} from "#shared/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors.ts";
import { emailVerificationTokens, passwordResetTokens, sessions, users } from "../../db/schema/accounts.ts";
import { type Actor, actorFrom, requireRole, requireUser, type SignedIn } from "../../platform/auth/actor.ts";
import { hashToken, newToken } from "../../platform/auth/tokens.ts";
import { BadRequestError, ConflictError, FieldError, ForbiddenError, NotFoundError, UnauthorizedError } from "../../platform/errors.ts";
import { createLimiter } from "../../platform/limiter.ts";
import { consoleMailLog, type MailLog, sendAll } from "../../platform/mailer/mail-templates.ts";
import type { Mail, Mailer } from "../../platform/mailer/mailer.ts";
import { createThrottle, THROTTLES } from "../../platform/throttle.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { invitationMail, resetMail, verificationMail } from "./account-mail.ts";
import { passwordProblem } from "./password-policy.ts";
import { createSecondFactor, type SecondFactorChallenge } from "./second-factor.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Idle and absolute lifetimes: short for the back office, longer for the public site. */
export function sessionPolicy(roleId: number): { idleMs: number; absoluteMs: number } {
  return isAdminRole(roleNameOf(roleId)) ? { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR } : { idleMs: 7 * DAY, absoluteMs: 30 * DAY };
}

// Argon2id at OWASP's minimum cost: ~20 ms here, so logins stay quick under load.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const INVALID_CREDENTIALS = "Invalid username/email or password.";
// Verifying against a real hash when the account is unknown keeps the answer time the same.
let dummyHash: Promise<string> | undefined;

/** How long the single-use links work. */
export const LINK_LIFETIME = { verify: 24 * HOUR, reset: HOUR, invite: 3 * DAY } as const;

export type UserRow = typeof users.$inferSelect;
/** A finished sign-in: the account and its new session's token. */
export type SignedInResult = { user: PublicUser; token: string; expiresAt: Date };
export type SessionMeta = { ip?: string | undefined; userAgent?: string | undefined };
/** Where a request came from: its address (for the brute-force counters) and the site's origin (for links in e-mails). */
export type RequestMeta = SessionMeta & { origin: string };

type AccountsDeps = {
  db: Db;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  /** Admin accounts added and removed by a super are written to the audit log in their transaction. */
  audit: Pick<AuditService, "record">;
  log?: MailLog;
  /** Sign-ups per client address and hour (THROTTLES.signupIp's limit unless the configuration says otherwise). */
  signupsPerHour?: number;
};

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    fullName: u.fullName,
    name: u.fullName,
    username: u.username,
    email: u.email,
    role: roleNameOf(u.roleId),
    role_id: u.roleId,
    profile: u.profile ?? "avatar",
    emailVerified: u.emailVerifiedAt !== null,
  };
}

/**
 * Each hash or check holds 19 MB while it runs, on libuv's four threads: two at a time (the machine's cores) keep a
 * burst of logins from adding 80 MB to the server's memory (DESIGN.md §7) without making them slower.
 */
const argon2Slots = createLimiter(2);
async function withArgon2Slot<T>(work: () => Promise<T>): Promise<T> {
  await argon2Slots.acquire();
  try {
    return await work();
  } finally {
    argon2Slots.release();
  }
}

export function hashPassword(password: string): Promise<string> {
  return withArgon2Slot(() => hash(password, ARGON2));
}

function verify(passwordHash: string, password: string): Promise<boolean> {
  return withArgon2Slot(() => verifyArgon2(passwordHash, password));
}

export function createAccountsService({ db, mailer, settings, audit, log = consoleMailLog, signupsPerHour }: AccountsDeps) {
  const throttle = createThrottle(db);
  const signupRule = { ...THROTTLES.signupIp, limit: signupsPerHour ?? THROTTLES.signupIp.limit };
  const secondFactor = createSecondFactor({ db, settings, verifyPassword: verify });

  async function startSession(user: UserRow, meta: SessionMeta) {
    const { token, hash: tokenHash } = newToken();
    const now = Date.now();
    const policy = sessionPolicy(user.roleId);
    await db.insert(sessions).values({
      tokenHash,
      userId: user.id,
      idleExpiresAt: new Date(now + policy.idleMs),
      expiresAt: new Date(now + policy.absoluteMs),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
    });
    return { token, expiresAt: new Date(now + policy.absoluteMs) };
  }

  /** The e-mail address or username is someone else's: the message names which. */
  async function assertFree(email: string, username: string, exceptId?: number) {
    const taken = await db
      .select({ id: users.id, email: users.email, username: users.username })
      .from(users)
      .where(or(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(sql`lower(${users.username})`, username.toLowerCase())))
      .limit(3);
    const others = taken.filter((t) => t.id !== exceptId);
    if (others.some((t) => t.email.toLowerCase() === email.toLowerCase())) {
      throw new ConflictError("An account with this e-mail address already exists.");
    }
    if (others.length > 0) throw new ConflictError("This username is already taken.");
  }

  /** Decision 010: zxcvbn score 3 and none of the account's own words; 12 characters for the back office. */
  async function assertGoodPassword(password: string, who: { username: string; email: string; roleId?: number }, field: string) {
    const siteName = (await settings.get()).companyName;
    const problem = passwordProblem(password, { ...who, siteName, backOffice: isAdminRole(roleNameOf(who.roleId ?? 1)) });
    if (problem) throw new FieldError(problem, field);
  }

  async function send(mail: Mail, context: object) {
    await sendAll(mailer, [mail], log, context);
  }

  async function sendVerification(user: UserRow, origin: string) {
    const { token, hash: tokenHash } = newToken();
    await db.insert(emailVerificationTokens).values({
      tokenHash,
      userId: user.id,
      email: user.email,
      expiresAt: new Date(Date.now() + LINK_LIFETIME.verify),
    });
    const company = (await settings.get()).companyName;
    const url = `${origin}/verification?token=${token}`;
    await send(verificationMail({ to: user.email, name: user.fullName, url, company }), { userId: user.id, mail: "verification" });
  }

  /** A reset or invitation link; earlier unused links of the account stop working. */
  async function issuePasswordLink(user: UserRow, purpose: "reset" | "invite", origin: string) {
    const { token, hash: tokenHash } = newToken();
    await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await db.insert(passwordResetTokens).values({
      tokenHash,
      userId: user.id,
      purpose,
      expiresAt: new Date(Date.now() + LINK_LIFETIME[purpose]),
    });
    return `${origin}/reset-password?token=${token}`;
  }

  async function userByEmail(email: string) {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .limit(1);
    return user;
  }

  async function userById(id: number) {
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return user;
  }

  /** A user may change only their own record through the account calls, whatever their role. */
  function requireSelf(actor: Actor, id: number): SignedIn {
    const user = requireUser(actor);
    if (user.id !== id) throw new ForbiddenError("You can only change your own account.");
    return user;
  }

  return {
    /**
     * Creates a user with role_id 1 and e-mails the link that confirms the address. The e-mail address and the
     * username must be free; sign-ups are limited per address (THROTTLES.signupIp).
     */
    async register(input: RegisterInput, meta: RequestMeta): Promise<PublicUser> {
      if (meta.ip) await throttle.consume(`signup:ip:${meta.ip}`, signupRule);
      await assertFree(input.email, input.username);
      await assertGoodPassword(input.password, input, "password");
      const passwordHash = await hashPassword(input.password);
      let row: UserRow;
      try {
        [row] = (await db
          .insert(users)
          .values({ fullName: input.fullName, username: input.username, email: input.email, passwordHash, roleId: 1 })
          .returning()) as [UserRow];
      } catch (err) {
        // Two sign-ups racing for the same name: the unique index decides.
        if (isUniqueViolation(err)) throw new ConflictError("An account with this e-mail address or username already exists.");
        throw err;
      }
      await sendVerification(row, meta.origin);
      return toPublicUser(row);
    },

    /** Confirms an address from the link in the verification e-mail (single use, 24 hours). */
    async verifyEmail(token: string): Promise<PublicUser> {
      const now = new Date();
      const [link] = await db
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailVerificationTokens.tokenHash, hashToken(token)),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, now),
          ),
        )
        .returning();
      if (!link) throw new BadRequestError(INVALID_LINK);
      // The address must still be the account's: a link sent before an address change proves nothing.
      const [user] = await db
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, link.userId), eq(sql`lower(${users.email})`, link.email.toLowerCase())))
        .returning();
      if (!user) throw new BadRequestError(INVALID_LINK);
      return toPublicUser(user);
    },

    /** Sends a new verification link when the address belongs to an unverified account; the answer never says. */
    async resendVerification(email: string, meta: RequestMeta): Promise<void> {
      if (meta.ip) await throttle.consume(`verify:ip:${meta.ip}`, THROTTLES.resetIp);
      await throttle.consume(`verify:acct:${email.toLowerCase()}`, THROTTLES.verifyEmailAccount);
      const user = await userByEmail(email);
      if (user && !user.emailVerifiedAt) await sendVerification(user, meta.origin);
    },

    /** Spec §7 POST /auth/forgetpassword: a one-hour reset link when the address is known; the same answer either way. */
    async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
      if (meta.ip) await throttle.consume(`reset:ip:${meta.ip}`, THROTTLES.resetIp);
      await throttle.consume(`reset:acct:${email.toLowerCase()}`, THROTTLES.resetAccount);
      const user = await userByEmail(email);
      if (!user) return;
      const url = await issuePasswordLink(user, "reset", meta.origin);
      const company = (await settings.get()).companyName;
      await send(resetMail({ to: user.email, name: user.fullName, url, company }), { userId: user.id, mail: "reset" });
    },

    /**
     * Sets a new password from a reset or invitation link (single use), ends every session of the account and
     * opens a new one: the holder of the link is signed in. Opening the link proves the address, so it counts as verified.
     */
    async resetPassword(input: ResetPasswordInput, meta: SessionMeta = {}) {
      const now = new Date();
      const [link] = await db
        .select()
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(input.token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .limit(1);
      const user = link ? await userById(link.userId) : undefined;
      if (!link || !user) throw new BadRequestError(INVALID_LINK);
      await assertGoodPassword(input.password, user, "password");
      const passwordHash = await hashPassword(input.password);
      const updated = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.tokenHash, link.tokenHash), isNull(passwordResetTokens.usedAt)))
          .returning({ tokenHash: passwordResetTokens.tokenHash });
        // Used meanwhile by a second request with the same link.
        if (!used) throw new BadRequestError(INVALID_LINK);
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        const [row] = await tx
          .update(users)
          .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
          .where(eq(users.id, user.id))
          .returning();
        return row as UserRow;
      });
      // An account with two-step sign-in (every admin) is not signed in by the link alone: it still owes a code.
      const pending = await secondFactor.challengeFor(updated);
      if (pending) return pending;
      const session = await startSession(updated, meta);
      return { user: toPublicUser(updated), ...session };
    },

    /**
     * Checks the identifier (e-mail or username) and password; opens a session, or, when the account has two-step
     * sign-in (decision 010), answers a challenge that completeSecondFactor() turns into a session.
     */
    async login(input: LoginInput, meta: SessionMeta = {}): Promise<SignedInResult | SecondFactorChallenge> {
      const identifier = input.user.trim().toLowerCase();
      const keys = {
        pair: `login:pair:${identifier}|${meta.ip ?? "-"}`,
        account: `login:acct:${identifier}`,
        ip: `login:ip:${meta.ip ?? "-"}`,
      };
      await throttle.check(keys.pair, THROTTLES.loginPair);
      await throttle.check(keys.account, THROTTLES.loginAccount);
      if (meta.ip) await throttle.check(keys.ip, THROTTLES.loginIp);
      const failed = async () => {
        await throttle.hit(keys.pair, THROTTLES.loginPair);
        await throttle.hit(keys.account, THROTTLES.loginAccount);
        if (meta.ip) await throttle.hit(keys.ip, THROTTLES.loginIp);
        return new UnauthorizedError(INVALID_CREDENTIALS);
      };
      const [user] = await db
        .select()
        .from(users)
        .where(or(eq(sql`lower(${users.email})`, identifier), eq(sql`lower(${users.username})`, identifier)))
        .limit(1);
      if (!user) {
        dummyHash ??= hashPassword("not-a-real-password");
        await verify(await dummyHash, input.password).catch(() => false);
        throw await failed();
      }
      const ok = await verify(user.passwordHash, input.password).catch(() => false);
      if (!ok) throw await failed();
      await throttle.clear(keys.pair);
      const pending = await secondFactor.challengeFor(user);
      if (pending) return pending;
      const session = await startSession(user, meta);
      return { user: toPublicUser(user), ...session };
    },

    /** The second step of a sign-in: the challenge and a code open the session (after an enrolment, with recovery codes). */
    async completeSecondFactor(
      input: SecondFactorLoginInput,
      meta: SessionMeta = {},
    ): Promise<SignedInResult & { recoveryCodes?: string[] }> {
      const { user, recoveryCodes } = await secondFactor.complete(input.challenge, input.code);
      const session = await startSession(user, meta);
      return { user: toPublicUser(user), ...session, ...(recoveryCodes ? { recoveryCodes } : {}) };
    },

    secondFactor,

    /** The actor behind a session token, refreshing its idle expiry; null when unknown or expired. */
    async authenticate(token: string): Promise<{ actor: SignedIn; user: PublicUser } | null> {
      if (!token || token.length > 200) return null;
      const tokenHash = hashToken(token);
      const now = new Date();
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), gt(sessions.idleExpiresAt, now)))
        .limit(1);
      if (!row) return null;
      const policy = sessionPolicy(row.user.roleId);
      // Refresh at most once a minute: a page load makes several requests.
      if (now.getTime() - row.session.lastSeenAt.getTime() > MINUTE) {
        await db
          .update(sessions)
          .set({ lastSeenAt: now, idleExpiresAt: new Date(now.getTime() + policy.idleMs) })
          .where(eq(sessions.tokenHash, tokenHash));
      }
      return { actor: actorFrom(row.user, tokenHash), user: toPublicUser(row.user) };
    },

    async logout(actor: Actor): Promise<void> {
      if (!actor) return;
      await db.delete(sessions).where(eq(sessions.tokenHash, actor.sessionId));
    },

    async me(actor: Actor): Promise<PublicUser> {
      if (!actor) throw new UnauthorizedError();
      const [user] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
      if (!user) throw new UnauthorizedError();
      return toPublicUser(user);
    },

    /** For the operator's command line (scripts/set-password.ts): sets a password and ends the account's sessions. */
    async setPasswordFromConsole(username: string, newPassword: string): Promise<void> {
      const [current] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .limit(1);
      if (current) await assertGoodPassword(newPassword, current, "password");
      const [user] = await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .returning({ id: users.id });
      if (!user) throw new NotFoundError(`No account with the username ${username}.`);
      await db.delete(sessions).where(eq(sessions.userId, user.id));
    },

    /** The back-office accounts (admin and super): managing them is for role super (DESIGN.md §5). */
    async listAdmins(actor: Actor): Promise<PublicUser[]> {
      // Every admin sees who else works in the back office (spec §2's admin table); adding and removing is super's.
      requireRole(actor, "admin", "super");
      const rows = await db
        .select()
        .from(users)
        .where(inArray(users.roleId, [3, 4]))
        .orderBy(users.id);
      return rows.map(toPublicUser);
    },

    /** Spec §7 PUT /auth/update-profile/{id}: only one's own record; a new e-mail address must be confirmed again. */
    async updateProfile(actor: Actor, id: number, input: UpdateProfileInput, meta: RequestMeta): Promise<PublicUser> {
      requireSelf(actor, id);
      const current = await userById(id);
      if (!current) throw new UnauthorizedError();
      await assertFree(input.email, input.username, id);
      const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
      let updated: UserRow;
      try {
        [updated] = (await db
          .update(users)
          .set({
            fullName: input.fullName,
            username: input.username,
            email: input.email,
            ...(emailChanged ? { emailVerifiedAt: null } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning()) as [UserRow];
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError("An account with this e-mail address or username already exists.");
        throw err;
      }
      if (emailChanged) await sendVerification(updated, meta.origin);
      return toPublicUser(updated);
    },

    /**
     * Spec §7 PUT /auth/change-password/{id}: only one's own password (admins included), the old one required.
     * Wrong old passwords count like failed logins; the account's other sessions end.
     */
    async changePassword(actor: Actor, id: number, input: ChangePasswordInput, meta: SessionMeta = {}): Promise<void> {
      const me = requireSelf(actor, id);
      const user = await userById(id);
      if (!user) throw new UnauthorizedError();
      const key = `login:pair:${user.username.toLowerCase()}|${meta.ip ?? "-"}`;
      await throttle.check(key, THROTTLES.loginPair);
      if (!(await verify(user.passwordHash, input.oldPassword).catch(() => false))) {
        await throttle.hit(key, THROTTLES.loginPair);
        throw new FieldError(PASSWORD_CHANGE_FAILED, "oldPassword");
      }
      await assertGoodPassword(input.newPassword, user, "newPassword");
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
        .where(eq(users.id, id));
      await db.delete(sessions).where(and(eq(sessions.userId, id), ne(sessions.tokenHash, me.sessionId)));
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

    /** "Sign out of other devices": ends every session of the user but this one. Returns how many ended. */
    async revokeOtherSessions(actor: Actor): Promise<number> {
      const me = requireUser(actor);
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, me.id), ne(sessions.tokenHash, me.sessionId)))
        .returning({ tokenHash: sessions.tokenHash });
      return ended.length;
    },

    /** Role super adds a back-office account; it gets an e-mail with a link to choose its password. */
    async createAdmin(actor: Actor, input: CreateAdminInput, meta: RequestMeta): Promise<PublicUser> {
      const me = requireRole(actor, "super");
      await secondFactor.requireStepUp(me);
      await assertFree(input.email, input.username);
      // Nobody knows this password: the account is usable once the invitation link has set one.
      const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
      let row: UserRow;
      try {
        row = await db.transaction(async (tx) => {
          const [created] = (await tx
            .insert(users)
            .values({
              fullName: input.fullName,
              username: input.username,
              email: input.email,
              passwordHash,
              roleId: input.role === "super" ? 4 : 3,
            })
            .returning()) as [UserRow];
          await audit.record(tx, me, {
            entity: "admin-user",
            entityId: created.id,
            action: "create",
            summary: `${created.fullName} (${created.username}) added as ${input.role}`,
            after: toPublicUser(created),
          });
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError("An account with this e-mail address or username already exists.");
        throw err;
      }
      const url = await issuePasswordLink(row, "invite", meta.origin);
      const [company, inviter] = await Promise.all([settings.get(), userById(me.id)]);
      await send(
        invitationMail({
          to: row.email,
          name: row.fullName,
          url,
          company: company.companyName,
          invitedBy: inviter?.fullName ?? "An administrator",
        }),
        { userId: row.id, mail: "invitation" },
      );
      return toPublicUser(row);
    },

    /**
     * Role super removes an account (spec §7 DELETE /auth/user/{id}); its sessions end with it. Nobody removes
     * themselves or the last super; an account with quotations or orders on record is kept.
     */
    async deleteUser(actor: Actor, id: number): Promise<void> {
      const me = requireRole(actor, "super");
      await secondFactor.requireStepUp(me);
      if (id === me.id) throw new ConflictError("You cannot remove your own account.");
      const target = await userById(id);
      if (!target) throw new NotFoundError("User not found.");
      try {
        await db.transaction(async (tx) => {
          if (target.roleId === 4) {
            // Counted inside the transaction, with the rows locked, so two removals cannot both pass.
            const supers = await tx.select({ id: users.id }).from(users).where(eq(users.roleId, 4)).for("update");
            if (supers.length <= 1) throw new ConflictError("The last super account cannot be removed.");
          }
          await tx.delete(users).where(eq(users.id, id));
          await audit.record(tx, me, {
            entity: "admin-user",
            entityId: id,
            action: "delete",
            summary: `${target.fullName} (${target.username}) removed`,
            before: toPublicUser(target),
          });
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) {
          throw new ConflictError("This account has quotations, orders or a dealer record and cannot be removed.");
        }
        throw err;
      }
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
