import { z } from "zod";
import { PERMISSIONS } from "../staff.ts";

/** A back-office role as GET /api/staff/roles answers it (decision 035): built-in ones with the code's permissions. */
export const staffRoleSchema = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** How many back-office accounts hold it. */
  members: z.number(),
});
export type StaffRoleView = z.infer<typeof staffRoleSchema>;

export const ROLE_NAME_REQUIRED = "Give the role a name.";
export const ROLE_NEEDS_PERMISSION = "Choose at least one thing the role may do.";

/** POST and PUT /api/staff/roles(/{id}): a custom role's name, description and permissions. */
export const staffRoleInputSchema = z.object({
  name: z.string({ error: ROLE_NAME_REQUIRED }).trim().min(1, ROLE_NAME_REQUIRED).max(60, "Keep the name under 60 characters."),
  description: z.string().trim().max(300, "Keep the description under 300 characters.").default(""),
  permissions: z
    .array(z.enum(PERMISSIONS, { error: "Choose permissions from the list." }))
    .min(1, ROLE_NEEDS_PERMISSION)
    .max(PERMISSIONS.length)
    .transform((list) => [...new Set(list)]),
});
export type StaffRoleInput = z.infer<typeof staffRoleInputSchema>;

/** PUT /api/staff/users/{id}/role: the role a back-office account works under. */
export const setStaffRoleSchema = z.object({
  staffRoleId: z.coerce.number({ error: "Choose a role." }).int().positive("Choose a role."),
});
export type SetStaffRoleInput = z.infer<typeof setStaffRoleSchema>;

export const BUILT_IN_ROLE_FIXED = "A built-in role cannot be changed: make a custom role with the permissions you need.";
export const OWN_ROLE_FIXED = "You cannot change your own role: ask another owner.";
export const LAST_OWNER = "The last owner keeps the Owner role: make someone else an owner first.";
export const NOT_STAFF = "This account is not a back-office account.";
export const ROLE_NAME_TAKEN = "A role with this name already exists.";
