import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { EMAIL_CHANGE_TAKEN, INVALID_LINK, type PublicUser, type RegisterInput } from "#shared/schemas/auth.ts";
import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { emailVerificationTokens, users } from "../../db/schema/accounts.ts";
import { hashToken, newToken } from "../../platform/auth/tokens.ts";
import { BadRequestError, ConflictError } from "../../platform/errors.ts";
import { THROTTLES } from "../../platform/throttle.ts";
import { type AccountCore, LINK_LIFETIME, type RequestMeta, toPublicUser, type UserRow } from "./account-core.ts";
import { accountExistsMail, emailChangedMail, usernameTakenMail, verificationMail } from "./account-mail.ts";
import { hashPassword } from "./password-hash.ts";

/**
 * Sign-up and the proof of an address: a new account, its verification link, and the link that proves a changed address.
 */
export function createRegistration(core: AccountCore) {
  const { deps, db, settings, throttle, event, revokeLinks, assertGoodPassword, send, issuePasswordLink, userByEmail } = core;
  const { signupsPerHour } = deps;
  const signupRule = { ...THROTTLES.signupIp, limit: signupsPerHour ?? THROTTLES.signupIp.limit };

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
  };
}
