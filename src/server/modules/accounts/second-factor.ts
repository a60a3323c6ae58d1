// Two-step sign-in with an authenticator app (TOTP, RFC 6238) and single-use recovery codes — decision 010.
// Admin and super accounts must use it (enrolled at their next sign-in); dealers and users may turn it on.
// login() calls challengeFor() once the password is right: no session exists until complete() has a good code, so a
// half-signed-in client holds only a short-lived, single-use challenge token that grants nothing else.
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { isAdminRole, roleNameOf } from "#shared/roles.ts";
import type { TotpSetup, TotpStatus } from "#shared/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { loginChallenges, recoveryCodes, sessions, users } from "../../db/schema/accounts.ts";
import { type Actor, requireUser, STEP_UP_MS, STEP_UP_REQUIRED } from "../../platform/auth/actor.ts";
import { hashToken, newToken } from "../../platform/auth/tokens.ts";
import { ConflictError, FieldError, ForbiddenError, NotFoundError, UnauthorizedError } from "../../platform/errors.ts";
import { createThrottle, type ThrottleRule } from "../../platform/throttle.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { matchTotp, newTotpSecret, otpauthUri, qrSvg } from "./totp.ts";

const MINUTE = 60_000;

export const SECOND_FACTOR = {
  /** How long a half-done sign-in may wait for its code. */
  challengeMs: 10 * MINUTE,
  /** Wrong codes one challenge may take before it is void (log in again). */
  challengeAttempts: 5,
  /** Wrong codes per account, whatever the challenge: 10 in 15 minutes, then 429 until the window ends. */
  accountRule: { limit: 10, windowMs: 15 * MINUTE } satisfies ThrottleRule,
  /** How long a step-up code counts for adding or removing back-office accounts. */
  stepUpMs: STEP_UP_MS,
  recoveryCodes: 10,
} as const;

export const WRONG_CODE = "That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.";
export const WRONG_TOTP = "That code is not right. Enter the 6-digit code your authenticator app shows now.";
export const SIGN_IN_EXPIRED = "This sign-in has expired or had too many wrong codes. Log in again with your password.";
export { STEP_UP_REQUIRED };
export const TOTP_REQUIRED_FOR_BACK_OFFICE = "Back-office accounts must keep two-step sign-in on.";

type UserRow = typeof users.$inferSelect;

/** What login answers instead of a session when a code is owed. */
export type SecondFactorChallenge = {
  totpRequired: true;
  /** True when the account must first set up its authenticator app (an admin's first sign-in since decision 010). */
  enrolmentRequired: boolean;
  challenge: string;
  expiresAt: Date;
  /** For an enrolment: the key to add to the app. */
  setup?: TotpSetup;
};

/** Whether this account must, or chose to, give a code after its password. */
export function needsSecondFactor(user: Pick<UserRow, "roleId" | "totpSecret">): boolean {
  return user.totpSecret !== null || isAdminRole(roleNameOf(user.roleId));
}

// Recovery codes: 10 characters of an alphabet without look-alikes (0/o, 1/l/i), shown as xxxxx-xxxxx; ~50 bits
// each, stored as SHA-256 hashes (they are random, not chosen, so a fast hash is enough) and tried only after the
// account's throttle.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
const hashRecovery = (code: string) =>
  createHash("sha256")
    .update(`recovery:${normaliseRecovery(code)}`)
    .digest("hex");

type Deps = {
  db: Db;
  settings: Pick<SettingsService, "get">;
  /** The password check of the accounts service (argon2, in its limited slots). */
  verifyPassword(hash: string, password: string): Promise<boolean>;
};

