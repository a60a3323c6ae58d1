import { asc, eq, inArray } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { users } from "#server/db/schema/accounts.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { orderLines, orders, quotationProducts, quotations } from "#server/db/schema/commerce.ts";
import { companyMembers } from "#server/db/schema/dealer-buying.ts";
import { dealerDocuments, dealers } from "#server/db/schema/dealers.ts";
import { hashPassword } from "#server/modules/accounts/accounts.service.ts";
import { DEMO_ACCOUNTS, DEMO_TOTP_SECRET } from "#server/seed/accounts.ts";
import { ROLE_IDS } from "#shared/roles.ts";
import { BUILT_IN_ROLE_IDS, type BuiltInRole } from "#shared/staff.ts";
import type { TestApp } from "./test-app.ts";
import { demoTotp, forgetLastTotpStep } from "./totp.ts";

/**
 * Everyone who can call the API, from a visitor to role super: admin is the back office's Manager, super its Owner,
 * and one back-office account per other built-in role (decision 035).
 */
export const ACTOR_NAMES = [
  "anonymous",
  "user",
  "unverified",
  "dealer",
  "buyer",
  "technician",
  "otherDealer",
  "admin",
  "super",
  "sales",
  "warehouse",
  "accounts",
  "content",
] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];
/** The back-office actors of a role other than Manager (admin) and Owner (super), named after their role. */
export const STAFF_ACTOR_NAMES = ["sales", "warehouse", "accounts", "content"] as const satisfies readonly BuiltInRole[];
export type StaffActorName = (typeof STAFF_ACTOR_NAMES)[number];
/** The built-in role each back-office actor has (decision 035). */
export const STAFF_ROLE_OF: Record<"admin" | "super" | StaffActorName, BuiltInRole> = {
  admin: "manager",
  super: "owner",
  sales: "sales",
  warehouse: "warehouse",
  accounts: "accounts",
  content: "content",
};
/** Whether an actor is a back-office account (and so signs in and steps up with the demo key). */
export const isStaffActor = (name: ActorName): name is keyof typeof STAFF_ROLE_OF => Object.hasOwn(STAFF_ROLE_OF, name);
export type SignedInName = Exclude<ActorName, "anonymous">;

export type Identity = { id: number; fullName: string; username: string; email: string; password: string };

/** The second dealer's company and its own records: what the demo dealer must never reach by changing an id. */
export type OtherDealerRecords = { dealerId: number; quotationId: number; orderId: number; documentId: number };

