import { type CompanyHold, isAdminRole, isDealerAreaRole, type RoleName, type TeamRole } from "./roles.ts";
import { BUILT_IN_ROLE_SETS, defaultStaffRoleFor, type Permission } from "./staff.ts";

/**
 * The one permission vocabulary (decision 030): what a person may do or read, asked in the same words by services,
 * loaders and components, so a rule lives in one place and every output channel (JSON, pages, PDFs, e-mails, CSV,
 * files) gets the same answer. The staff roles build on it.
 *
 * A person is the server's actor or the page's signed-in user: both carry the role name and, inside a dealer company,
 * the team role, the company's account (`companyUserId`, the server only) and its hold (`hold` on the server,
 * `companyHold` on the page).
 */
export type Person =
  | {
      role: RoleName;
      teamRole?: TeamRole | null;
      companyUserId?: number;
      hold?: CompanyHold | null;
      companyHold?: CompanyHold | null;
      /** The back-office role's permissions (decision 035): the server's actor carries them in `staff`, the page's user in `permissions`. */
      staff?: { permissions: readonly Permission[] } | null;
      permissions?: readonly Permission[];
    }
  | null
  | undefined;

const holdOf = (person: NonNullable<Person>): CompanyHold | null => person.hold ?? person.companyHold ?? null;

/** A back-office person's permissions: as read with the session, else those of the role their role_id stands for. */
function permissionsOf(person: NonNullable<Person>): readonly Permission[] {
  if (!isAdminRole(person.role)) return [];
  const given = person.staff?.permissions ?? person.permissions;
  if (given) return given;
  return BUILT_IN_ROLE_SETS[defaultStaffRoleFor(person.role === "super" ? 4 : 3)].permissions;
}

export const can = {
  /** The back office: admins and supers. */
  enterBackOffice(person: Person): boolean {
    return !!person && isAdminRole(person.role);
  },

  /** The dealer area (home, the company's orders, its team): a dealer company's people, owners, buyers and technicians. */
  enterDealerArea(person: Person): boolean {
    return !!person && isDealerAreaRole(person.role);
  },

  /**
   * Today's dealer prices (spec §6), the price list and sorting by price: dealers and the back office, while the
   * company is in good standing (a hold, decision 023, reaches every price at once). Technicians never.
   */
  seePrices(person: Person): boolean {
    return !!person && (person.role === "dealer" || isAdminRole(person.role)) && !holdOf(person);
  },

  /**
   * The money rule (DESIGN.md §10, decision 020): whether the amounts and finance of the records kept under account
   * `companyUserId` (quotations, orders, invoices, proofs of payment, the company's tier, discount, tax numbers and
   * its customers' contacts) may be read. The back office always; a technician (the no-price role) never, not even
   * for records of their own; anyone else for their own company's records only. A hold does not hide the past.
   */
  readPastAmounts(person: Person, companyUserId: number | null): boolean {
    if (!person) return false;
    if (isAdminRole(person.role)) return true;
    if (person.role === "technician") return false;
    return companyUserId !== null && person.companyUserId === companyUserId;
  },

  /**
   * Ordering for the company: a cart, checkout, ordering again, accepting its quotations, proofs of payment and its
   * leads — its owner and buyers (role dealer). A hold is refused separately, with its own words (`requireGoodStanding`).
   */
  placeOrders(person: Person): boolean {
    return person?.role === "dealer";
  },

  /** The company's quotations: its owner and buyers; a technician reads only the requests they made themselves. */
  readCompanyQuotations(person: Person): boolean {
    return !!person && person.teamRole !== "technician";
  },

  /**
   * The company's team page: its people by team role, not account role, so a suspended company's owner (no longer a
   * dealer) still sees and removes its people (decision 023).
   */
  seeTeam(person: Person): boolean {
    return !!person?.teamRole;
  },

  /**
   * What a back-office role allows (decision 035): the permission named after it (#shared/staff.ts). The API routes and
   * pages declare the one they need; menus, cards and buttons ask this.
   */
  do(person: Person, permission: Permission): boolean {
    return !!person && permissionsOf(person).includes(permission);
  },

  /** Inviting people, changing their roles and removing them: the company's owner. */
  manageTeam(person: Person): boolean {
    return person?.teamRole === "owner";
  },

  /**
   * The company's application and its documents: its owner, or an account of no company yet (an applicant); a buyer or
   * technician of a company acts for it in other ways.
   */
  actForApplication(person: Person): boolean {
    return !!person && person.teamRole !== "buyer" && person.teamRole !== "technician";
  },
} as const;
