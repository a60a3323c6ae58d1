import { verify } from "@node-rs/argon2";
import { inArray, isNotNull } from "drizzle-orm";
import { ROLE_IDS } from "#shared/roles.ts";
import { hashPassword } from "../../modules/accounts/accounts.service.ts";
import type { Db } from "../client.ts";
import { users } from "../schema/accounts.ts";
import { DEMO_TOTP_SECRET } from "./demo-totp.ts";

/** The demo accounts of a fresh site. Production refuses to start while any still has this password. */
export const DEMO_ACCOUNTS = [
  { role: "super", username: "super", email: "super@solar-demo.example", fullName: "Tendai Super", password: "demo-super-2026" },
  { role: "admin", username: "admin", email: "admin@solar-demo.example", fullName: "Rudo Admin", password: "demo-admin-2026" },
  { role: "dealer", username: "dealer", email: "dealer@solar-demo.example", fullName: "Farai Dealer", password: "demo-dealer-2026" },
  { role: "user", username: "user", email: "user@solar-demo.example", fullName: "Chipo User", password: "demo-user-2026" },
] as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

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
      })
      .returning({ id: users.id });
    ids[a.role] = row?.id as number;
  }
  return ids;
}

/** The usernames of demo accounts that still accept their demo password. */
export async function accountsWithDemoPasswords(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_ACCOUNTS.map((a) => a.username),
      ),
    );
  const found: string[] = [];
  for (const row of rows) {
    const demo = DEMO_ACCOUNTS.find((a) => a.username === row.username);
    if (demo && (await verify(row.passwordHash, demo.password).catch(() => false))) found.push(row.username);
  }
  return found;
}

/** The usernames of accounts whose authenticator key is the published demo key, whatever their name. */
export async function accountsWithDemoTotpSecret(db: Db): Promise<string[]> {
  const rows = await db.select({ username: users.username, totpSecret: users.totpSecret }).from(users).where(isNotNull(users.totpSecret));
  return rows.filter((r) => r.totpSecret === DEMO_TOTP_SECRET).map((r) => r.username);
}