export function createSecondFactor({ db, settings, verifyPassword }: Deps) {
  const throttle = createThrottle(db);

  async function userById(id: number) {
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return user;
  }

  async function setupFor(user: UserRow, secret: string): Promise<TotpSetup> {
    const issuer = (await settings.get()).companyName || "Solar";
    const otpauthUrl = otpauthUri(secret, issuer, user.email);
    return { secret, otpauthUrl, qrSvg: qrSvg(otpauthUrl) };
  }

  /** The pending secret of an enrolment, made once and kept until confirmed (a second sign-in shows the same key). */
  async function pendingSecret(user: UserRow): Promise<string> {
    if (user.totpPendingSecret) return user.totpPendingSecret;
    const secret = newTotpSecret();
    await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
    return secret;
  }

  /**
   * Accepts a TOTP code for this secret once: the time step it belongs to must be later than the last one the
   * account used, set in the same statement, so a code (even one seen over a shoulder) never works twice.
   */
  async function acceptTotp(userId: number, secret: string, code: string): Promise<boolean> {
    const step = matchTotp(secret, code);
    if (step === null) return false;
    const [row] = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return !!row;
  }

  async function acceptRecoveryCode(userId: number, code: string): Promise<boolean> {
    const [row] = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.codeHash, hashRecovery(code)), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .returning({ codeHash: recoveryCodes.codeHash });
    return !!row;
  }

  /** A TOTP code of the account's confirmed secret, or (when allowed) one of its unused recovery codes. */
  async function acceptCode(user: UserRow, code: string, recovery: boolean): Promise<boolean> {
    if (!user.totpSecret) return false;
    if (/^\d{6}$/.test(code)) return acceptTotp(user.id, user.totpSecret, code);
    return recovery && acceptRecoveryCode(user.id, code);
  }

  /** Wrong codes count per account across challenges and sessions: a stolen password gets 10 guesses per window. */
  async function guarded(userId: number, attempt: () => Promise<boolean>): Promise<boolean> {
    const key = `totp:acct:${userId}`;
    await throttle.check(key, SECOND_FACTOR.accountRule);
    const ok = await attempt();
    if (!ok) await throttle.hit(key, SECOND_FACTOR.accountRule);
    return ok;
  }

  /** Replaces the account's recovery codes with new ones; returns them in clear, the only time they are shown. */
  async function newRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: SECOND_FACTOR.recoveryCodes }, newRecoveryCode);
    await db.transaction(async (tx) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.insert(recoveryCodes).values(codes.map((c) => ({ codeHash: hashRecovery(c), userId })));
    });
    return codes;
  }

  /** Confirms the pending secret with its first code: two-step sign-in is on, with fresh recovery codes. */
  async function confirmEnrolment(user: UserRow, code: string): Promise<string[] | null> {
    const secret = user.totpPendingSecret;
    if (!secret || !/^\d{6}$/.test(code) || !(await acceptTotp(user.id, secret, code))) return null;
    await db.update(users).set({ totpSecret: secret, totpPendingSecret: null, updatedAt: new Date() }).where(eq(users.id, user.id));
    return newRecoveryCodes(user.id);
  }

  return {
    /** After a right password: null when no code is owed (open the session), else a challenge for the client. */
    async challengeFor(user: UserRow): Promise<SecondFactorChallenge | null> {
      if (!needsSecondFactor(user)) return null;
      const enrol = user.totpSecret === null;
      const { token, hash } = newToken();
      const expiresAt = new Date(Date.now() + SECOND_FACTOR.challengeMs);
      // Expired challenges go. Another device's half-done sign-in stays: an admin may sign in on a phone and a laptop at
      // once, and guesses are bounded by the account's throttle (accountRule) whatever the number of challenges.
      await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, new Date()));
      await db.insert(loginChallenges).values({ tokenHash: hash, userId: user.id, kind: enrol ? "enrol" : "code", expiresAt });
      const challenge: SecondFactorChallenge = { totpRequired: true, enrolmentRequired: enrol, challenge: token, expiresAt };
      if (enrol) challenge.setup = await setupFor(user, await pendingSecret(user));
      return challenge;
    },

    /** What a sign-in page shows for a challenge: which step, and for an enrolment the key; null when void. */
    async describe(challenge: string): Promise<{ enrolmentRequired: boolean; setup?: TotpSetup } | null> {
      const [row] = await db
        .select({ kind: loginChallenges.kind, user: users })
        .from(loginChallenges)
        .innerJoin(users, eq(users.id, loginChallenges.userId))
        .where(and(eq(loginChallenges.tokenHash, hashToken(challenge)), gt(loginChallenges.expiresAt, new Date())))
        .limit(1);
      if (!row) return null;
      if (row.kind !== "enrol") return { enrolmentRequired: false };
      return { enrolmentRequired: true, setup: await setupFor(row.user, await pendingSecret(row.user)) };
    },

    /**
     * Finishes a sign-in: a good code (a TOTP code, or a recovery code) ends the challenge and returns the account,
     * with its new recovery codes after an enrolment. Wrong codes count against the challenge and the account.
     */
    async complete(challenge: string, code: string): Promise<{ user: UserRow; recoveryCodes?: string[] }> {
      const tokenHash = hashToken(challenge);
      // Counted before the code is checked, in one statement: parallel guesses cannot pass the limit.
      const [row] = await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(
          and(
            eq(loginChallenges.tokenHash, tokenHash),
            gt(loginChallenges.expiresAt, new Date()),
            lt(loginChallenges.attempts, SECOND_FACTOR.challengeAttempts),
          ),
        )
        .returning();
      const user = row ? await userById(row.userId) : undefined;
      if (!row || !user) throw new UnauthorizedError(SIGN_IN_EXPIRED);
      let codes: string[] | null | undefined;
      const ok = await guarded(user.id, async () => {
        if (row.kind === "enrol") {
          codes = await confirmEnrolment(user, code);
          return codes !== null;
        }
        return acceptCode(user, code, true);
      });
      if (!ok) throw new FieldError(row.kind === "enrol" ? WRONG_TOTP : WRONG_CODE, "code");
      // Single use: a second request with the same challenge finds nothing to delete.
      const ended = await db
        .delete(loginChallenges)
        .where(eq(loginChallenges.tokenHash, tokenHash))
        .returning({ t: loginChallenges.tokenHash });
      if (ended.length === 0) throw new UnauthorizedError(SIGN_IN_EXPIRED);
      const fresh = (await userById(user.id)) as UserRow;
      return codes ? { user: fresh, recoveryCodes: codes } : { user: fresh };
    },

    async status(actor: Actor): Promise<TotpStatus> {
      const me = requireUser(actor);
      const user = await userById(me.id);
      if (!user) throw new UnauthorizedError();
      const [left] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, me.id), isNull(recoveryCodes.usedAt)));
      return { enabled: user.totpSecret !== null, required: isAdminRole(me.role), recoveryCodesLeft: user.totpSecret ? (left?.n ?? 0) : 0 };
    },

    /** Starts turning two-step sign-in on from one's profile: a new key, confirmed by enable(). */
    async setup(actor: Actor): Promise<TotpSetup> {
      const me = requireUser(actor);
      const user = await userById(me.id);
      if (!user) throw new UnauthorizedError();
      if (user.totpSecret) throw new ConflictError("Two-step sign-in is already on.");
      const secret = newTotpSecret();
      await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, me.id));
      return setupFor(user, secret);
    },

    /** The key setup() made and enable() has not confirmed yet (shown again after a wrong code); null when none. */
    async pendingSetup(actor: Actor): Promise<TotpSetup | null> {
      const me = requireUser(actor);
      const user = await userById(me.id);
      return user?.totpPendingSecret && !user.totpSecret ? setupFor(user, user.totpPendingSecret) : null;
    },

    /** Confirms setup() with the app's first code; returns the recovery codes (shown once). */
    async enable(actor: Actor, code: string): Promise<string[]> {
      const me = requireUser(actor);
      const user = await userById(me.id);
      if (!user) throw new UnauthorizedError();
      if (user.totpSecret) throw new ConflictError("Two-step sign-in is already on.");
      if (!user.totpPendingSecret) throw new ConflictError("Start the setup again: no key is waiting to be confirmed.");
      let codes: string[] | null = null;
      const ok = await guarded(me.id, async () => {
        codes = await confirmEnrolment(user, code);
        return codes !== null;
      });
      if (!ok || !codes) throw new FieldError(WRONG_TOTP, "code");
      return codes;
    },

    /** Turns two-step sign-in off (dealers and users only): the password and a code, so a left-open session is not enough. */
    async disable(actor: Actor, input: { password: string; code: string }): Promise<void> {
      const me = requireUser(actor);
      if (isAdminRole(me.role)) throw new ForbiddenError(TOTP_REQUIRED_FOR_BACK_OFFICE);
      const user = await userById(me.id);
      if (!user) throw new UnauthorizedError();
      if (!user.totpSecret) throw new ConflictError("Two-step sign-in is already off.");
      const passwordOk = await guarded(me.id, () => verifyPassword(user.passwordHash, input.password).catch(() => false));
      if (!passwordOk) throw new FieldError("That password is not right.", "password");
      if (!(await guarded(me.id, () => acceptCode(user, input.code, true)))) throw new FieldError(WRONG_CODE, "code");
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: new Date() })
          .where(eq(users.id, me.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
      });
    },

    /** New recovery codes for a current TOTP code; the old ones stop working. */
    async regenerateRecoveryCodes(actor: Actor, code: string): Promise<string[]> {
      const me = requireUser(actor);
      const user = await userById(me.id);
      if (!user?.totpSecret) throw new ConflictError("Turn on two-step sign-in first.");
      if (!(await guarded(me.id, () => acceptCode(user, code, false)))) throw new FieldError(WRONG_TOTP, "code");
      return newRecoveryCodes(me.id);
    },

    /** Step-up: a fresh TOTP code marks this session as confirmed for SECOND_FACTOR.stepUpMs. */
    async stepUp(actor: Actor, code: string): Promise<void> {
      const me = requireUser(actor);
      const user = await userById(me.id);
      if (!user?.totpSecret) throw new ConflictError("Turn on two-step sign-in first.");
      if (!(await guarded(me.id, () => acceptCode(user, code, false)))) throw new FieldError(WRONG_TOTP, "code");
      await db.update(sessions).set({ steppedUpAt: new Date() }).where(eq(sessions.tokenHash, me.sessionId));
    },

    /**
     * For the operator's command line (`npm run totp -- <username> --reset`): turns the account's two-step sign-in
     * off and ends its sessions; an admin sets up a new key at the next sign-in. The way back from a lost phone.
     */
    async resetFromConsole(username: string): Promise<void> {
      const [user] = await db
        .update(users)
        .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: new Date() })
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .returning({ id: users.id });
      if (!user) throw new NotFoundError(`No account with the username ${username}.`);
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      await db.delete(sessions).where(eq(sessions.userId, user.id));
    },
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
