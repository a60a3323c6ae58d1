import { randomBytes } from "node:crypto";
import { eq, inArray, or, sql } from "drizzle-orm";
import { isAdminRole, roleNameOf } from "#shared/roles.ts";
import type { CreateAdminInput, PublicUser } from "#shared/schemas/auth.ts";
import { BUILT_IN_ROLE_IDS, defaultStaffRoleFor } from "#shared/staff.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors.ts";
import { sessions, staffRoles, users } from "../../db/schema/accounts.ts";

import { type Actor, requireBackOffice, requireStaff, requireStepUp, staffRoleOf } from "../../platform/auth/actor.ts";
import { ConflictError, NotFoundError } from "../../platform/errors.ts";
import { type AccountCore, type RequestMeta, type SessionMeta, toPublicUser, type UserRow } from "./account-core.ts";
import { invitationMail } from "./account-mail.ts";
import { hashPassword } from "./password-hash.ts";

/**
 * The back office's accounts and the operator's console: listing, adding and removing back-office accounts, ending
 * another account's sessions, its security events, and a password set from the command line.
 */
export function createAdminUsers(core: AccountCore, staffRoleById: (id: number) => Promise<{ id: number; key: string; name: string }>) {
  const { db, settings, audit, events, event, revokeLinks, assertGoodPassword, send, issuePasswordLink, userById } = core;
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

  return {
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

    /** The back-office accounts (admin and super) with the role each works under (decision 035). */
    async listAdmins(actor: Actor): Promise<PublicUser[]> {
      // Everyone in the back office sees who else works there (spec §2's admin table); changing it is `staff.manage`.
      requireBackOffice(actor);
      const rows = await db
        .select({
          user: users,
          role: { id: staffRoles.id, key: staffRoles.key, name: staffRoles.name, permissions: staffRoles.permissions },
        })
        .from(users)
        .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
        .where(inArray(users.roleId, [3, 4]))
        .orderBy(users.id);
      return rows.map(({ user, role }) => {
        const staff = staffRoleOf(user.roleId, role);
        return { ...toPublicUser(user), ...(staff ? { staffRole: { id: staff.id, key: staff.key, name: staff.name } } : {}) };
      });
    },

    /**
     * An admin ends every session of another account, written to the audit log. Admins may do it to
     * users and dealers; back-office accounts are for role super. One's own sessions: "sign out other devices".
     */
    async endSessionsOf(actor: Actor, userId: number, meta: SessionMeta = {}): Promise<number> {
      const me = requireStaff(actor, "users.manage");
      if (userId === me.id) throw new ConflictError('Use "Sign out other devices" on your profile for your own sessions.');
      const target = await userById(userId);
      if (!target) throw new NotFoundError("User not found.");
      if (isAdminRole(roleNameOf(target.roleId))) requireStaff(me, "staff.manage");
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
      const me = requireStaff(actor, "users.manage");
      const target = await userById(userId);
      if (!target) throw new NotFoundError("User not found.");
      if (isAdminRole(roleNameOf(target.roleId)) && target.id !== me.id) requireStaff(me, "staff.manage");
      return events.recentFor(userId);
    },

    /**
     * A back-office account, invited with its role (decision 035: `staff.manage` and a fresh second factor); it gets an
     * e-mail with a link to choose its password. Without a role named, the spec's `role` says: super an Owner, admin a
     * Manager.
     */
    async createAdmin(actor: Actor, input: CreateAdminInput, meta: RequestMeta): Promise<PublicUser> {
      const me = requireStaff(actor, "staff.manage");
      requireStepUp(me);
      const role = await staffRoleById(input.staffRoleId ?? BUILT_IN_ROLE_IDS[defaultStaffRoleFor(input.role === "super" ? 4 : 3)]);
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
              roleId: role.key === "owner" ? 4 : 3,
              staffRoleId: role.id,
            })
            .returning()) as [UserRow];
          await audit.record(tx, me, {
            entity: "admin-user",
            entityId: created.id,
            action: "create",
            summary: `${created.fullName} (${created.username}) added as ${role.name}`,
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
      return { ...toPublicUser(row), staffRole: { id: role.id, key: role.key, name: role.name } };
    },

    /**
     * Role super removes an account (spec §7 DELETE /auth/user/{id}); its sessions end with it. Nobody removes
     * themselves or the last super; an account with quotations or orders on record is kept.
     */
    async deleteUser(actor: Actor, id: number): Promise<void> {
      const me = requireStaff(actor, "staff.manage");
      requireStepUp(me);
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
