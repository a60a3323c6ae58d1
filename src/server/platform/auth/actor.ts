import { isDealerAreaRole, type RoleName, roleNameOf, seesPricesRole, type TeamRole } from "#shared/roles.ts";
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
   * The account a dealer company's records belong to (issue 25 §4): the owner's user id for a team member, the
   * account's own id otherwise. Orders, quotations, the cart, kits, the tier and the application are the company's,
   * kept under this id; who placed an order or a quotation is `id`.
   */
  companyUserId: number;
  /** 'owner' for a dealer who applied, 'buyer' or 'technician' for a team member, null for everyone else. */
  teamRole: TeamRole | null;
  /**
   * Issue 26 §3: one of the company's documents has expired (`dealers.documents_expired_at`): dealer prices and
   * checkout are suspended until the renewal is approved. Always false outside a dealer company.
   */
  documentsExpired?: boolean;
} | null;

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

export function requireAdmin(actor: Actor): SignedIn {
  return requireRole(actor, "admin", "super");
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

export function actorFrom(
  user: { id: number; roleId: number; emailVerifiedAt: Date | null },
  sessionId: string,
  membership: Membership = null,
  documentsExpired = false,
): SignedIn {
  const role = roleNameOf(user.roleId);
  return {
    id: user.id,
    roleId: user.roleId,
    role,
    sessionId,
    emailVerified: user.emailVerifiedAt !== null,
    companyUserId: membership?.ownerId ?? user.id,
    teamRole: membership?.role ?? (role === "dealer" ? "owner" : null),
    documentsExpired: documentsExpired && isDealerAreaRole(role),
  };
}

/** Who sees dealer prices now: a dealer (or the back office) whose company's documents have not expired. */
export function actorSeesPrices(actor: Actor): boolean {
  return actor !== null && seesPricesRole(actor.role) && actor.documentsExpired !== true;
}

/** Issue 26 §3: the words every refusal of a company on hold carries (the dealer pages' banner says more). */
export const DOCUMENTS_EXPIRED_HOLD =
  "Dealer prices and checkout are suspended because one of your company's documents has expired. Upload the renewed document on your profile; we restore them as soon as it is approved.";

/** Ordering and the price list: refused (403) while the company's documents have expired. */
export function requireDocumentsValid(actor: Actor): SignedIn {
  const user = requireUser(actor);
  if (user.documentsExpired === true) throw new ForbiddenError(DOCUMENTS_EXPIRED_HOLD);
  return user;
}

/** The company's owner only (its team, its application): a team member gets 403. */
export const OWNER_ONLY = "Only the company's owner can do this.";
export function requireCompanyOwner(actor: Actor): SignedIn {
  const user = requireUser(actor);
  if (user.teamRole !== "owner") throw new ForbiddenError(OWNER_ONLY);
  return user;
}
