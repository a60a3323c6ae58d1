import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { passwordResetTokens, users } from "../../db/schema/accounts.ts";
import type { AccountCore, UserRow } from "./account-core.ts";
import { hashPassword } from "./password-hash.ts";

/**
 * The accounts a dealer company's team invitations make (decision 023), inside the team service's transactions: the
 * account, its password link renewed, and whether its password is still to be chosen.
 */
export function createInvitations(core: AccountCore) {
  const { issuePasswordLink } = core;

  return {
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
  };
}
