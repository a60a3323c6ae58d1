import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { hash, verify as verifyArgon2 } from "@node-rs/argon2";
import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { isAdminRole, roleNameOf } from "#shared/roles.ts";
import {
  type ChangePasswordInput,
  type CreateAdminInput,
  CURRENT_PASSWORD_REQUIRED,
  EMAIL_CHANGE_TAKEN,
  INVALID_LINK,
  type LoginInput,
  PASSWORD_CHANGE_FAILED,
  type PublicUser,
  type RegisterInput,
  type ResetPasswordInput,
  type SecondFactorLoginInput,
  type SessionInfo,
  type UpdateProfileInput,
  USERNAME_TAKEN,
} from "#shared/schemas/auth.ts";
import type { Db, Tx } from "../../db/client.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors.ts";
import { emailVerificationTokens, knownDevices, passwordResetTokens, sessions, users } from "../../db/schema/accounts.ts";
import { companyMembers } from "../../db/schema/dealer-buying.ts";
import { dealers } from "../../db/schema/dealers.ts";

/** The signed-in account's own dealer application (its hold), beside a member's company. */
const ownApplication = alias(dealers, "own_application");

import { type Actor, actorFrom, requireAdmin, requireRole, requireUser, type SignedIn } from "../../platform/auth/actor.ts";
import { hashToken, newToken } from "../../platform/auth/tokens.ts";
import { BadRequestError, ConflictError, FieldError, ForbiddenError, NotFoundError, UnauthorizedError } from "../../platform/errors.ts";
import { enqueue } from "../../platform/jobs/queue.ts";
import { createLimiter } from "../../platform/limiter.ts";
import type { Mail, Mailer } from "../../platform/mailer/mailer.ts";
import { createThrottle, THROTTLES, type ThrottleRule } from "../../platform/throttle.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import {
  accountExistsMail,
  emailChangedMail,
  emailChangeMail,
  emailInUseMail,
  invitationMail,
  resetMail,
  usernameChangedMail,
  usernameTakenMail,
  verificationMail,
} from "./account-mail.ts";
import { passwordProblem } from "./password-policy.ts";
import { createSecondFactor, type SecondFactorChallenge } from "./second-factor.ts";
import { createSecurityEvents, type SecurityEvent, type SecurityEvents } from "./security-events.ts";

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
export const LINK_LIFETIME = { verify: 24 * HOUR, reset: HOUR, invite: 3 * DAY, "email-undo": 7 * DAY } as const;
/** The job that looks up the address of a password reset and mails the link: the request answers before it runs. */
export const PASSWORD_RESET_JOB = "accounts.password-reset";
/** How long a browser is remembered as a known device of the accounts that signed in on it. */
export const KNOWN_DEVICE_LIFETIME = 365 * DAY;
/** At most this many known devices per account (the oldest are forgotten). */
const KNOWN_DEVICES_KEPT = 20;
/** A known device signs in this much later while its account is under attack from elsewhere. */
export const KNOWN_DEVICE_SLOWDOWN_MS = 1_000;

export type UserRow = typeof users.$inferSelect;
/** A finished sign-in: the account, its new session's token and the browser's known-device cookie. */
export type SignedInResult = { user: PublicUser; token: string; expiresAt: Date; device: { token: string; expiresAt: Date } };
export type SessionMeta = {
  ip?: string | undefined;
  userAgent?: string | undefined;
  /** The known-device cookie the browser sent. */
  deviceToken?: string | undefined;
};
/** Where a request came from: its address (for the brute-force counters) and the site's origin (for links in e-mails). */
export type RequestMeta = SessionMeta & { origin: string };

