import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { products } from "./catalogue.ts";
import { dealers } from "./dealers.ts";

/**
 * A dealer company's team. The account that applied (`dealers.user_id`) is the owner and has no row
 * here; each person the owner invited has one: a buyer (role_id 2, sees prices, orders) or a technician (role_id 5:
 * the catalogue and the company's orders, no prices, no ordering). Removing a member deletes the row, ends their
 * sessions and makes them a plain user again.
 */
export const companyMembers = pgTable(
  "company_members",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["buyer", "technician"] }).notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("company_members_dealer_idx").on(t.dealerId),
    check("company_members_role_check", sql`${t.role} in ('buyer', 'technician')`),
  ],
);

/**
 * Decision 023: an owner's invitation to join the company's team, waiting for the invited person's consent. Nobody
 * joins a team by the owner's word alone: an existing account joins when, signed in as itself, it accepts from the
 * mailed link (`token_hash`: the SHA-256 of a single-use token, as every link's); an account made for a new address
 * (`created_account`) joins when its holder chooses the password through the invitation's password link (no token
 * here). `user_id` is the account the address named; the owner sees only the name and address it typed.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    role: text("role", { enum: ["buyer", "technician"] }).notNull(),
    tokenHash: text("token_hash"),
    createdAccount: boolean("created_account").notNull().default(false),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("team_invitations_token_key").on(t.tokenHash),
    // One open invitation per company and account: inviting again renews it.
    uniqueIndex("team_invitations_open_key").on(t.dealerId, t.userId).where(sql`${t.acceptedAt} is null`),
    index("team_invitations_user_idx").on(t.userId),
    check("team_invitations_role_check", sql`${t.role} in ('buyer', 'technician')`),
  ],
);

/** A signed-in dealer company's cart: one line per product, shared by the team, kept on the server. */
export const dealerCartLines = pgTable(
  "dealer_cart_lines",
  {
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.productId, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.dealerId, t.productId] }),
    check("dealer_cart_lines_quantity_check", sql`${t.quantity} between 1 and 10000`),
  ],
);

/** A company's saved kit: a named list of products and quantities to add to the cart again. */
export const dealerKits = pgTable(
  "dealer_kits",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("dealer_kits_name_key").on(t.dealerId, sql`lower(${t.name})`)],
);

export const dealerKitLines = pgTable(
  "dealer_kit_lines",
  {
    kitId: integer("kit_id")
      .notNull()
      .references(() => dealerKits.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.productId, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kitId, t.productId] }),
    check("dealer_kit_lines_quantity_check", sql`${t.quantity} between 1 and 10000`),
  ],
);
