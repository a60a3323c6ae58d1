/**
 * role_id values: 1 user and 2 dealer are the spec's; 3 admin and 4 super are ours (DESIGN.md §5); 5 technician is a
 * dealer company's team member who sees the catalogue and the company's orders, no prices, and cannot order
 * (decision 020). A company's owner and its buyers are dealers (2).
 */
export const ROLE_IDS = { user: 1, dealer: 2, admin: 3, super: 4, technician: 5 } as const;
export type RoleName = keyof typeof ROLE_IDS;

export function roleNameOf(roleId: number): RoleName {
  switch (roleId) {
    case 2:
      return "dealer";
    case 3:
      return "admin";
    case 4:
      return "super";
    case 5:
      return "technician";
    default:
      return "user";
  }
}

export function isAdminRole(role: RoleName | undefined | null): boolean {
  return role === "admin" || role === "super";
}

/** Where a user lands after login (spec §4): admin or super to /admin, dealer to /dealer, others to /. */
export function homePathFor(role: RoleName): string {
  if (isAdminRole(role)) return "/admin";
  if (role === "dealer" || role === "technician") return "/dealer";
  return "/";
}

/**
 * A dealer company's people: the account that applied is the owner; the owner invites buyers (see
 * prices, order, see the company's orders and quotations) and technicians (the catalogue and the company's orders).
 */
export const TEAM_ROLES = ["owner", "buyer", "technician"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const MEMBER_ROLES = ["buyer", "technician"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A member's role_id: buyers are dealers, technicians their own role. */
export function roleIdOfMember(role: MemberRole): number {
  return role === "buyer" ? ROLE_IDS.dealer : ROLE_IDS.technician;
}

/** The dealer area's people: dealers (owners and buyers) and technicians. */
export function isDealerAreaRole(role: RoleName | undefined | null): boolean {
  return role === "dealer" || role === "technician";
}

/**
 * Why a dealer company's people are on hold (decision 023): the back office suspended the company (any status other
 * than Approved reads so), or one of its documents has expired. On hold: no dealer prices, no ordering, no leads.
 */
export const COMPANY_HOLDS = ["suspended", "documents-expired"] as const;
export type CompanyHold = (typeof COMPANY_HOLDS)[number];
