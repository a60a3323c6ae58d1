import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { isAdminRole, roleNameOf } from "#shared/roles.ts";
import type { PublicUser } from "#shared/schemas/auth.ts";
import type { Db, Tx } from "../../db/client.ts";
import { emailVerificationTokens, passwordResetTokens, users } from "../../db/schema/accounts.ts";
import { newToken } from "../../platform/auth/tokens.ts";
import { FieldError } from "../../platform/errors.ts";
import type { Mail, Mailer } from "../../platform/mailer/mailer.ts";
import { createThrottle } from "../../platform/throttle.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { verify } from "./password-hash.ts";
import { passwordProblem } from "./password-policy.ts";
import { createSecondFactor } from "./second-factor.ts";
import { createSecurityEvents, type SecurityEvent, type SecurityEvents } from "./security-events.ts";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** How long the single-use links work. */
export const LINK_LIFETIME = { verify: 24 * HOUR, reset: HOUR, invite: 3 * DAY, "email-undo": 7 * DAY } as const;

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
export type AccountsDeps = {
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

/**
 * What every part of the accounts service shares (accounts.service.ts composes them): the dependencies, the security
 * events and counters, the second factor, and the helpers that read accounts, check new passwords and issue links.
 */
export function createAccountCore(deps: AccountsDeps) {
  const { db, mailer, settings, audit } = deps;
  const events = deps.events ?? createSecurityEvents(db);
  const demoPasswords = new Set(deps.demoPasswords ?? []);
  const throttle = createThrottle(db);
  const secondFactor = createSecondFactor({ db, settings, verifyPassword: verify });

  const event = (e: SecurityEvent, meta: SessionMeta = {}) => events.record({ ip: meta.ip, userAgent: meta.userAgent, ...e });

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

  return {
    deps,
    db,
    settings,
    audit,
    events,
    demoPasswords,
    throttle,
    secondFactor,
    event,
    revokeLinks,
    assertGoodPassword,
    send,
    issuePasswordLink,
    userByEmail,
    userById,
  };
}

export type AccountCore = ReturnType<typeof createAccountCore>;
