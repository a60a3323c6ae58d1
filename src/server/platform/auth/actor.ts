import { can } from "#shared/can.ts";
import { type CompanyHold, isAdminRole, ROLE_IDS, type RoleName, roleNameOf, type TeamRole } from "#shared/roles.ts";
import type { DealerStatus } from "#shared/schemas/dealers.ts";
import type { DealerTier } from "#shared/schemas/pricing.ts";
import { BUILT_IN_ROLE_SETS, defaultStaffRoleFor, missingPermissionMessage, type Permission, permissionsOfRole } from "#shared/staff.ts";
import { ForbiddenError, UnauthorizedError } from "../errors.ts";

/** Who is acting: services receive it with every call and decide from it. Null is an anonymous visitor. */
export type Actor = {
  id: number;
  roleId: number;
  role: RoleName;
  /** Hash of the session in use, so logout can end exactly this one. */
  sessionId: string;
  /** Whether the account's e-mail address is confirmed (decision 005: needed to apply as a dealer and to check out). */
  emailVerified: boolean;
  /**
   * The account a dealer company's records belong to: the owner's user id for a team member, the
   * account's own id otherwise. Orders, quotations, the cart, kits, the tier and the application are the company's,
   * kept under this id; who placed an order or a quotation is `id`.
   */
  companyUserId: number;
  /** 'owner' for a dealer who applied, 'buyer' or 'technician' for a team member, null for everyone else. */
  teamRole: TeamRole | null;
  /**
   * The company's standing, read with the session (decisions 021 and 023): 'suspended' when the company's
   * application is not Approved (an admin suspended it), 'documents-expired' when one of its documents has expired
   * (`dealers.documents_expired_at`). Either way every person of the company (owner, buyers, technicians) is on hold:
   * no dealer prices, no price list, no ordering, no lead accepted. Null (or absent) outside a dealer company and for
   * a company in good standing.
   */
  hold?: CompanyHold | null;
  /**
   * The price tier the company buys at (its own, else the lowest; null when admins made none), read with the
   * session (decision 033) so that a dealer's catalogue read makes no query of its own for it. Absent on an actor
   * made without a session's read: it is read when needed.
   */
  tier?: DealerTier | null;
  /**
   * A back-office account's role and what it allows (decision 035), read with the session; null for everyone else.
   * Absent on an actor made without a session's read: an admin reads as Manager, a super as Owner.
   */
  staff?: StaffRole | null;
  /** When this session last gave the second factor again (step-up, decision 010), read with the session. */
  steppedUpAt?: Date | null;
} | null;

/** A back-office account's role: its id in staff_roles (built-in 1–6), key, name and permissions. */
export type StaffRole = { id: number | null; key: string; name: string; permissions: readonly Permission[] };

export type SignedIn = NonNullable<Actor>;

export function requireUser(actor: Actor): SignedIn {
  if (!actor) throw new UnauthorizedError();
  return actor;
}

export function requireRole(actor: Actor, ...roles: RoleName[]): SignedIn {
  const user = requireUser(actor);
  if (!roles.includes(user.role)) throw new ForbiddenError();
  return user;
}

/**
 * The back-office role of an account: the stored one (key, name, a custom role's permissions), else the one its
 * role_id stands for (super → Owner, admin → Manager); null outside the back office.
 */
export function staffRoleOf(
  roleId: number,
  stored: { id: number | null; key: string | null; name: string | null; permissions: readonly string[] | null } | null,
): StaffRole | null {
  if (!isAdminRole(roleNameOf(roleId))) return null;
  if (stored?.key) {
    return {
      id: stored.id,
      key: stored.key,
      name: stored.name ?? stored.key,
      permissions: permissionsOfRole(stored.key, stored.permissions),
    };
  }
  const key = defaultStaffRoleFor(roleId);
  return { id: null, key, name: BUILT_IN_ROLE_SETS[key].name, permissions: BUILT_IN_ROLE_SETS[key].permissions };
}

/** The actor's back-office role (read with the session, else derived from role_id); null outside the back office. */
export function staffOf(user: SignedIn): StaffRole | null {
  if (user.staff !== undefined) return user.staff;
  return user.role === "super" ? staffRoleOf(ROLE_IDS.super, null) : user.role === "admin" ? staffRoleOf(ROLE_IDS.admin, null) : null;
}

/**
 * A back-office account whose role allows `permission` (decision 035); 401 without a session, 403 with the words of
 * what is missing and who to ask otherwise. Services ask it for every back-office call, as the route declared it.
 */
export function requireStaff(actor: Actor, permission: Permission): SignedIn {
  const user = requireUser(actor);
  const staff = staffOf(user);
  if (!staff) throw new ForbiddenError();
  if (!staff.permissions.includes(permission)) throw new ForbiddenError(missingPermissionMessage(permission, staff.name));
  return user;
}

