import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, test as base, expect, type Page } from "@playwright/test";
import { totpCode, totpStep } from "#server/modules/accounts/totp.ts";
import { DEMO_ACCOUNTS, DEMO_LOGINS, DEMO_STAFF, DEMO_TEAM, type DemoAccount } from "#server/seed/accounts.ts";
import { DEMO_TOTP_SECRET } from "#server/seed/demo-totp.ts";
import { builtTotpSecret } from "../support/builders.ts";
import { claim, poolAccount, poolCompany } from "../support/e2e-pool.ts";

const dataDir = () => process.env.E2E_DATA_DIR as string;
/** The Origin a page of the site sends with its requests: the sign-in answers it as the browser it is. */
const ORIGIN = () => ({ origin: process.env.E2E_BASE_URL as string });

/** Playwright's test with baseURL taken from the server the global setup started. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect };

/** A demo sign-in as the seed makes it (seed/accounts.ts), in the shape the form takes. */
function demoLogin(role: DemoAccount["role"] | (typeof DEMO_TEAM)[number]["role"]) {
  const a = [...DEMO_ACCOUNTS, ...DEMO_TEAM].find((d) => d.role === role) as { username: string; password: string; fullName: string };
  return { user: a.username, password: a.password, fullName: a.fullName };
}

/** The demo accounts (and the demo dealer's team) by role. */
export const DEMO = {
  super: demoLogin("super"),
  admin: demoLogin("admin"),
  dealer: demoLogin("dealer"),
  user: demoLogin("user"),
  buyer: demoLogin("buyer"),
  technician: demoLogin("technician"),
};

/** The demo accounts that sign in with a code of the demo authenticator key (decision 010). */
const WITH_CODE = new Map<string, string>([
  [DEMO.super.user, DEMO.super.password],
  [DEMO.admin.user, DEMO.admin.password],
]);

/**
 * The next code of the demo key no sign-in of this suite has used for `username`. The server accepts each time
 * step once (one step either side of now), and two workers sign in as admin: they take steps in turn through a file
 * in the suite's DATA_DIR, waiting for the next step when the current ones are spent.
 */
