import { verify } from "@node-rs/argon2";
import { inArray, isNotNull, or, sql } from "drizzle-orm";
import { ROLE_IDS } from "#shared/roles.ts";
import { BUILT_IN_ROLE_IDS, type BuiltInRole } from "#shared/staff.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/accounts.ts";
import { hashPassword } from "../modules/accounts/accounts.service.ts";
import { createLimiter } from "../platform/limiter.ts";
import { DEMO_TOTP_SECRET } from "./demo-totp.ts";

/** The demo accounts of a fresh site. Production refuses to start while any still has this password. */
export const DEMO_ACCOUNTS = [
  { role: "super", username: "super", email: "super@solar-demo.example", fullName: "Tendai Super", password: "demo-super-2026" },
  { role: "admin", username: "admin", email: "admin@solar-demo.example", fullName: "Rudo Admin", password: "demo-admin-2026" },
  { role: "dealer", username: "dealer", email: "dealer@solar-demo.example", fullName: "Farai Dealer", password: "demo-dealer-2026" },
  { role: "user", username: "user", email: "user@solar-demo.example", fullName: "Chipo User", password: "demo-user-2026" },
] as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/** The demo dealer's team: with its owner, the dealer above, a team of three. */
export const DEMO_TEAM = [
  { role: "buyer", username: "buyer", email: "buyer@solar-demo.example", fullName: "Rumbi Moyo", password: "demo-buyer-2026" },
  {
    role: "technician",
    username: "technician",
    email: "technician@solar-demo.example",
    fullName: "Tawanda Ncube",
    password: "demo-technician-2026",
  },
] as const;

/**
 * One back-office account per role besides Owner (super) and Manager (admin), decision 035: each signs in with the
 * demo authenticator key like the other back-office accounts.
 */
export const DEMO_STAFF = [
  {
    staffRole: "sales",
    username: "sales",
    email: "sales@solar-demo.example",
    fullName: "Tatenda Chikore",
    password: "demo-sales-2026",
  },
  {
    staffRole: "warehouse",
    username: "warehouse",
    email: "warehouse@solar-demo.example",
    fullName: "Blessing Mutasa",
    password: "demo-warehouse-2026",
  },
  {
    staffRole: "accounts",
    username: "accounts",
    email: "accounts@solar-demo.example",
    fullName: "Ruvimbo Dube",
    password: "demo-accounts-2026",
  },
  {
    staffRole: "content",
    username: "content",
    email: "content@solar-demo.example",
    fullName: "Kudzai Marufu",
    password: "demo-content-2026",
  },
] as const satisfies readonly { staffRole: BuiltInRole; username: string; email: string; fullName: string; password: string }[];

/** Every published demo sign-in: never a password in production. */
export const DEMO_LOGINS: readonly { username: string; email: string; password: string }[] = [
  ...DEMO_ACCOUNTS,
  ...DEMO_TEAM,
  ...DEMO_STAFF,
];

export { DEMO_TOTP_SECRET } from "./demo-totp.ts";
/** The demo accounts that sign in with a code (the back office's). */
export const DEMO_TOTP_ROLES: readonly DemoAccount["role"][] = ["super", "admin"];

/** Creates the demo accounts (verified e-mail addresses); returns their ids by role. */
export async function seedDemoAccounts(db: Db): Promise<Record<DemoAccount["role"], number>> {
  const ids = {} as Record<DemoAccount["role"], number>;
  for (const a of DEMO_ACCOUNTS) {
    const [row] = await db
      .insert(users)
      .values({
        fullName: a.fullName,
        username: a.username,
        email: a.email,
        passwordHash: await hashPassword(a.password),
        roleId: ROLE_IDS[a.role],
        emailVerifiedAt: new Date(),
        totpSecret: DEMO_TOTP_ROLES.includes(a.role) ? DEMO_TOTP_SECRET : null,
        // Decision 035: super is the Owner, admin a Manager.
        staffRoleId: a.role === "super" ? BUILT_IN_ROLE_IDS.owner : a.role === "admin" ? BUILT_IN_ROLE_IDS.manager : null,
      })
      .returning({ id: users.id });
    ids[a.role] = row?.id as number;
  }
  for (const a of DEMO_STAFF) {
    await db.insert(users).values({
      fullName: a.fullName,
      username: a.username,
      email: a.email,
      passwordHash: await hashPassword(a.password),
      roleId: ROLE_IDS.admin,
      emailVerifiedAt: new Date(),
      totpSecret: DEMO_TOTP_SECRET,
      staffRoleId: BUILT_IN_ROLE_IDS[a.staffRole],
    });
  }
  return ids;
}

/**
 * The usernames of accounts that still accept a demo password: every back-office account (admin and
 * super) and every account that carries a demo username or e-mail address, whatever it is called now, is checked
 * against every demo password. Checking every account would cost one argon2 hash per account and password at each
 * start (minutes with thousands of dealers), so the rest are covered at sign-in instead: in production a demo
 * password never opens any account, and none can be set as a new password (accounts.service.ts).
 */
export async function accountsWithDemoPasswords(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(
      or(
        inArray(users.roleId, [ROLE_IDS.admin, ROLE_IDS.super]),
        inArray(
          sql`lower(${users.username})`,
          DEMO_LOGINS.map((a) => a.username),
        ),
        inArray(
          sql`lower(${users.email})`,
          DEMO_LOGINS.map((a) => a.email),
        ),
      ),
    )
    .orderBy(users.id);
  // Two hashes at a time: the machine's cores, and 19 MB each.
  const slots = createLimiter(2);
  const weak = await Promise.all(
    rows.map(async (row) => {
      for (const demo of DEMO_LOGINS) {
        if (await slots.run(() => verify(row.passwordHash, demo.password).catch(() => false))) return row.username;
      }
      return null;
    }),
  );
  return weak.filter((u): u is string => u !== null);
}

/** The usernames of accounts whose authenticator key is the published demo key, whatever their name. */
export async function accountsWithDemoTotpSecret(db: Db): Promise<string[]> {
  const rows = await db.select({ username: users.username, totpSecret: users.totpSecret }).from(users).where(isNotNull(users.totpSecret));
  return rows.filter((r) => r.totpSecret === DEMO_TOTP_SECRET).map((r) => r.username);
}
