import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { ROLE_IDS } from "#shared/roles.ts";
import {
  BUILT_IN_ROLE_FIXED,
  LAST_OWNER,
  NOT_STAFF,
  OWN_ROLE_FIXED,
  ROLE_NAME_TAKEN,
  type SetStaffRoleInput,
  type StaffRoleInput,
  type StaffRoleView,
} from "#shared/schemas/staff.ts";
import { BUILT_IN_ROLE_IDS, defaultStaffRoleFor, permissionsOfRole } from "#shared/staff.ts";
import type { Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { staffRoles, users } from "../../db/schema/accounts.ts";
import { type Actor, requireStaff, requireStepUp, type SignedIn } from "../../platform/auth/actor.ts";
import { ConflictError, NotFoundError } from "../../platform/errors.ts";
import type { AccountCore } from "./account-core.ts";

type RoleRow = typeof staffRoles.$inferSelect;

const isOwnerRole = (role: Pick<RoleRow, "key">) => role.key === "owner";

/**
 * The back office's roles (decision 035): the built-in ones and the custom roles an owner makes, and which role each
 * back-office account works under. Every change needs `staff.manage` and a fresh second factor, and is audited.
 */
export function createStaffRoles(core: AccountCore) {
  const { db, audit, userById } = core;

  function view(row: RoleRow, members: number): StaffRoleView {
    return {
      id: row.id,
      key: row.key,
      name: row.name,
      description: row.description,
      builtIn: row.builtIn,
      permissions: [...permissionsOfRole(row.key, row.permissions)],
      members,
    };
  }

  async function roleById(exec: Tx | typeof db, id: number): Promise<RoleRow> {
    const [row] = await exec.select().from(staffRoles).where(eq(staffRoles.id, id)).limit(1);
    if (!row) throw new NotFoundError("Role not found.");
    return row;
  }

  /** How many back-office accounts work under each role (an account with no stored role: as its role_id says). */
  async function membersOf(): Promise<Map<number, number>> {
    const rows = await db
      .select({ staffRoleId: users.staffRoleId, roleId: users.roleId, n: count() })
      .from(users)
      .where(inArray(users.roleId, [ROLE_IDS.admin, ROLE_IDS.super]))
      .groupBy(users.staffRoleId, users.roleId);
    const members = new Map<number, number>();
    for (const r of rows) {
      const id = r.staffRoleId ?? BUILT_IN_ROLE_IDS[defaultStaffRoleFor(r.roleId)];
      members.set(id, (members.get(id) ?? 0) + r.n);
    }
    return members;
  }

  /** A sensitive change's gate: the permission, then the second factor given again within ten minutes. */
  function requireStaffChange(actor: Actor): SignedIn {
    const me = requireStaff(actor, "staff.manage");
    requireStepUp(me);
    return me;
  }

  return {
    /** GET /api/staff/roles: every role, built-in first, with its permissions and how many accounts hold it. */
    async listRoles(actor: Actor): Promise<StaffRoleView[]> {
      requireStaff(actor, "staff.manage");
      const rows = await db
        .select()
        .from(staffRoles)
        .orderBy(asc(sql`not ${staffRoles.builtIn}`), asc(staffRoles.id));
      const members = await membersOf();
      return rows.map((r) => view(r, members.get(r.id) ?? 0));
    },

    /** POST /api/staff/roles: a custom role. */
    async createRole(actor: Actor, input: StaffRoleInput): Promise<StaffRoleView> {
      const me = requireStaffChange(actor);
      try {
        const row = await db.transaction(async (tx) => {
          const [made] = (await tx
            .insert(staffRoles)
            .values({ key: `custom-${Date.now()}`, name: input.name, description: input.description, permissions: input.permissions })
            .returning()) as [RoleRow];
          // The key names the row for good: `custom-<id>`.
          const [keyed] = (await tx
            .update(staffRoles)
            .set({ key: `custom-${made.id}` })
            .where(eq(staffRoles.id, made.id))
            .returning()) as [RoleRow];
          await audit.record(tx, me, {
            entity: "staff-role",
            entityId: keyed.id,
            action: "create",
            summary: `Role ${keyed.name} made: ${input.permissions.join(", ")}`,
            after: view(keyed, 0),
          });
          return keyed;
        });
        return view(row, 0);
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(ROLE_NAME_TAKEN);
        throw err;
      }
    },

    /** PUT /api/staff/roles/{id}: a custom role's name, description and permissions; the built-in ones are fixed. */
    async updateRole(actor: Actor, id: number, input: StaffRoleInput): Promise<StaffRoleView> {
      const me = requireStaffChange(actor);
      try {
        const row = await db.transaction(async (tx) => {
          const before = await roleById(tx, id);
          if (before.builtIn) throw new ConflictError(BUILT_IN_ROLE_FIXED);
          const [after] = (await tx
            .update(staffRoles)
            .set({ name: input.name, description: input.description, permissions: input.permissions, updatedAt: new Date() })
            .where(eq(staffRoles.id, id))
            .returning()) as [RoleRow];
          await audit.record(tx, me, {
            entity: "staff-role",
            entityId: id,
            action: "update",
            summary: `Role ${after.name} changed: ${input.permissions.join(", ")}`,
            before: view(before, 0),
            after: view(after, 0),
          });
          return after;
        });
        const members = await membersOf();
        return view(row, members.get(row.id) ?? 0);
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(ROLE_NAME_TAKEN);
        throw err;
      }
    },

    /**
     * PUT /api/staff/users/{id}/role: the role a back-office account works under. Owner makes it a super (role_id 4),
     * any other an admin (3), as the spec's clients read them. Not one's own role; never the last owner's.
     */
    async setRoleOf(actor: Actor, userId: number, input: SetStaffRoleInput): Promise<{ message: string }> {
      const me = requireStaffChange(actor);
      if (userId === me.id) throw new ConflictError(OWN_ROLE_FIXED);
      const target = await userById(userId);
      if (!target) throw new NotFoundError("User not found.");
      if (target.roleId !== ROLE_IDS.admin && target.roleId !== ROLE_IDS.super) throw new ConflictError(NOT_STAFF);
      const role = await roleById(db, input.staffRoleId);
      await db.transaction(async (tx) => {
        // Counted with the owners' rows locked, so two changes at once cannot both take the last owner away.
        const owners = await tx.select({ id: users.id }).from(users).where(eq(users.roleId, ROLE_IDS.super)).for("update");
        if (!isOwnerRole(role) && target.roleId === ROLE_IDS.super && owners.length <= 1) throw new ConflictError(LAST_OWNER);
        const before = await roleById(tx, target.staffRoleId ?? BUILT_IN_ROLE_IDS[defaultStaffRoleFor(target.roleId)]);
        await tx
          .update(users)
          .set({ staffRoleId: role.id, roleId: isOwnerRole(role) ? ROLE_IDS.super : ROLE_IDS.admin, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await audit.record(tx, me, {
          entity: "admin-user",
          entityId: userId,
          action: "role",
          summary: `${target.fullName} (${target.username}) now works as ${role.name} (was ${before.name})`,
        });
      });
      return { message: `${target.fullName} now works as ${role.name}.` };
    },

    /** The role an invitation names, checked: a role that exists. */
    roleById: (id: number) => roleById(db, id),
  };
}
