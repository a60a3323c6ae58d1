import { mkdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/accounts.ts";
import { dealers } from "#server/db/schema/dealers.ts";
import { DEMO_ACCOUNTS } from "#server/seed/accounts.ts";
import { seedDemoKits } from "#server/seed/demo-kits.ts";
import {
  type Account,
  BUILT_PASSWORD,
  buildAccounts,
  buildDealerCompanies,
  builtEmail,
  builtTotpSecret,
  companyTeam,
  type Role,
} from "./builders.ts";

/**
 * The browser suite's pool (decision 022): accounts and dealer companies written by its global setup before the
 * server starts, each claimed by one test at most. A test that signs in as an admin gets an admin of its own, with an
 * authenticator key of its own, so no two sign-ins share a time step and no test waits for the next; a test that
 * changes a dealer company's cart, orders or team claims a company of its own. The demo's records stay read-only.
 * The numbers are what one run of the suite uses with room to spare: a test that cannot claim fails saying so.
 */
export const POOL_SIZES = { admin: 260, super: 40, user: 80, company: 160 } as const;
export type PoolKind = keyof typeof POOL_SIZES;

const DEMO_USERNAME = DEMO_ACCOUNTS.find((a) => a.role === "dealer")?.username ?? "dealer";
const poolUsername = (kind: Exclude<PoolKind, "company">, n: number) => `pool-${kind}-${n}`;

/** A pooled account as the pool wrote it (the id is not needed to sign in). */
export function poolAccount(kind: "admin" | "super" | "user", n: number): Omit<Account, "id"> {
  const username = poolUsername(kind, n);
  const titles = { admin: "Admin", super: "Super", user: "User" };
  return {
    username,
    email: builtEmail(username),
    fullName: `Pool ${titles[kind]} ${n}`,
    password: BUILT_PASSWORD,
    totpSecret: kind === "user" ? null : builtTotpSecret(username),
  };
}

/** Writes the pool: a few inserts, one argon2 hash. */
export async function seedPool(db: Db): Promise<void> {
  const specs = (["admin", "super", "user"] as const).flatMap((kind) =>
    Array.from({ length: POOL_SIZES[kind] }, (_, n) => {
      const a = poolAccount(kind, n);
      return { role: kind as Role, username: a.username, fullName: a.fullName, email: a.email };
    }),
  );
  for (let i = 0; i < specs.length; i += 200) await buildAccounts(db, specs.slice(i, i + 200));
  // The pooled companies stand where the demo dealer's does (its tier, so its prices), without its records.
  const [demo] = await db
    .select({ tierId: dealers.tierId })
    .from(dealers)
    .innerJoin(users, eq(users.id, dealers.userId))
    .where(eq(users.username, DEMO_USERNAME));
  const keys = Array.from({ length: POOL_SIZES.company }, (_, n) => `pool-${n}`);
  for (let i = 0; i < keys.length; i += 50) {
    const companies = await buildDealerCompanies(db, keys.slice(i, i + 50), { tierId: demo?.tierId ?? null });
    // And the demo's kit, which the kits' journey starts from.
    for (const company of companies) await seedDemoKits(db, company.owner.id);
  }
}

/**
 * The next unclaimed member of the pool: claims are folders made in the suite's data directory (making one is atomic,
 * so two workers never get the same member).
 */
export function claim(dataDir: string, kind: PoolKind): number {
  const dir = path.join(dataDir, "pool-claims");
  mkdirSync(dir, { recursive: true });
  for (let n = 0; n < POOL_SIZES[kind]; n++) {
    try {
      mkdirSync(path.join(dir, `${kind}-${n}`));
      return n;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  throw new Error(`the browser suite's pool of ${kind} (${POOL_SIZES[kind]}) is used up: raise POOL_SIZES in tests/support/e2e-pool.ts`);
}

/** The pooled company `n`'s names and people, as `seedPool` wrote them; signing in needs no id. */
export function poolCompany(n: number) {
  const team = companyTeam(`pool-${n}`);
  const person = (p: { username: string; email: string; fullName: string }) => ({ ...p, password: BUILT_PASSWORD });
  return { ...team, owner: person(team.owner), buyer: person(team.buyer), technician: person(team.technician) };
}