/** Any back-office account, whatever its role (decision 035): what every staff member may see, e.g. who else works there. */
export function requireBackOffice(actor: Actor): SignedIn {
  const user = requireUser(actor);
  if (!staffOf(user)) throw new ForbiddenError();
  return user;
}

/** How long a second-factor code given again counts for a sensitive change (decisions 010 and 035). */
export const STEP_UP_MS = 10 * 60_000;

export const STEP_UP_REQUIRED = "Enter a current code from your authenticator app to confirm this change.";

/**
 * A sensitive change (rates, credit notes, dealers' terms, staff; decision 035): refused (403) unless this session gave
 * the second factor again within STEP_UP_MS, as read with the session.
 */
export function requireStepUp(actor: Actor, now: Date = new Date()): SignedIn {
  const user = requireUser(actor);
  const at = user.steppedUpAt;
  if (!at || at.getTime() < now.getTime() - STEP_UP_MS) throw new ForbiddenError(STEP_UP_REQUIRED);
  return user;
}

export const VERIFY_FIRST = "Please confirm your e-mail address first: open the link we sent you, or ask for a new one.";

/** A signed-in user whose e-mail address is confirmed (decision 005). */
export function requireVerified(actor: Actor): SignedIn {
  const user = requireUser(actor);
  if (!user.emailVerified) throw new ForbiddenError(VERIFY_FIRST);
  return user;
}

/** A team member's company: its owner's user id and the member's role (company_members). */
export type Membership = { ownerId: number; role: "buyer" | "technician" } | null;

/**
 * The standing of the company the account belongs to (a member's company, else its own application), read in the
 * session's query: its status and whether its documents have expired. Null: no company at all.
 */
export type CompanyStanding = { regStatus: DealerStatus | null; documentsExpired: boolean } | null;

export function actorFrom(
  user: { id: number; roleId: number; emailVerifiedAt: Date | null },
  sessionId: string,
  membership: Membership = null,
  standing: CompanyStanding = null,
  staff?: StaffRole | null,
): SignedIn {
  const role = roleNameOf(user.roleId);
  // Decision 023: a suspended company's owner lost the dealer role (decision 021) but is still its owner: it sees its
  // team and removes people from it.
  const suspendedOwner = membership === null && role === "user" && standing?.regStatus === "Suspended";
  const teamRole = membership?.role ?? (role === "dealer" || suspendedOwner ? "owner" : null);
  return {
    id: user.id,
    roleId: user.roleId,
    role,
    sessionId,
    emailVerified: user.emailVerifiedAt !== null,
    companyUserId: membership?.ownerId ?? user.id,
    teamRole,
    hold: teamRole === null ? null : holdOf(standing),
    staff: staff !== undefined ? staff : staffRoleOf(user.roleId, null),
  };
}

/** A company not Approved holds all its people; else expired documents do (decision 023); no company, no hold. */
function holdOf(standing: CompanyStanding): CompanyHold | null {
  if (standing === null) return null;
  if (standing.regStatus !== "Approved") return "suspended";
  return standing.documentsExpired ? "documents-expired" : null;
}

/** The words every refusal of a company on hold for expired documents carries (the banner says more). */
export const DOCUMENTS_EXPIRED_HOLD =
  "Dealer prices and checkout are suspended because one of your company's documents has expired. Upload the renewed document on your profile; we restore them as soon as it is approved.";

/** Decision 023: the words every refusal of a suspended company's people carries. */
export const COMPANY_SUSPENDED_HOLD =
  "Your company's dealer account is suspended: dealer prices, the price list, ordering and installation enquiries are unavailable until we reinstate it. We e-mailed the reason to the company's owner; please contact us with any questions.";

/** The refusal's words for a hold. */
export function holdMessage(hold: CompanyHold): string {
  return hold === "suspended" ? COMPANY_SUSPENDED_HOLD : DOCUMENTS_EXPIRED_HOLD;
}

/**
 * Ordering, accepting a quotation into an order or a lead, and the price list: refused (403) while the company is on
 * hold (decision 023), with the words of its hold.
 */
export function requireGoodStanding(actor: Actor): SignedIn {
  const user = requireUser(actor);
  if (user.hold) throw new ForbiddenError(holdMessage(user.hold));
  return user;
}

/** The refusal of a team's page to someone of no dealer company. */
export const NOT_COMPANY_PERSON = "Only a dealer company's people can see its team.";

/** The company's owner only (its team, its application): a team member gets 403. */
export const OWNER_ONLY = "Only the company's owner can do this.";
/**
 * Refuses a dealer company's buyer or technician what only its owner does for the company (the application, its
 * documents): an account of no company passes, as an applicant does. `requireCompanyOwner` asks for the owner itself.
 */
export function refuseTeamMember(user: SignedIn): void {
  if (!can.actForApplication(user)) throw new ForbiddenError(OWNER_ONLY);
}

export function requireCompanyOwner(actor: Actor): SignedIn {
  const user = requireUser(actor);
  if (!can.manageTeam(user)) throw new ForbiddenError(OWNER_ONLY);
  return user;
}
