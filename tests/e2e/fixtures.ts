import { existsSync, mkdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, test as base, type Cookie, expect, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "#server/db/seed/demo-totp.ts";
import { totpCode, totpStep } from "#server/modules/accounts/totp.ts";

/**
 * The demo dealer company's cart is one, on the server, shared by its people (issue 25 §3): two workers signed in
 * as its dealer or buyer at once would put products in each other's carts. A test holds the company's cart from its
 * first use (a dealer's sign-in, or a page's cart request) until it ends; the other worker's test waits for it, and
 * its time limit grows by the wait. A lock older than five minutes was left by a worker that died.
 */
const cartLock = () => path.join(process.env.E2E_DATA_DIR ?? tmpdir(), "e2e-company-cart.lock");
let holdingCart = false;
/** One wait per test, however many of its requests ask at once (a page's cart request and the sign-in's clean-up). */
let acquiring: Promise<void> | null = null;
function holdCompanyCart(): Promise<void> {
  if (holdingCart) return Promise.resolve();
  acquiring ??= acquireCompanyCart().finally(() => {
    acquiring = null;
  });
  return acquiring;
}
async function acquireCompanyCart(): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(cartLock());
      break;
    } catch {
      try {
        if (Date.now() - statSync(cartLock()).mtimeMs > 300_000) rmdirSync(cartLock());
      } catch {
        // Released meanwhile.
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  holdingCart = true;
  const info = test.info();
  info.setTimeout(info.timeout + (Date.now() - started));
}

/** Playwright's test with baseURL taken from the server the global setup started, and the company's cart held per test. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  context: async ({ context }, use) => {
    await context.route(/\/api\/cart(?:[/?]|$)/, async (route) => {
      await holdCompanyCart();
      await route.fallback();
    });
    try {
      await use(context);
    } finally {
      if (holdingCart) {
        holdingCart = false;
        try {
          rmdirSync(cartLock());
        } catch {
          // Broken as stale by the other worker: nothing to release.
        }
      }
    }
  },
});

export { expect };

export const DEMO = {
  super: { user: "super", password: "demo-super-2026", fullName: "Tendai Super" },
  admin: { user: "admin", password: "demo-admin-2026", fullName: "Rudo Admin" },
  dealer: { user: "dealer", password: "demo-dealer-2026", fullName: "Farai Dealer" },
  user: { user: "user", password: "demo-user-2026", fullName: "Chipo User" },
  /** The demo dealer's team (issue 25 §4). */
  buyer: { user: "buyer", password: "demo-buyer-2026", fullName: "Rumbi Moyo" },
  technician: { user: "technician", password: "demo-technician-2026", fullName: "Tawanda Ncube" },
} as const;

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

// A worker's back-office sessions, reused by later sign-ins of the same worker: each fresh sign-in spends a time
// step of the demo key, and the suite signs in as admin more often than there are steps.
const sessions = new Map<string, Cookie[]>();

export async function login(
  page: Page,
  who: { user?: string; username?: string; password: string },
  path = "/login",
  opts: { keepCompanyCart?: boolean } = {},
) {
  const username = who.user ?? who.username ?? "";
  const kept = sessions.get(username);
  // Only a sign-in with the demo password may reuse the session: a test of a refused password must see the form.
  if (kept && path.startsWith("/login") && WITH_CODE.get(username) === who.password) {
    await page.context().addCookies(kept);
    // The login page sends a signed-in user on, as after a login; a session that ended leaves it on /login.
    await page.goto(path);
    if (!new URL(page.url()).pathname.startsWith("/login")) return;
    sessions.delete(username);
    await page.context().clearCookies();
  }
  await page.goto(path);
  const localCart = await page.evaluate(() => localStorage.getItem("cart")).catch(() => null);
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
    if (!opts.keepCompanyCart && !new URL(page.url()).pathname.startsWith("/login")) await freshCompanyCart(page, localCart);
    return;
  }
  await signedInWithCode(page, username);
  sessions.set(
    username,
    (await page.context().cookies()).filter((c) => c.name === "sid"),
  );
}

/**
 * A dealer's cart is their company's, kept on the server (issue 25 §3), so it would carry one test's products into
 * the next: each sign-in starts the company's cart empty, and this browser's cart is what it was before signing in
 * (a visitor's cart, merged in on the next page as after any sign-in). `keepCompanyCart` leaves it (a test of the
 * cart following the dealer). Nothing happens for accounts without a cart (403).
 */
async function freshCompanyCart(page: Page, localCart: string | null) {
  const me = await page.request.get("/api/auth/me");
  if (!me.ok() || (await me.json()).role !== "dealer") return;
  await holdCompanyCart();
  // The page signed in on merges this browser's cart into the company's: let it finish first.
  await page.waitForLoadState("networkidle").catch(() => undefined);
  const emptied = await page.request.delete("/api/cart");
  if (emptied.status() !== 204) return;
  await page.evaluate((cart) => {
    localStorage.removeItem("cart-mirror");
    localStorage.removeItem("cart-dirty");
    if (cart === null) localStorage.removeItem("cart");
    else localStorage.setItem("cart", cart);
  }, localCart);
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