export type Actors = {
  identity: Record<SignedInName, Identity>;
  otherDealer: OtherDealerRecords;
  /** The headers of the actor's shared session (none for anonymous). */
  headers(name: ActorName): Record<string, string>;
  /**
   * A request as the actor makes it: its session and its own client address, so per-address brute-force counters
   * (login, sign-up, reset e-mails) never couple two actors' cases.
   */
  inject(name: ActorName, opts: InjectOptions, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Signs the actor in once more: a session of its own for a case that ends sessions (logout, revoke-others). */
  freshSession(name: ActorName): Promise<Record<string, string>>;
  /** Gives a fresh code of the demo key on this session (step-up, decision 010); nothing for actors without the key. */
  stepUp(name: ActorName, headers: Record<string, string>): Promise<void>;
};

const UNVERIFIED = {
  fullName: "Matrix Unverified",
  username: "matrix-unverified",
  email: "matrix-unverified@example.com",
  password: "kopje-lantern-2026",
};
const OTHER_DEALER = {
  fullName: "Nyasha Other-Dealer",
  username: "other-dealer",
  email: "other-dealer@example.com",
  password: "other-dealer-2026",
};

/** The demo dealer's company's team: a buyer and a technician it invited. */
const BUYER = { fullName: "Farai Buyer", username: "matrix-buyer", email: "matrix-buyer@example.com", password: "sunrise-buyer-2026" };
const TECHNICIAN = {
  fullName: "Tinashe Technician",
  username: "matrix-technician",
  email: "matrix-technician@example.com",
  password: "sunrise-technician-2026",
};

/** The back-office actors of the other roles: accounts of their own, not the demo rows (one password, hashed once). */
const STAFF_PASSWORD = "matrix-staff-ledger-2026";
const staffAccount = (name: StaffActorName) => ({
  fullName: `Matrix ${name[0]?.toUpperCase()}${name.slice(1)}`,
  username: `matrix-${name}`,
  email: `matrix-${name}@example.com`,
  password: STAFF_PASSWORD,
});
let staffHash: Promise<string> | undefined;

/** 192.0.2.0/24 is TEST-NET-1: never a real client. */
const IPS: Record<ActorName, string> = {
  anonymous: "192.0.2.10",
  user: "192.0.2.11",
  unverified: "192.0.2.12",
  dealer: "192.0.2.13",
  buyer: "192.0.2.17",
  technician: "192.0.2.18",
  otherDealer: "192.0.2.14",
  admin: "192.0.2.15",
  super: "192.0.2.16",
  sales: "192.0.2.19",
  warehouse: "192.0.2.20",
  accounts: "192.0.2.21",
  content: "192.0.2.22",
};

/**
 * The actors of the authorization tests on a seeded test app: the demo accounts (user, dealer, admin as Manager,
 * super as Owner), a new account that has not verified its e-mail address (signed up through the API), a buyer and a
 * technician of the demo dealer's company, a second dealer with a company, a quotation, an order and a document of
 * its own (written straight to the database), and a back-office account for each other built-in role (sales,
 * warehouse, accounts, content: role_id admin, the role's staff_role_id, a verified address and the demo key).
 */
export async function createActors(t: TestApp): Promise<Actors> {
  const db = t.database.db;
  const inject = (name: ActorName, opts: InjectOptions, headers: Record<string, string> = {}) =>
    t.app.inject({ ...opts, remoteAddress: IPS[name], headers: { ...(opts.headers as object), ...headers } });

  // The unverified account: signed up like anyone, never verified.
  const registered = await inject("unverified", {
    method: "POST",
    url: "/api/auth/register",
    payload: { fullName: UNVERIFIED.fullName, username: UNVERIFIED.username, email: UNVERIFIED.email, password: UNVERIFIED.password },
  });
  if (registered.statusCode !== 201) throw new Error(`sign-up of the unverified actor failed: ${registered.statusCode} ${registered.body}`);

  // The other dealer: a dealer account with an approved company and records of its own.
  const [other] = await db
    .insert(users)
    .values({
      fullName: OTHER_DEALER.fullName,
      username: OTHER_DEALER.username,
      email: OTHER_DEALER.email,
      passwordHash: await hashPassword(OTHER_DEALER.password),
      roleId: ROLE_IDS.dealer,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const otherId = other?.id as number;
  const [company] = await db
    .insert(dealers)
    .values({
      userId: otherId,
      registeredCompany: "Moonrise Energy (Private) Limited",
      tradingName: "Moonrise Energy",
      companyRegNumber: "9876/2021",
      regStatus: "Approved",
      submittedAt: new Date(),
    })
    .returning({ id: dealers.id });
  const dealerId = company?.id as number;
  const [product] = await db
    .select({ id: products.productId, name: products.productName, priceUsd: products.priceUsd })
    .from(products)
    .orderBy(asc(products.productId))
    .limit(1);
  if (!product) throw new Error("the seeded catalogue has no product");
  const [quotation] = await db
    .insert(quotations)
    .values({
      userId: otherId,
      requesterName: OTHER_DEALER.fullName,
      requesterAddress: "12 Samora Machel Avenue, Harare",
      requesterPhone: "+263 77 765 4321",
      requesterEmail: OTHER_DEALER.email,
      notes: "The other dealer's own quotation.",
    })
    .returning({ id: quotations.id });
  const quotationId = quotation?.id as number;
  await db
    .insert(quotationProducts)
    .values({ quotationId, productId: product.id, productName: product.name, quantity: 3, priceUsd: product.priceUsd });
  const [order] = await db
    .insert(orders)
    .values({ userId: otherId, totalUsd: product.priceUsd ?? "100.00", deliveryAddress: "12 Samora Machel Avenue, Harare" })
    .returning({ id: orders.id });
  const orderId = order?.id as number;
  await db
    .insert(orderLines)
    .values({ orderId, productId: product.id, productName: product.name, quantity: 1, unitPriceUsd: product.priceUsd ?? "100.00" });
  const [document] = await db
    .insert(dealerDocuments)
    .values({
      dealerId,
      kind: "tax_clearance",
      storageKey: `dealer-documents/${dealerId}/matrix-tax-clearance.pdf`,
      originalName: "tax-clearance.pdf",
      mimeType: "application/pdf",
      sizeBytes: 1234,
    })
    .returning({ id: dealerDocuments.id });

  // The demo dealer's team: a buyer (role dealer) and a technician (role technician), members of its company.
  const demoDealer = DEMO_ACCOUNTS.find((a) => a.role === "dealer") as (typeof DEMO_ACCOUNTS)[number];
  const [demoCompany] = await db
    .select({ id: dealers.id })
    .from(dealers)
    .innerJoin(users, eq(users.id, dealers.userId))
    .where(eq(users.username, demoDealer.username));
  if (!demoCompany) throw new Error("the demo dealer has no company");
  for (const [who, roleId, role] of [
    [BUYER, ROLE_IDS.dealer, "buyer"],
    [TECHNICIAN, ROLE_IDS.technician, "technician"],
  ] as const) {
    const [member] = await db
      .insert(users)
      .values({
        fullName: who.fullName,
        username: who.username,
        email: who.email,
        passwordHash: await hashPassword(who.password),
        roleId,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    await db.insert(companyMembers).values({ userId: member?.id as number, dealerId: demoCompany.id, role });
  }

  // Decision 035: one back-office account per other built-in role, made here rather than read from the demo rows.
  staffHash ??= hashPassword(STAFF_PASSWORD);
  const passwordHash = await staffHash;
  await db.insert(users).values(
    STAFF_ACTOR_NAMES.map((name) => ({
      fullName: staffAccount(name).fullName,
      username: staffAccount(name).username,
      email: staffAccount(name).email,
      passwordHash,
      roleId: ROLE_IDS.admin,
      emailVerifiedAt: new Date(),
      totpSecret: DEMO_TOTP_SECRET,
      staffRoleId: BUILT_IN_ROLE_IDS[name],
    })),
  );

  // Every signed-in actor's row, as the database has it.
  const demo = (role: (typeof DEMO_ACCOUNTS)[number]["role"]) =>
    DEMO_ACCOUNTS.find((a) => a.role === role) as (typeof DEMO_ACCOUNTS)[number];
  const credentials: Record<SignedInName, { username: string; password: string }> = {
    user: demo("user"),
    unverified: UNVERIFIED,
    dealer: demo("dealer"),
    buyer: BUYER,
    technician: TECHNICIAN,
    otherDealer: OTHER_DEALER,
    admin: demo("admin"),
    super: demo("super"),
    sales: staffAccount("sales"),
    warehouse: staffAccount("warehouse"),
    accounts: staffAccount("accounts"),
    content: staffAccount("content"),
  };
  const rows = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.username,
        Object.values(credentials).map((c) => c.username),
      ),
    );
  const identity = {} as Record<SignedInName, Identity>;
  for (const [name, c] of Object.entries(credentials) as [SignedInName, { username: string; password: string }][]) {
    const row = rows.find((r) => r.username === c.username);
    if (!row) throw new Error(`no account ${c.username}`);
    identity[name] = { id: row.id, fullName: row.fullName, username: row.username, email: row.email, password: c.password };
  }
  const [unverifiedRow] = await db.select().from(users).where(eq(users.id, identity.unverified.id));
  if (unverifiedRow?.emailVerifiedAt !== null || unverifiedRow.roleId !== ROLE_IDS.user) {
    throw new Error("the unverified actor must be a role-user account whose e-mail address is not verified");
  }

  async function signIn(name: ActorName): Promise<Record<string, string>> {
    if (name === "anonymous") return {};
    const { username, password } = identity[name];
    const res = await inject(name, { method: "POST", url: "/api/auth/login", payload: { user: username, password } });
    if (res.statusCode !== 200) throw new Error(`login as ${name} failed: ${res.statusCode} ${res.body}`);
    if (!res.json().totpRequired) return { authorization: `Bearer ${res.json().token}` };
    // The back office's accounts owe a code of the demo authenticator key (decision 010); the harness lets them sign in again
    // within one time step.
    await forgetLastTotpStep(db, username);
    const done = await inject(name, {
      method: "POST",
      url: "/api/auth/login/second-factor",
      payload: { challenge: res.json().challenge, code: demoTotp() },
    });
    if (done.statusCode !== 200) throw new Error(`second factor as ${name} failed: ${done.statusCode} ${done.body}`);
    return { authorization: `Bearer ${done.json().token}` };
  }

  const shared = {} as Record<ActorName, Record<string, string>>;
  for (const name of ACTOR_NAMES) shared[name] = await signIn(name);

  return {
    identity,
    otherDealer: { dealerId, quotationId, orderId, documentId: document?.id as number },
    headers: (name) => shared[name],
    inject: (name, opts, headers) => inject(name, opts, headers ?? shared[name]),
    freshSession: signIn,
    async stepUp(name, headers) {
      if (!isStaffActor(name)) return;
      await forgetLastTotpStep(db, identity[name].username);
      const res = await inject(name, { method: "POST", url: "/api/auth/step-up", payload: { code: demoTotp() } }, headers);
      if (res.statusCode !== 200) throw new Error(`step-up as ${name} failed: ${res.statusCode} ${res.body}`);
    },
  };
}
