/** role_id values: 1 user and 2 dealer are the spec's; 3 admin and 4 super are ours (DESIGN.md §5). */
export const ROLE_IDS = { user: 1, dealer: 2, admin: 3, super: 4 } as const;
export type RoleName = keyof typeof ROLE_IDS;

export function roleNameOf(roleId: number): RoleName {
  switch (roleId) {
    case 2:
      return "dealer";
    case 3:
      return "admin";
    case 4:
      return "super";
    default:
      return "user";
  }
}

export function isAdminRole(role: RoleName | undefined | null): boolean {
  return role === "admin" || role === "super";
}

/** Who sees prices (spec §6): dealers, and the back office. */
export function seesPricesRole(role: RoleName | undefined | null): boolean {
  return role === "dealer" || isAdminRole(role);
}

/** Where a user lands after login (spec §4): admin or super to /admin, dealer to /dealer, others to /. */
export function homePathFor(role: RoleName): string {
  if (isAdminRole(role)) return "/admin";
  if (role === "dealer") return "/dealer";
  return "/";
}
