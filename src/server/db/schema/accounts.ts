import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The back office's roles (decision 035): the six built-in ones (ids 1–6, `built_in`, their permissions from
 * #shared/staff.ts) and the custom roles the owner makes, whose permissions are kept here.
 */
export const staffRoles = pgTable(
  "staff_roles",
  {
    id: serial("id").primaryKey(),
    /** owner, manager, sales, warehouse, accounts, content; a custom role's is `custom-<id>`. */
    key: text("key").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** A custom role's permissions; a built-in role's come from the code (null here). */
    permissions: text("permissions").array(),
    builtIn: boolean("built_in").notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("staff_roles_key_key").on(t.key), uniqueIndex("staff_roles_name_key").on(sql`lower(${t.name})`)],
);

/** role_id: 1 user, 2 dealer (spec); 3 admin, 4 super (ours, see DESIGN.md §5); 5 technician, a dealer company's team member who sees no prices. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    fullName: text("full_name").notNull(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    roleId: integer("role_id").notNull().default(1),
    /** Public storage key of the profile picture; null renders initials ("avatar" in the spec). */
    profile: text("profile"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /**
     * Two-step sign-in (decision 010): the base32 TOTP secret once confirmed (null: off), the one being set up until
     * its first code is confirmed, and the last time step accepted, so no code is accepted twice.
     */
    totpSecret: text("totp_secret"),
    totpPendingSecret: text("totp_pending_secret"),
    totpLastStep: integer("totp_last_step"),
    /**
     * A back-office account's role (decision 035); null for everyone else, and for a back-office account made before
     * roles or written straight to the table, which reads as Owner (role_id 4) or Manager (3).
     */
    staffRoleId: integer("staff_role_id").references(() => staffRoles.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    index("users_role_idx").on(t.roleId),
    check("users_role_id_check", sql`${t.roleId} between 1 and 5`),
  ],
);

/** The session token is never stored: only its SHA-256 hash is. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp("idle_expires_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** When this session last proved the second factor again (step-up before adding or removing admins). */
    steppedUpAt: timestamp("stepped_up_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Single-use links mailed to an account: "reset" (forgot password, 1 hour) and "invite" (a new admin, 3 days) set a
 * password; "email-undo" (7 days) puts back the address an e-mail change replaced. `email` is the address the link
 * was sent to: a reset or invitation works only while it is still the account's address, and an
 * undo link restores it. Rows from before the column (null) work no more.
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull().default("reset"),
    email: text("email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_verification_tokens_user_idx").on(t.userId)],
);

/**
 * Brute-force counters (login, password reset, sign-up, verification e-mails), in the database so that every server
 * process sees the same counts. One row per key (e.g. "login:pair:<account>|<ip>"), a fixed window each.
 */
export const authThrottles = pgTable(
  "auth_throttles",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_throttles_window_idx").on(t.windowStart)],
);

/** Single-use recovery codes of an account with two-step sign-in: SHA-256 hashes only; shown once when made. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * A sign-in half done: the password was right, the second factor is still owed. The client holds the token (only
 * its hash is kept); it grants nothing but the right to send a code, a few times, for a few minutes, once.
 * kind: "code" (the account has TOTP) or "enrol" (an admin without TOTP sets it up first).
 */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_challenges_user_idx").on(t.userId), index("login_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * Devices an account has signed in from: the browser keeps a random token in a cookie, only its
 * SHA-256 hash is stored. Failed logins from elsewhere slow such a device down but never lock it out.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("known_devices_user_idx").on(t.userId)],
);

/**
 * Security events: sign-ins (success, failure, lock), sign-outs, password and e-mail changes, ended
 * sessions and refused requests (403), kept 90 days for the back office. Never a password, token or query string.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The account the event is about; null when none is known (a login for an unknown name, a visitor's 403). */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Who acted when that is someone else (an admin ending a user's sessions). */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    result: text("result").notNull(),
    reason: text("reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("security_events_user_idx").on(t.userId, t.at), index("security_events_at_idx").on(t.at)],
);
