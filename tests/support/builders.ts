import { createHash } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/accounts.ts";
import { companyMembers } from "#server/db/schema/dealer-buying.ts";
import { dealerStatusHistory, dealers } from "#server/db/schema/dealers.ts";
import { hashPassword } from "#server/modules/accounts/accounts.service.ts";
import { base32Encode } from "#server/modules/accounts/totp.ts";
import { ROLE_IDS } from "#shared/roles.ts";
import { BUILT_IN_ROLE_IDS, type BuiltInRole } from "#shared/staff.ts";

/**
 * Builders of the data a test changes (decision 022): accounts and dealer companies of its own, written straight to
 * the database, for the API tests (`t.database.db`) and for the browser suite's pool (`e2e-pool.ts`, written before
 * its server starts). A test that changes a company's cart, orders or team builds or claims a company; the demo's
 * own records stay read-only for tests.
 */

export type Role = "user" | "dealer" | "technician" | "admin" | "super";

export type Account = {
  id: number;
  username: string;
  email: string;
  fullName: string;
  password: string;
  /** The authenticator key of a back-office account (decision 010): codes from `totpCode(secret, totpStep())`. */
  totpSecret: string | null;
};

export type AccountSpec = {
  role: Role;
  username: string;
  fullName?: string;
  email?: string;
  password?: string;
  verified?: boolean;
  /** A back-office account's role (decision 035): a built-in one's key or a stored role's id; by role_id otherwise. */
  staffRole?: BuiltInRole | number;
};

export type DealerCompany = {
  dealerId: number;
  tradingName: string;
  registeredCompany: string;
  owner: Account;
  buyer: Account;
  technician: Account;
};

/** Every built account's password unless a spec names one: long enough for the back office's 12 characters. */
export const BUILT_PASSWORD = "kariba-dam-sunrise-2026";

/** A built account's e-mail address when its spec names none. */
export const builtEmail = (username: string) => `${username}@tests.example`;

/** A back-office account's own authenticator key, made from its username: nobody else's codes work for it. */
export function builtTotpSecret(username: string): string {
  return base32Encode(createHash("sha1").update(`solar-test-key:${username}`).digest());
}

// One argon2 hash per password for a whole run: hashing is deliberately slow, and built accounts share passwords.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

/** Accounts with verified e-mail addresses (unless `verified: false`), in one insert. */
export async function buildAccounts(db: Db, specs: AccountSpec[]): Promise<Account[]> {
  if (specs.length === 0) return [];
  const rows = await Promise.all(
    specs.map(async (s) => {
      const password = s.password ?? BUILT_PASSWORD;
      const backOffice = s.role === "admin" || s.role === "super";
      return {
        fullName: s.fullName ?? `Test ${s.username}`,
        username: s.username,
        email: s.email ?? builtEmail(s.username),
        passwordHash: await hashOf(password),
        roleId: ROLE_IDS[s.role],
        emailVerifiedAt: s.verified === false ? null : new Date(),
        totpSecret: backOffice ? builtTotpSecret(s.username) : null,
        staffRoleId: s.staffRole === undefined ? null : typeof s.staffRole === "number" ? s.staffRole : BUILT_IN_ROLE_IDS[s.staffRole],
        password,
      };
    }),
  );
  const inserted = await db
    .insert(users)
    .values(rows.map(({ password: _password, ...row }) => row))
    .returning({ id: users.id, username: users.username });
  return rows.map((r) => ({
    id: inserted.find((i) => i.username === r.username)?.id as number,
    username: r.username,
    email: r.email,
    fullName: r.fullName,
    password: r.password,
    totpSecret: r.totpSecret,
  }));
}

export async function buildAccount(db: Db, spec: AccountSpec): Promise<Account> {
  const [account] = await buildAccounts(db, [spec]);
  return account as Account;
}

/**
 * Approved dealer companies, each with its owner (role dealer), a buyer and a technician (decision 020), an address
 * in Harare (in its four parts) and the price tier `tierId` (the lowest when null), as an application approved by an admin leaves them. `key` makes the names:
 * usernames `<key>-owner`, `<key>-buyer`, `<key>-technician`, trading name "Company <key>".
 */
/** The names `buildDealerCompanies` gives company `key`'s people (their password is BUILT_PASSWORD). */
export function companyTeam(key: string) {
  const person = (who: "owner" | "buyer" | "technician", role: Role, title: string) => ({
    role,
    username: `${key}-${who}`,
    email: builtEmail(`${key}-${who}`),
    fullName: `${title} ${key}`,
  });
  return {
    tradingName: `Company ${key}`,
    registeredCompany: `Company ${key} (Private) Limited`,
    owner: person("owner", "dealer", "Owner"),
    buyer: person("buyer", "dealer", "Buyer"),
    technician: person("technician", "technician", "Technician"),
  };
}

export async function buildDealerCompanies(db: Db, keys: string[], opts: { tierId?: number | null } = {}): Promise<DealerCompany[]> {
  if (keys.length === 0) return [];
  const people = await buildAccounts(
    db,
    keys.flatMap((key) => {
      const team = companyTeam(key);
      return [team.owner, team.buyer, team.technician];
    }),
  );
  const person = (username: string) => people.find((p) => p.username === username) as Account;
  const submittedAt = new Date(Date.now() - 30 * 86_400_000);
  const companies = await db
    .insert(dealers)
    .values(
      keys.map((key, i) => ({
        userId: person(`${key}-owner`).id,
        registeredCompany: companyTeam(key).registeredCompany,
        tradingName: companyTeam(key).tradingName,
        companyRegNumber: `${1000 + i}/2024`,
        vatNumber: String(220_000_000 + i),
        tin: String(2_000_000_000 + i),
        // The registered address in its four parts (decision 016), printed as composeAddress writes it.
        address: `${10 + (i % 80)} Jason Moyo Avenue, Harare`,
        addressProvince: "Harare",
        addressCity: "Harare",
        addressStreet: "Jason Moyo Avenue",
        addressHouseNo: String(10 + (i % 80)),
        regStatus: "Approved" as const,
        tierId: opts.tierId ?? null,
        submittedAt,
      })),
    )
    .returning({ id: dealers.id, userId: dealers.userId });
  const result = keys.map((key) => {
    const owner = person(`${key}-owner`);
    const dealerId = companies.find((c) => c.userId === owner.id)?.id as number;
    return {
      dealerId,
      tradingName: companyTeam(key).tradingName,
      registeredCompany: companyTeam(key).registeredCompany,
      owner,
      buyer: person(`${key}-buyer`),
      technician: person(`${key}-technician`),
    };
  });
  await db.insert(dealerStatusHistory).values(
    result.flatMap((c) => [
      { dealerId: c.dealerId, fromStatus: null, toStatus: "Pending", reason: "Application submitted", createdAt: submittedAt },
      { dealerId: c.dealerId, fromStatus: "Pending", toStatus: "Approved", reason: "Documents verified" },
    ]),
  );
  await db.insert(companyMembers).values(
    result.flatMap((c) => [
      { userId: c.buyer.id, dealerId: c.dealerId, role: "buyer" as const, invitedBy: c.owner.id },
      { userId: c.technician.id, dealerId: c.dealerId, role: "technician" as const, invitedBy: c.owner.id },
    ]),
  );
  return result;
}

export async function buildDealerCompany(db: Db, key: string, opts: { tierId?: number | null } = {}): Promise<DealerCompany> {
  const [company] = await buildDealerCompanies(db, [key], opts);
  return company as DealerCompany;
}