type AccountsDeps = {
  db: Db;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  /** Admin accounts added and removed by a super are written to the audit log in their transaction. */
  audit: Pick<AuditService, "record">;
  /** Sign-ups per client address and hour (THROTTLES.signupIp's limit unless the configuration says otherwise). */
  signupsPerHour?: number;
  /** Security events (log lines and rows); a silent one by default. */
  events?: SecurityEvents;
  /** Called after a job is queued, so the worker starts it at once (app.ts: the worker's wake). */
  onJobQueued?: () => void;
  /** The published demo passwords: never accepted as a new password; in production never accepted at sign-in. */
  demoPasswords?: readonly string[];
  production?: boolean;
  /**
   * Called in the transaction that sets a password through an invitation link: the holder of the address chose to
   * take the account, which is their consent to the team invitation that made it (decision 023; team.service).
   */
  onInviteLinkUsed?: (tx: Tx, userId: number, at: Date) => Promise<void>;
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

/** What a session adds to its user: the company role and the company's hold (decision 023). */
function companyFields(actor: SignedIn): Pick<PublicUser, "teamRole" | "documentsExpired" | "companyHold"> {
  const hold = actor.hold ?? null;
  return { teamRole: actor.teamRole, documentsExpired: hold === "documents-expired", companyHold: hold };
}

/**
 * Each hash or check holds 19 MB while it runs, on libuv's four threads: two at a time (the machine's cores) keep a
 * burst of logins from adding 80 MB to the server's memory (DESIGN.md §7) without making them slower.
 */
const argon2Slots = createLimiter(2);

export function hashPassword(password: string): Promise<string> {
  return argon2Slots.run(() => hash(password, ARGON2));
}

function verify(passwordHash: string, password: string): Promise<boolean> {
  return argon2Slots.run(() => verifyArgon2(passwordHash, password));
}

export function createAccountsService(deps: AccountsDeps) {
  const { db, mailer, settings, audit, signupsPerHour, onJobQueued, production = false } = deps;
  const events = deps.events ?? createSecurityEvents(db);
  const demoPasswords = new Set(deps.demoPasswords ?? []);
  const throttle = createThrottle(db);
  const signupRule = { ...THROTTLES.signupIp, limit: signupsPerHour ?? THROTTLES.signupIp.limit };
  const usernameChangeRule = THROTTLES.usernameChange;
  const secondFactor = createSecondFactor({ db, settings, verifyPassword: verify });

  const event = (e: SecurityEvent, meta: SessionMeta = {}) => events.record({ ip: meta.ip, userAgent: meta.userAgent, ...e });

  /**
   * Reserves one attempt on each counter before the slow hash: the counter is raised and read in one
   * statement, so concurrent guesses cannot all pass a check made before any of them was counted.
   */
  async function reserve(keys: [string, ThrottleRule][]): Promise<void> {
    for (const [key, rule] of keys) await throttle.consume(key, rule);
  }

  /** The account's known device named by this cookie value, if any. */
  async function knownDevice(userId: number, token: string | undefined): Promise<string | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const [row] = await db
      .select({ tokenHash: knownDevices.tokenHash })
      .from(knownDevices)
      .where(
        and(
          eq(knownDevices.tokenHash, tokenHash),
          eq(knownDevices.userId, userId),
          gt(knownDevices.lastUsedAt, new Date(Date.now() - KNOWN_DEVICE_LIFETIME)),
        ),
      )
      .limit(1);
    return row ? row.tokenHash : null;
  }

  /** Remembers the browser as a known device of the account: the token to keep in its cookie. */
  async function rememberDevice(userId: number, token: string | undefined): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + KNOWN_DEVICE_LIFETIME);
    const known = await knownDevice(userId, token);
    if (known && token) {
      await db.update(knownDevices).set({ lastUsedAt: new Date() }).where(eq(knownDevices.tokenHash, known));
      return { token, expiresAt };
    }
    const fresh = newToken();
    await db.insert(knownDevices).values({ tokenHash: fresh.hash, userId });
    const stale = await db
      .select({ tokenHash: knownDevices.tokenHash })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId))
      .orderBy(desc(knownDevices.lastUsedAt))
      .offset(KNOWN_DEVICES_KEPT);
    if (stale.length > 0)
      await db.delete(knownDevices).where(
        inArray(
          knownDevices.tokenHash,
          stale.map((r) => r.tokenHash),
        ),
      );
    return { token: fresh.token, expiresAt };
  }

  /**
   * Checks an account's password under the brute-force limits (decision 005). Every attempt is
   * reserved before the hash: per account and address, per account from anywhere, per address. A known device of
   * the account has its own counter instead and is only slowed down, never locked, while others fail on the account.
   */
  async function checkPassword(
    user: UserRow | undefined,
    identifier: string,
    password: string,
    meta: SessionMeta,
    kind: SecurityEvent["kind"],
  ) {
    const account = user ? `${user.id}` : `?${identifier}`;
    const ip = meta.ip ?? "-";
    const device = user ? await knownDevice(user.id, meta.deviceToken) : null;
    const accountKey = `login:acct:${account}`;
    const ownKey = device ? `login:dev:${device}` : `login:pair:${account}|${ip}`;
    try {
      if (device) {
        await reserve([[ownKey, THROTTLES.loginPair]]);
        if ((await throttle.count(accountKey, THROTTLES.loginAccount)) >= THROTTLES.loginAccount.limit)
          await sleep(KNOWN_DEVICE_SLOWDOWN_MS);
      } else {
        await reserve([
          [ownKey, THROTTLES.loginPair],
          [accountKey, THROTTLES.loginAccount],
          ...(meta.ip ? ([[`login:ip:${meta.ip}`, THROTTLES.loginIp]] as [string, ThrottleRule][]) : []),
        ]);
      }
    } catch (err) {
      await event({ kind, result: "locked", reason: device ? "device-limit" : "limit", userId: user?.id }, meta);
      throw err;
    }
    let ok: boolean;
    if (!user) {
      dummyHash ??= hashPassword("not-a-real-password");
      await verify(await dummyHash, password).catch(() => false);
      ok = false;
    } else {
      ok = await verify(user.passwordHash, password).catch(() => false);
    }
    // The published demo passwords never open an account in production, whatever its name.
    const demo = ok && production && demoPasswords.has(password);
    if (!ok || demo) {
      // A failure on a known device still counts against the account, so others see the attack.
      if (device) await throttle.hit(accountKey, THROTTLES.loginAccount);
      await event(
        { kind, result: "failure", reason: !user ? "unknown-account" : demo ? "demo-password" : "bad-password", userId: user?.id },
        meta,
      );
      return false;
    }
    // The attempt was the owner's: its reservations are given back.
    await throttle.clear(ownKey);
    if (!device) {
      await throttle.release(accountKey);
      if (meta.ip) await throttle.release(`login:ip:${meta.ip}`);
    }
    return true;
  }

  /**
   * Ends the account's unused single-use links that set a password or prove an address: after an
   * e-mail or password change, a link mailed before it must not work. Undo links of e-mail changes stay.
   */
  async function revokeLinks(exec: Db | Parameters<Parameters<Db["transaction"]>[0]>[0], userId: number) {
    await exec
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.userId, userId),
          isNull(passwordResetTokens.usedAt),
          inArray(passwordResetTokens.purpose, ["reset", "invite"]),
        ),
      );
    await exec
      .delete(emailVerificationTokens)
      .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
  }

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

  /** Whether another account signs in with this username (any case). */
  async function usernameTaken(username: string, exceptId: number): Promise<boolean> {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), ne(users.id, exceptId)))
      .limit(1);
    return other !== undefined;
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

  /**
   * Decision 010: zxcvbn score 3 and none of the account's own words; 12 characters for the back office. The demo
   * passwords are published in the README: never a new password.
   */
  async function assertGoodPassword(password: string, who: { username: string; email: string; roleId?: number }, field: string) {
    const siteName = (await settings.get()).companyName;
    const problem = demoPasswords.has(password)
      ? "This password is published as a demo password: choose another."
      : passwordProblem(password, { ...who, siteName, backOffice: isAdminRole(roleNameOf(who.roleId ?? 1)) });
    if (problem) throw new FieldError(problem, field);
  }

  /**
   * Queues a mail in the transaction of the change that causes it (decision 007), so a committed change always has
   * its mail; a mail that changes nothing (an address already taken) is queued on its own.
   */
  async function send(exec: Db | Tx, mail: Mail) {
    await mailer.send(mail, exec);
  }

  /** A new verification link and its mail, in `exec`'s transaction; `company` read before it (PGlite's one connection). */
  async function sendVerification(exec: Db | Tx, user: UserRow, origin: string, company: string) {
    const { token, hash: tokenHash } = newToken();
    await exec.insert(emailVerificationTokens).values({
      tokenHash,
      userId: user.id,
      email: user.email,
      expiresAt: new Date(Date.now() + LINK_LIFETIME.verify),
    });
    const url = `${origin}/verification?token=${token}`;
    await send(exec, verificationMail({ to: user.email, name: user.fullName, url, company }));
  }

  /**
   * A reset or invitation link, bound to the address it is mailed to; earlier unused ones of the account stop working.
   * An "email-undo" link (to the old address of an e-mail change) is kept apart: it must outlive later changes.
   */
  async function issuePasswordLink(
    exec: Db | Tx,
    user: UserRow,
    purpose: "reset" | "invite" | "email-undo",
    origin: string,
    email = user.email,
  ) {
    const { token, hash: tokenHash } = newToken();
    if (purpose !== "email-undo") {
      await exec
        .delete(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.userId, user.id),
            isNull(passwordResetTokens.usedAt),
            inArray(passwordResetTokens.purpose, ["reset", "invite"]),
          ),
        );
    }
    await exec.insert(passwordResetTokens).values({
      tokenHash,
      userId: user.id,
      purpose,
      email,
      expiresAt: new Date(Date.now() + LINK_LIFETIME[purpose]),
    });
    return `${origin}/${purpose === "email-undo" ? "undo-email-change" : "reset-password"}?token=${token}`;
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
     * Creates a user with role_id 1 and e-mails the link that confirms the address; sign-ups are limited per address
     * (THROTTLES.signupIp). The answer never says whether the address or the username is taken: the
     * address gets a mail that says so (the account exists: sign in or reset; the username is taken: choose another),
     * and both paths hash the password, so they take the same time.
     */
    async register(input: RegisterInput, meta: RequestMeta): Promise<void> {
      if (meta.ip) await throttle.consume(`signup:ip:${meta.ip}`, signupRule);
      await assertGoodPassword(input.password, input, "password");
      const passwordHash = await hashPassword(input.password);
      const taken = await db
        .select()
        .from(users)
        .where(
          or(eq(sql`lower(${users.email})`, input.email.toLowerCase()), eq(sql`lower(${users.username})`, input.username.toLowerCase())),
        )
        .limit(2);
      const company = (await settings.get()).companyName;
      let row: UserRow | undefined;
      if (taken.length === 0) {
        try {
          // The account, its link and its mail in one transaction: a committed sign-up always has its mail.
          row = await db.transaction(async (tx) => {
            const [created] = (await tx
              .insert(users)
              .values({ fullName: input.fullName, username: input.username, email: input.email, passwordHash, roleId: 1 })
              .returning()) as [UserRow];
            await sendVerification(tx, created, meta.origin, company);
            return created;
          });
        } catch (err) {
          // Two sign-ups racing for the same name: the unique index decides, and the loser is told by mail below.
          if (!isUniqueViolation(err)) throw err;
        }
      }
      if (row) return;
      const owner = taken.find((t) => t.email.toLowerCase() === input.email.toLowerCase()) ?? (await userByEmail(input.email));
      if (owner) {
        const mail = accountExistsMail({
          to: owner.email,
          name: owner.fullName,
          company,
          signInUrl: `${meta.origin}/login`,
          resetUrl: `${meta.origin}/forgot-password`,
        });
        return send(db, mail);
      }
      const mail = usernameTakenMail({
        to: input.email,
        name: input.fullName,
        company,
        username: input.username,
        signupUrl: `${meta.origin}/signup`,
      });
      await send(db, mail);
    },

    /**
     * Confirms an address from the link in the verification e-mail (single use, 24 hours). A link to an address that
     * is not the account's own is an e-mail change the account asked for (`updateProfile`): opening it proves the
     * new address, which becomes the account's; the account's other links end and the old address is told, with a
     * link that puts it back for 7 days.
     */
    async verifyEmail(token: string, meta: RequestMeta): Promise<PublicUser> {
      const now = new Date();
      const company = (await settings.get()).companyName;
      const changed = await db.transaction(async (tx) => {
        const [link] = await tx
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
        const [current] = await tx.select().from(users).where(eq(users.id, link.userId)).for("update");
        if (!current) throw new BadRequestError(INVALID_LINK);
        if (current.email.toLowerCase() === link.email.toLowerCase()) {
          const [user] = (await tx
            .update(users)
            .set({ emailVerifiedAt: now, updatedAt: now })
            .where(eq(users.id, current.id))
            .returning()) as [UserRow];
          return { user, from: null };
        }
        // An e-mail change: the address is proven now. Taken meanwhile by another account: the link is spent.
        const [user] = (await tx
          .update(users)
          .set({ email: link.email, emailVerifiedAt: now, updatedAt: now })
          .where(eq(users.id, current.id))
          .returning()
          .catch((err: unknown) => {
            if (isUniqueViolation(err)) throw new ConflictError(EMAIL_CHANGE_TAKEN);
            throw err;
          })) as [UserRow];
        await revokeLinks(tx, user.id);
        const url = await issuePasswordLink(tx, user, "email-undo", meta.origin, current.email);
        await send(tx, emailChangedMail({ to: current.email, name: current.fullName, url, company, newEmail: user.email }));
        return { user, from: current.email };
      });
      if (changed.from !== null) await event({ kind: "email-change", result: "success", userId: changed.user.id }, meta);
      return toPublicUser(changed.user);
    },

    /** Sends a new verification link when the address belongs to an unverified account; the answer never says. */
    async resendVerification(email: string, meta: RequestMeta): Promise<void> {
      if (meta.ip) await throttle.consume(`verify:ip:${meta.ip}`, THROTTLES.resetIp);
      await throttle.consume(`verify:acct:${email.toLowerCase()}`, THROTTLES.verifyEmailAccount);
      const user = await userByEmail(email);
      if (user && !user.emailVerifiedAt) {
        const company = (await settings.get()).companyName;
        await db.transaction((tx) => sendVerification(tx, user, meta.origin, company));
      }
    },

    /**
     * Spec §7 POST /auth/forgetpassword: a one-hour reset link when the address is known; the same answer either way.
     * The look-up and the mail are a job (`sendPasswordReset`), so both paths do the same work before answering and
     * take the same time.
     */
    async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
      if (meta.ip) await throttle.consume(`reset:ip:${meta.ip}`, THROTTLES.resetIp);
      await throttle.consume(`reset:acct:${email.toLowerCase()}`, THROTTLES.resetAccount);
      await enqueue(db, PASSWORD_RESET_JOB, { email, origin: meta.origin }, { maxAttempts: 5 });
      onJobQueued?.();
    },

    /** The job of a reset request: mails the link when the address has an account. */
    async sendPasswordReset(payload: { email: string; origin: string }): Promise<void> {
      const user = await userByEmail(payload.email);
      if (!user) return;
      const company = (await settings.get()).companyName;
      // The link and its mail in one transaction: a link that works was always mailed.
      await db.transaction(async (tx) => {
        const url = await issuePasswordLink(tx, user, "reset", payload.origin);
        await send(tx, resetMail({ to: user.email, name: user.fullName, url, company }));
      });
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
      const user = link && link.purpose !== "email-undo" ? await userById(link.userId) : undefined;
      // The link proves only the address it was sent to: once the account's address is another, it is void (H2).
      if (!link || !user || link.email?.toLowerCase() !== user.email.toLowerCase()) throw new BadRequestError(INVALID_LINK);
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
        await revokeLinks(tx, user.id);
        // Before the account's row is read back below: joining a team changes its role (decision 023).
        if (link.purpose === "invite") await deps.onInviteLinkUsed?.(tx, user.id, now);
        // The address is checked again in the same statement: changed since the link was read, nothing is set.
        const [row] = await tx
          .update(users)
          .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
          .where(and(eq(users.id, user.id), eq(sql`lower(${users.email})`, user.email.toLowerCase())))
          .returning();
        if (!row) throw new BadRequestError(INVALID_LINK);
        return row as UserRow;
      });
      await event({ kind: "password-reset", result: "success", reason: link.purpose, userId: user.id }, meta);
      // An account with two-step sign-in (every admin) is not signed in by the link alone: it still owes a code.
      const pending = await secondFactor.challengeFor(updated);
      if (pending) return pending;
      const session = await startSession(updated, meta);
      const device = await rememberDevice(updated.id, meta.deviceToken);
      return { user: toPublicUser(updated), ...session, device };
    },

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
      const [row] = await db
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
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
        .leftJoin(dealers, eq(dealers.id, companyMembers.dealerId))
        .leftJoin(ownApplication, eq(ownApplication.userId, users.id))
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
      const membership = row.memberRole && row.ownerId !== null ? { role: row.memberRole, ownerId: row.ownerId } : null;
      const standing = membership
        ? { regStatus: row.companyStatus, documentsExpired: row.companyExpiredAt !== null }
        : row.ownApplicationId !== null
          ? { regStatus: row.ownStatus, documentsExpired: row.ownExpiredAt !== null }
          : null;
      const actor = actorFrom(row.user, tokenHash, membership, standing);
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
      await revokeLinks(db, user.id);
      await event({ kind: "password-change", result: "success", reason: "console", userId: user.id });
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

    /**
     * Spec §7 PUT /auth/update-profile/{id}: only one's own record. A new e-mail address or username needs the current
     * password. A new address is not written: a link goes to it, and the address becomes the
     * account's when it is opened (`verifyEmail`, which tells the old address). The answer is the same whether or not
     * the address has an account (no oracle): an address that has one gets a notice instead of the link, as a
     * sign-up with it would. A username is the account's sign-in name and cannot be both unique and secret: a taken
     * one is refused on its field (400), and username changes are limited per account like sign-ups per address.
     * A new username is told to the address. `pendingEmail` is the address a link was sent to, if any.
     */
    async updateProfile(
      actor: Actor,
      id: number,
      input: UpdateProfileInput,
      meta: RequestMeta,
    ): Promise<{ user: PublicUser; pendingEmail: string | null }> {
      requireSelf(actor, id);
      const current = await userById(id);
      if (!current) throw new UnauthorizedError();
      const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
      const usernameChanged = current.username !== input.username;
      if (emailChanged || usernameChanged) {
        if (!input.currentPassword) throw new FieldError(CURRENT_PASSWORD_REQUIRED, "currentPassword");
        const kind = emailChanged ? "email-change" : "username-change";
        if (!(await checkPassword(current, current.username.toLowerCase(), input.currentPassword, meta, kind))) {
          throw new FieldError(PASSWORD_CHANGE_FAILED, "currentPassword");
        }
      }
      if (usernameChanged && current.username.toLowerCase() !== input.username.toLowerCase()) {
        await throttle.consume(`username-change:acct:${id}`, usernameChangeRule);
        if (await usernameTaken(input.username, id)) throw new FieldError(USERNAME_TAKEN, "username");
      }
      const company = (await settings.get()).companyName;
      const owner = emailChanged ? await userByEmail(input.email) : undefined;
      let updated: UserRow;
      try {
        updated = await db.transaction(async (tx) => {
          const [row] = (await tx
            .update(users)
            // The address is written only when it is the same one (its letters' case): a new one waits for its link.
            .set({
              fullName: input.fullName,
              username: input.username,
              ...(emailChanged ? {} : { email: input.email }),
              updatedAt: new Date(),
            })
            .where(eq(users.id, id))
            .returning()) as [UserRow];
          // The notices are queued with the change: a committed change always has its mails.
          if (emailChanged && owner && owner.id !== id) {
            await send(tx, emailInUseMail({ to: owner.email, name: owner.fullName, company, resetUrl: `${meta.origin}/forgot-password` }));
          } else if (emailChanged) {
            // An earlier change's link stops working: only the latest address asked for can be proven.
            await tx
              .delete(emailVerificationTokens)
              .where(
                and(
                  eq(emailVerificationTokens.userId, id),
                  isNull(emailVerificationTokens.usedAt),
                  ne(sql`lower(${emailVerificationTokens.email})`, current.email.toLowerCase()),
                ),
              );
            const { token, hash: tokenHash } = newToken();
            await tx.insert(emailVerificationTokens).values({
              tokenHash,
              userId: id,
              email: input.email,
              expiresAt: new Date(Date.now() + LINK_LIFETIME.verify),
            });
            const url = `${meta.origin}/verification?token=${token}`;
            await send(tx, emailChangeMail({ to: input.email, name: row.fullName, url, company }));
          }
          if (usernameChanged) {
            const mail = usernameChangedMail({
              to: row.email,
              name: row.fullName,
              company,
              username: row.username,
              resetUrl: `${meta.origin}/forgot-password`,
            });
            await send(tx, mail);
          }
          return row;
        });
      } catch (err) {
        // Two accounts racing for one username: the unique index decides.
        if (isUniqueViolation(err)) throw new FieldError(USERNAME_TAKEN, "username");
        throw err;
      }
      if (usernameChanged) await event({ kind: "username-change", result: "success", userId: id }, meta);
      return { user: toPublicUser(updated), pendingEmail: emailChanged ? input.email : null };
    },

    /**
     * The link mailed to the old address of an e-mail change (7 days, single use): puts that address back (proved by
     * the link), ends every session and every other link of the account; the owner then resets the password.
     */
    async undoEmailChange(token: string, meta: SessionMeta = {}): Promise<PublicUser> {
      const now = new Date();
      const restored = await db
        .transaction(async (tx) => {
          const [link] = await tx
            .update(passwordResetTokens)
            .set({ usedAt: now })
            .where(
              and(
                eq(passwordResetTokens.tokenHash, hashToken(token)),
                eq(passwordResetTokens.purpose, "email-undo"),
                isNull(passwordResetTokens.usedAt),
                gt(passwordResetTokens.expiresAt, now),
              ),
            )
            .returning();
          if (!link?.email) throw new BadRequestError(INVALID_LINK);
          const [row] = await tx
            .update(users)
            .set({ email: link.email, emailVerifiedAt: now, updatedAt: now })
            .where(eq(users.id, link.userId))
            .returning();
          if (!row) throw new BadRequestError(INVALID_LINK);
          await tx.delete(sessions).where(eq(sessions.userId, row.id));
          await revokeLinks(tx, row.id);
          return row as UserRow;
        })
        .catch((err: unknown) => {
          // The old address has an account of its own meanwhile.
          if (isUniqueViolation(err)) throw new ConflictError("This address now belongs to another account, so it cannot be put back.");
          throw err;
        });
      await event({ kind: "email-change-undone", result: "success", userId: restored.id }, meta);
      return toPublicUser(restored);
    },

    /**
     * Spec §7 PUT /auth/change-password/{id}: only one's own password (admins included), the old one required.
     * Wrong old passwords count like failed logins; the account's other sessions end.
     */
    async changePassword(actor: Actor, id: number, input: ChangePasswordInput, meta: SessionMeta = {}): Promise<void> {
      const me = requireSelf(actor, id);
      const user = await userById(id);
      if (!user) throw new UnauthorizedError();
      if (!(await checkPassword(user, user.username.toLowerCase(), input.oldPassword, meta, "password-change"))) {
        throw new FieldError(PASSWORD_CHANGE_FAILED, "oldPassword");
      }
      await assertGoodPassword(input.newPassword, user, "newPassword");
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
        await tx.delete(sessions).where(and(eq(sessions.userId, id), ne(sessions.tokenHash, me.sessionId)));
        await revokeLinks(tx, id);
      });
      await event({ kind: "password-change", result: "success", userId: id }, meta);
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

    /**
     * An admin ends every session of another account, written to the audit log. Admins may do it to
     * users and dealers; back-office accounts are for role super. One's own sessions: "sign out other devices".
     */
    async endSessionsOf(actor: Actor, userId: number, meta: SessionMeta = {}): Promise<number> {
      const me = requireAdmin(actor);
      if (userId === me.id) throw new ConflictError('Use "Sign out other devices" on your profile for your own sessions.');
      const target = await userById(userId);
      if (!target) throw new NotFoundError("User not found.");
      if (isAdminRole(roleNameOf(target.roleId)) && me.role !== "super") throw new ForbiddenError();
      const ended = await db.transaction(async (tx) => {
        const rows = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ tokenHash: sessions.tokenHash });
        await audit.record(tx, me, {
          entity: "user",
          entityId: userId,
          action: "end-sessions",
          summary: `Signed ${target.fullName} (${target.username}) out everywhere: ${rows.length} session(s) ended`,
        });
        return rows.length;
      });
      await event({ kind: "sessions-ended", result: "success", reason: "admin", userId, actorId: me.id }, meta);
      return ended;
    },

    /** An account's recent security events, for the back office: admins; back-office accounts for super. */
    async securityEventsOf(actor: Actor, userId: number) {
      const me = requireAdmin(actor);
      const target = await userById(userId);
      if (!target) throw new NotFoundError("User not found.");
      if (isAdminRole(roleNameOf(target.roleId)) && me.role !== "super" && target.id !== me.id) throw new ForbiddenError();
      return events.recentFor(userId);
    },

    /** Writes a security event the HTTP layer sees (a refused request, 403). */
    recordEvent: (e: SecurityEvent) => events.record(e),
    pruneSecurityEvents: (now: Date) => events.prune(now),

    /**
     * A dealer company's new team member, inside the caller's transaction: an account nobody knows the
     * password of (a username made from the address), and the single-use link that chooses it, valid three days.
     */
    async createInvitedAccount(
      tx: Tx,
      input: { fullName: string; email: string; roleId: number },
      origin: string,
    ): Promise<{ user: UserRow; url: string }> {
      const base =
        input.email
          .split("@")[0]
          ?.toLowerCase()
          .replace(/[^a-z0-9._-]/g, "")
          .slice(0, 24) || "member";
      let username = base;
      for (let n = 2; ; n++) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(sql`lower(${users.username})`, username))
          .limit(1);
        if (!taken) break;
        username = `${base}${n}`;
      }
      const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
      const [user] = (await tx
        .insert(users)
        .values({ fullName: input.fullName, username, email: input.email, passwordHash, roleId: input.roleId })
        .returning()) as [UserRow];
      return { user, url: await issuePasswordLink(tx, user, "invite", origin) };
    },

    /**
     * A new password link for an account a team invitation made and nobody has taken yet (decision 023: the owner
     * invited the address again), inside the caller's transaction; the earlier link stops working.
     */
    async renewInviteLink(tx: Tx, userId: number, origin: string): Promise<string | null> {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
      return user ? issuePasswordLink(tx, user, "invite", origin) : null;
    },

    /**
     * Whether the account still has an unused invitation link (expired or not): nobody has chosen its password yet,
     * since choosing one through any link removes the account's unused links.
     */
    async awaitsInvitedPassword(exec: Db | Tx, userId: number): Promise<boolean> {
      const [row] = await exec
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.purpose, "invite"), isNull(passwordResetTokens.usedAt)))
        .limit(1);
      return row !== undefined;
    },

    /** Role super adds a back-office account; it gets an e-mail with a link to choose its password. */
    async createAdmin(actor: Actor, input: CreateAdminInput, meta: RequestMeta): Promise<PublicUser> {
      const me = requireRole(actor, "super");
      await secondFactor.requireStepUp(me);
      await assertFree(input.email, input.username);
      // Nobody knows this password: the account is usable once the invitation link has set one.
      const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
      const [company, inviter] = await Promise.all([settings.get(), userById(me.id)]);
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
          // The invitation is queued with the account: a committed account always has its link.
          const url = await issuePasswordLink(tx, created, "invite", meta.origin);
          await send(
            tx,
            invitationMail({
              to: created.email,
              name: created.fullName,
              url,
              company: company.companyName,
              invitedBy: inviter?.fullName ?? "An administrator",
            }),
          );
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError("An account with this e-mail address or username already exists.");
        throw err;
      }
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
