import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import {
  type ChangePasswordInput,
  CURRENT_PASSWORD_REQUIRED,
  INVALID_LINK,
  PASSWORD_CHANGE_FAILED,
  type PublicUser,
  type UpdateProfileInput,
  USERNAME_TAKEN,
} from "#shared/schemas/auth.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { emailVerificationTokens, passwordResetTokens, sessions, users } from "../../db/schema/accounts.ts";

import { type Actor, requireUser, type SignedIn } from "../../platform/auth/actor.ts";
import { hashToken, newToken } from "../../platform/auth/tokens.ts";
import { BadRequestError, ConflictError, FieldError, ForbiddenError, UnauthorizedError } from "../../platform/errors.ts";
import { THROTTLES } from "../../platform/throttle.ts";
import { type AccountCore, LINK_LIFETIME, type RequestMeta, type SessionMeta, toPublicUser, type UserRow } from "./account-core.ts";
import { emailChangeMail, emailInUseMail, usernameChangedMail } from "./account-mail.ts";
import type { Credentials } from "./credentials.ts";
import { hashPassword } from "./password-hash.ts";

/**
 * The signed-in user's own account: name, username and address (a new address waits for its link), the undo link of
 * an address change, and the password.
 */
export function createProfile(core: AccountCore, credentials: Credentials) {
  const { db, settings, throttle, event, revokeLinks, assertGoodPassword, send, userByEmail, userById } = core;
  const { checkPassword } = credentials;
  const usernameChangeRule = THROTTLES.usernameChange;

  /** Whether another account signs in with this username (any case). */
  async function usernameTaken(username: string, exceptId: number): Promise<boolean> {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), ne(users.id, exceptId)))
      .limit(1);
    return other !== undefined;
  }

  /** A user may change only their own record through the account calls, whatever their role. */
  function requireSelf(actor: Actor, id: number): SignedIn {
    const user = requireUser(actor);
    if (user.id !== id) throw new ForbiddenError("You can only change your own account.");
    return user;
  }

  return {
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
  };
}
