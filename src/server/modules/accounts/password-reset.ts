import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { INVALID_LINK, type ResetPasswordInput } from "#shared/schemas/auth.ts";
import { passwordResetTokens, sessions, users } from "../../db/schema/accounts.ts";
import { hashToken } from "../../platform/auth/tokens.ts";
import { BadRequestError } from "../../platform/errors.ts";
import { enqueue } from "../../platform/jobs/queue.ts";
import { THROTTLES } from "../../platform/throttle.ts";
import { type AccountCore, type RequestMeta, type SessionMeta, toPublicUser, type UserRow } from "./account-core.ts";
import { resetMail } from "./account-mail.ts";
import type { Credentials } from "./credentials.ts";
import { hashPassword } from "./password-hash.ts";

/** The job that looks up the address of a password reset and mails the link: the request answers before it runs. */
export const PASSWORD_RESET_JOB = "accounts.password-reset";

/**
 * A forgotten password: the request (answered before the job that looks the address up), the job that mails the
 * link, and the link that sets a new password and signs its holder in.
 */
export function createPasswordReset(core: AccountCore, credentials: Credentials) {
  const {
    deps,
    db,
    settings,
    throttle,
    event,
    secondFactor,
    revokeLinks,
    assertGoodPassword,
    send,
    issuePasswordLink,
    userByEmail,
    userById,
  } = core;
  const { onJobQueued } = deps;
  const { rememberDevice, startSession } = credentials;

  return {
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
  };
}
