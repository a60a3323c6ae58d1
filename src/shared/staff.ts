/**
 * The back office's permissions and roles (decision 035). A permission is named after what it allows; a role is a named
 * set of them. Every back-office API route and page declares the one permission it needs (platform/auth/access.ts,
 * web/lib/guards.server.ts), services ask it again (`requireStaff`), and menus, cards and buttons show only what the
 * person may do (`can.do`).
 *
 * The built-in roles' sets live here, not in the database, so a permission added later reaches them by a deploy; a
 * custom role keeps its own list (table staff_roles). Owner is today's super (role_id 4); every other role is an
 * admin (role_id 3), as the spec's clients read them.
 */
export const PERMISSIONS = [
  "catalogue.edit",
  "prices.edit",
  "rates.edit",
  "dealers.read",
  "dealers.verify",
  "dealers.terms",
  "quotations.decide",
  "orders.read",
  "orders.payments",
  "orders.dispatch",
  "stock.adjust",
  "money.documents",
  "content.edit",
  "messages.read",
  "leads.assign",
  "sales.read",
  "settings.edit",
  "users.manage",
  "audit.read",
  "staff.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission allows, in the words the roles page shows. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  "catalogue.edit": "Edit products, categories and brands",
  "prices.edit": "Change prices, dealer tiers and price lists",
  "rates.edit": "Change the exchange rate and VAT rates",
  "dealers.read": "See dealers, their applications and documents",
  "dealers.verify": "Verify dealers' documents, approve and suspend dealers",
  "dealers.terms": "Set dealers' payment terms and credit limits",
  "quotations.decide": "Price, approve and reject quotations",
  "orders.read": "See orders",
  "orders.payments": "Confirm payments and record account payments",
  "orders.dispatch": "Pack and dispatch orders with serial numbers",
  "stock.adjust": "Adjust stock, branches and shipments",
  "money.documents": "Issue invoices and credit notes; fiscalisation",
  "content.edit": "Edit the blog, case studies, pages and media",
  "messages.read": "Read contact messages",
  "leads.assign": "Assign installation enquiries to installers",
  "sales.read": "See sales figures",
  "settings.edit": "Change the site's settings",
  "users.manage": "Sign accounts out and read their security events",
  "audit.read": "Read the audit log",
  "staff.manage": "Invite staff and manage roles",
};

/**
 * Changes an auditor asks about: the second factor again within the step-up window, and the audit entry names the
 * role they were made under.
 */
export const SENSITIVE_PERMISSIONS = ["rates.edit", "dealers.terms", "staff.manage"] as const satisfies readonly Permission[];

export const BUILT_IN_ROLES = ["owner", "manager", "sales", "warehouse", "accounts", "content"] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

/** The built-in roles' ids in staff_roles (the migration inserts them so). */
export const BUILT_IN_ROLE_IDS: Record<BuiltInRole, number> = { owner: 1, manager: 2, sales: 3, warehouse: 4, accounts: 5, content: 6 };

const everything: readonly Permission[] = PERMISSIONS;

/** The built-in roles: their names and sets. Owner is everything; Manager everything but staff and rates. */
export const BUILT_IN_ROLE_SETS: Record<BuiltInRole, { name: string; description: string; permissions: readonly Permission[] }> = {
  owner: { name: "Owner", description: "Everything, staff and rates included.", permissions: everything },
  manager: {
    name: "Manager",
    description: "Everything but staff and rates.",
    permissions: everything.filter((p) => p !== "staff.manage" && p !== "rates.edit"),
  },
  sales: {
    name: "Sales",
    description: "The sales desk: the catalogue, dealers' applications, quotations, orders and enquiries.",
    permissions: [
      "catalogue.edit",
      "dealers.read",
      "dealers.verify",
      "quotations.decide",
      "orders.read",
      "messages.read",
      "leads.assign",
      "sales.read",
    ],
  },
  warehouse: {
    name: "Warehouse",
    description: "Stock, branches and shipments; packing and dispatching orders.",
    permissions: ["orders.read", "orders.dispatch", "stock.adjust"],
  },
  accounts: {
    name: "Accounts",
    description: "Payments, invoices and credit notes, dealers' terms, the audit log.",
    permissions: ["dealers.read", "dealers.terms", "orders.read", "orders.payments", "money.documents", "sales.read", "audit.read"],
  },
  content: {
    name: "Content",
    description: "The blog, case studies, pages, FAQs and testimonials.",
    permissions: ["content.edit"],
  },
};

export function isBuiltInRole(key: string): key is BuiltInRole {
  return (BUILT_IN_ROLES as readonly string[]).includes(key);
}

/** A role's permissions: a built-in role's from the code, a custom role's as stored (unknown names dropped). */
export function permissionsOfRole(key: string, stored: readonly string[] | null | undefined): readonly Permission[] {
  if (isBuiltInRole(key)) return BUILT_IN_ROLE_SETS[key].permissions;
  return PERMISSIONS.filter((p) => stored?.includes(p));
}

/** The back office's role for an account's role_id where no role was given (the spec's admin invitation): super → Owner. */
export function defaultStaffRoleFor(roleId: number): BuiltInRole {
  return roleId === 4 ? "owner" : "manager";
}

/** Where to ask for a right one's role lacks: the 403 page and the API's refusal say so. */
export function missingPermissionMessage(permission: Permission, roleName: string | null): string {
  const role = roleName ? `Your role (${roleName})` : "Your account";
  return `${role} does not allow this: ${PERMISSION_LABELS[permission].toLowerCase()}. Ask the owner of the back office to give your role this permission.`;
}