export async function nextDemoCode(username: string): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR ?? tmpdir(), "e2e-totp-steps.json");
  const lock = `${file}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  try {
    const used: Record<string, number> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
    for (;;) {
      const now = totpStep();
      // From now on, not the step before: on a busy machine a code may take seconds to reach the server.
      const step = Math.max((used[username] ?? Number.NEGATIVE_INFINITY) + 1, now);
      if (step <= now + 1) {
        used[username] = step;
        writeFileSync(file, JSON.stringify(used));
        return totpCode(DEMO_TOTP_SECRET, step);
      }
      await new Promise((r) => setTimeout(r, (now + 1) * 30_000 - Date.now() + 50));
    }
  } finally {
    rmdirSync(lock);
  }
}

/** The second step of a back-office sign-in: the code page after the password. */
export async function enterCode(page: Page, username: string) {
  await page.getByLabel("Code", { exact: true }).fill(await nextDemoCode(username));
  await page.getByRole("button", { name: "Verify" }).click();
}

/** Who a test is signed in as: a pooled account standing in for a demo one, the demo account, or its own. */
export type SignedIn = { username: string; fullName: string; email: string; password: string };

/** The pooled company a test claimed (one per test: its owner, buyer and technician are one team). */
const companies = new Map<string, number>();
/** The dealer company of the test's own that its sign-ins as the demo dealer, buyer and technician use. */
export function testCompany() {
  const id = test.info().testId;
  let n = companies.get(id);
  if (n === undefined) {
    n = claim(dataDir(), "company");
    companies.set(id, n);
  }
  return poolCompany(n);
}

/**
 * The account a sign-in as `who` uses (decision 022). The demo admin and super become a pooled admin or super of the
 * test's own, with an authenticator key of its own; the demo dealer, buyer and technician become the owner, buyer
 * and technician of a dealer company the test claimed (its cart, orders and team are the test's alone), unless the
 * test reads the demo company's own records (`demoCompany`, and then it changes none of them); the demo user
 * becomes a pooled user. Any other account is itself.
 */
function accountFor(who: Who, opts: LoginOptions): SignedIn & { totpSecret: string | null } {
  const username = who.user ?? who.username ?? "";
  const demo = Object.values(DEMO).find((d) => d.user === username && d.password === who.password);
  const fullName = "fullName" in who ? String(who.fullName) : username;
  if (!demo) return { username, fullName, email: "", password: who.password, totpSecret: null };
  if (demo === DEMO.admin || demo === DEMO.super || demo === DEMO.user) {
    const kind = demo === DEMO.admin ? "admin" : demo === DEMO.super ? "super" : "user";
    return poolAccount(kind, claim(dataDir(), kind));
  }
  if (opts.demoCompany) {
    const email = DEMO_LOGINS.find((d) => d.username === username)?.email ?? "";
    return { username, fullName: demo.fullName, email, password: who.password, totpSecret: null };
  }
  const company = testCompany();
  const member = demo === DEMO.dealer ? company.owner : demo === DEMO.buyer ? company.buyer : company.technician;
  return { ...member, totpSecret: null };
}

type Who = { user?: string; username?: string; password: string; fullName?: string };
type LoginOptions = { demoCompany?: boolean };

/**
 * Signs in without the form (decision 022): the sign-in API on the page's own cookie jar, a back-office account's
 * code from its own key, then `path` (the login page sends a signed-in account on to its page, as after the form).
 * Tests of signing in itself use `loginThroughForm`.
 */
export async function login(page: Page, who: Who, path = "/login", opts: LoginOptions = {}): Promise<SignedIn> {
  const account = accountFor(who, opts);
  await signInThroughApi(page, account);
  await page.goto(path);
  const { totpSecret: _key, ...signedIn } = account;
  return signedIn;
}

/** The demo back-office accounts of the built-in roles other than Owner and Manager (decision 035), by role. */
export type StaffRoleKey = (typeof DEMO_STAFF)[number]["staffRole"];
export const DEMO_STAFF_BY_ROLE = Object.fromEntries(DEMO_STAFF.map((a) => [a.staffRole, a])) as Record<
  StaffRoleKey,
  (typeof DEMO_STAFF)[number]
>;

/**
 * Signs in as the demo account of a staff role (decision 035) without the form: the sign-in API on the page's cookie
 * jar and a code of the demo key not used yet (nextDemoCode: every test signing in as that account takes its steps
 * in turn), then `path`.
 */
export async function loginStaff(page: Page, role: StaffRoleKey, path = "/admin") {
  const account = DEMO_STAFF_BY_ROLE[role];
  const api = page.context().request;
  const res = await api.post("/api/auth/login", { data: { user: account.username, password: account.password }, headers: ORIGIN() });
  if (res.status() !== 200) throw new Error(`sign-in as ${account.username} refused: ${res.status()} ${await res.text()}`);
  const { challenge } = await res.json();
  const done = await api.post("/api/auth/login/second-factor", {
    headers: ORIGIN(),
    data: { challenge, code: await nextDemoCode(account.username) },
  });
  if (done.status() !== 200) throw new Error(`the code of ${account.username} was refused: ${await done.text()}`);
  if (path) await page.goto(path);
  return account;
}

/**
 * A code of a pooled back-office account's own key that its sign-in has not used (the next time step), for the one
 * step-up a test gives after signing in (decision 035: rates, credit notes, dealers' terms).
 */
export function freshCode(account: { username: string }): string {
  return totpCode(builtTotpSecret(account.username), totpStep() + 1);
}

/**
 * The step-up of a pooled back-office account signed in on `page` (decision 035): a fresh code of its own key, on
 * the page's session, before a sensitive change made through the API (dealers' terms, rates, credit notes).
 */
export async function stepUpThroughApi(page: Page): Promise<void> {
  const api = page.context().request;
  const me = (await (await api.get("/api/auth/me")).json()) as { username: string };
  const res = await api.post("/api/auth/step-up", { headers: ORIGIN(), data: { code: freshCode(me) } });
  if (res.status() !== 200) throw new Error(`the step-up of ${me.username} was refused: ${res.status()} ${await res.text()}`);
}

/** The sign-in API on the page's cookie jar; a back-office account gives the current code of its own key. */
export async function signInThroughApi(page: Page, account: { username: string; password: string; totpSecret: string | null }) {
  const api = page.context().request;
  const res = await api.post("/api/auth/login", { data: { user: account.username, password: account.password }, headers: ORIGIN() });
  if (res.status() !== 200) throw new Error(`sign-in as ${account.username} refused: ${res.status()} ${await res.text()}`);
  const answer = await res.json();
  if (!answer.totpRequired) return;
  if (!account.totpSecret) throw new Error(`${account.username} owes a code and the test has no key for it`);
  const done = await api.post("/api/auth/login/second-factor", {
    headers: ORIGIN(),
    data: { challenge: answer.challenge, code: totpCode(account.totpSecret, totpStep()) },
  });
  if (done.status() !== 200) throw new Error(`the code of ${account.username} was refused: ${await done.text()}`);
}

/**
 * Signs in through the login form, as a person does (the tests of signing in): the demo back-office accounts give a
 * code of the demo key (nextDemoCode). Waits for the answer: the next page, or the form's refusal.
 */
export async function loginThroughForm(page: Page, who: Who, path = "/login") {
  const username = who.user ?? who.username ?? "";
  await page.goto(path);
  await page.getByLabel("Email or Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
  if (WITH_CODE.get(username) !== who.password) {
    // The sign-in's answer, before the test goes on: a page visited while the form's post is still on its way is
    // aborted by it (CI: net::ERR_ABORTED on the next goto). A refused password stays on the form with its message.
    const refusal = page.locator('[role="alert"], [aria-invalid="true"]');
    await expect
      .poll(async () => !new URL(page.url()).pathname.startsWith("/login") || (await refusal.count()) > 0, { timeout: 25_000 })
      .toBe(true);
    return;
  }
  await signedInWithCode(page, username);
}

const CODE_REFUSED = /That code is not right|has expired or had too many wrong codes|Too many/;

/**
 * Gives the code page a code and waits until the sign-in leaves /login. The server accepts an account's steps only in
 * increasing order (the replay guard), and two workers signing in as admin at once can deliver their codes out of
 * the order nextDemoCode handed them out: the later step arrives first and the earlier one is refused ("That code is
 * not right", CI's 120 s time-out at this wait). Such a refusal is answered with the next step's code, at most twice,
 * and said in the test's output; anything else the page says fails the sign-in with the page's own words, never a
 * silent time-out.
 */
async function signedInWithCode(page: Page, username: string) {
  const refused = page.getByText(CODE_REFUSED);
  const left = () => !new URL(page.url()).pathname.startsWith("/login");
  for (let attempt = 1; ; attempt++) {
    await enterCode(page, username);
    await expect.poll(async () => left() || (await refused.count()) > 0, { timeout: 25_000 }).toBe(true);
    if (left()) return;
    const said = ((await refused.first().textContent()) ?? "").trim();
    if (attempt === 3 || !said.startsWith("That code is not right")) throw new Error(`sign-in as ${username} refused: ${said}`);
    console.warn(`sign-in as ${username}: code refused (${said}); trying the next step's code`);
  }
}

/** The demo dealer and an admin, each in a browser context of their own. */
export async function twoSessions(browser: Browser, baseURL: string) {
  const dealer = await (await browser.newContext({ baseURL })).newPage();
  await login(dealer, DEMO.dealer);
  await expect(dealer).toHaveURL(/\/dealer$/);
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await login(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  return { dealer, admin };
}
