import type { Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { totpCode, totpStep } from "#server/modules/accounts/totp.ts";
import { COMPARE_STORAGE_KEY } from "#shared/compare.ts";
import routes from "../../src/web/routes.ts";
import { claim, poolAccount, poolCompany } from "../support/e2e-pool.ts";
import { header, linkToken, outboxMails } from "../support/outbox.ts";
import { DEMO, expect, login, loginStaff, nextDemoCode, type StaffRoleKey, signInThroughApi, stepUpThroughApi, test } from "./fixtures.ts";
import { AXE_SOURCE, axeFindings } from "./support/axe.ts";
import { dataDir, newAccount, verifiedAccount } from "./support/dealer-application.ts";
import { helpButtonFindings } from "./support/help-button.ts";
import { hydrated } from "./support/hydration.ts";

/**
 * Axe-core (WCAG 2.0/2.1/2.2 A and AA, every impact) finds nothing on any route of src/web/routes.ts, for
 * each actor that sees the page differently, at desktop and phone width, and in the states that matter (a form
 * after a refused submit, an open dialog or menu). One login per actor; findings are collected and reported
 * together so one run lists every violation with its rule, element and page.
 */

/** The back office's built-in roles besides Owner (super) and Manager (admin), decision 035: their demo accounts. */
const STAFF_ACTORS = ["sales", "warehouse", "accounts", "content"] as const satisfies readonly StaffRoleKey[];
type Actor = "visitor" | "user" | "applicant" | "dealer" | "admin" | "super" | StaffRoleKey;
/** A page to check: its URL, or how to find it on the page the actor is on (for ids of seeded records). */
type Visit = { as: Actor; url: string | ((page: Page) => Promise<string>) };
type Covered = Visit[] | { resource: string };

/** The href of the first link that matches, on the page at `from`. */
const linkOn = (from: string, selector: string) => async (page: Page) => {
  await page.goto(from);
  await hydrated(page);
  const href = await page.locator(selector).first().getAttribute("href");
  expect(href, `a link ${selector} on ${from}`).toBeTruthy();
  return href as string;
};

/**
 * The page of a pooled company the sweep claims, put on net 30 by the signed-in super administrator (decision 034):
 * the demo's companies buy for cash, and the sweep changes none of them.
 */
const companyOnTerms = async (page: Page) => {
  const company = poolCompany(claim(dataDir(), "company"));
  // Found by its owner's username, which no other company's contains; the list's tabs link under /admin/dealers/ too.
  const href = await linkOn(
    `/admin/dealers?q=${encodeURIComponent(company.owner.username)}`,
    'a[href^="/admin/dealers/"]:not([href$="/tiers"])',
  )(page);
  // Terms are a sensitive change (decision 035): a fresh code first.
  await stepUpThroughApi(page);
  const set = await page.request.put(`/api/${href.replace(/^\/admin\//, "")}/credit`, {
    headers: { origin: process.env.E2E_BASE_URL as string },
    data: { terms: "net30", limit: "5000.00" },
  });
  expect(set.status(), await set.text()).toBe(200);
  return href;
};

/** Every route of src/web/routes.ts, and how this file covers it. */
const COVERED: Record<string, Covered> = {
  "/logout": { resource: "POST only; a visit redirects to /" },
  "/favicon.svg": { resource: "an SVG image" },
  "/robots.txt": { resource: "plain text" },
  "/sitemap.xml": { resource: "XML" },
  "/": [{ as: "visitor", url: "/" }],
  "/contact": [{ as: "visitor", url: "/contact" }],
  "/about": [{ as: "visitor", url: "/about" }],
  "/blog/:blogId": [{ as: "visitor", url: "/blog/1" }],
  "/blogs": [{ as: "visitor", url: "/blogs" }],
  "/case-study/:caseStudyId": [
    { as: "visitor", url: "/case-study/1" },
    // "Case study not found." in the public shell.
    { as: "visitor", url: "/case-study/999999" },
  ],
  "/case-studies": [{ as: "visitor", url: "/case-studies" }],
  "/products": [{ as: "visitor", url: "/products" }],
  "/category/:categoryId": [
    { as: "visitor", url: "/category/solar-panels" },
    { as: "visitor", url: "/category/solar-panels?page=2&pageSize=6" },
    // Filters applied, and a filter nothing matches; a dealer's sorts include price.
    { as: "visitor", url: "/category/solar-panels?spec.cell_type=mono+PERC&spec.power_w.min=400&sort=power-desc" },
    { as: "visitor", url: "/category/hybrid-inverters?spec.power_kw.min=900" },
    { as: "dealer", url: "/category/energy-storage?sort=price" },
  ],
  "/product/:productId": [
    { as: "visitor", url: "/product/1" },
    // Dealers see prices.
    { as: "dealer", url: "/product/1" },
    // The demo's low product with each branch's quantity, and the one out of stock with a shipment expected.
    { as: "dealer", url: "/product/15" },
    { as: "visitor", url: "/product/22" },
    // The error page (404).
    { as: "visitor", url: "/product/999999" },
  ],
  "/insights": [{ as: "visitor", url: "/insights" }],
  // The directory with a province pressed on the map, one where nobody works yet, and a profile.
  "/installers": [
    { as: "visitor", url: "/installers" },
    { as: "visitor", url: "/installers?province=harare&service=borehole" },
    { as: "visitor", url: "/installers?province=matabeleland-north" },
  ],
  "/installers/:slug": [
    { as: "visitor", url: "/installers/sunrise-solar" },
    { as: "visitor", url: "/installers/kopje-energy" },
  ],
  "/cart": [
    { as: "visitor", url: "/cart" },
    // With items: the visitor's WhatsApp checkout, the dealer's checkout link.
    { as: "user", url: "/cart" },
    { as: "dealer", url: "/cart" },
  ],
  "/faqs": [{ as: "visitor", url: "/faqs" }],
  "/search": [
    { as: "visitor", url: "/search" },
    { as: "visitor", url: "/search?q=inverterr" },
    { as: "visitor", url: "/search?q=nothing-matches-this" },
  ],
  "/solar-calculator": [
    { as: "visitor", url: "/solar-calculator" },
    // A result: the kit, its checks and working, the quote dialog's button.
    {
      as: "visitor",
      url: "/solar-calculator?name=Fridge&watts=150&hours=10&qty=1&name=LED+light&watts=10&hours=5&qty=6&name=TV&watts=80&hours=5&qty=1&backup=8&sun=",
    },
    // Field messages next to their fields.
    { as: "visitor", url: "/solar-calculator?name=Fridge&watts=-1&hours=10&qty=1&backup=&sun=20" },
  ],
  "/compare": [
    // Empty, with notices (another category's product, an unknown id), only the differences; a dealer sees prices.
    { as: "visitor", url: "/compare" },
    { as: "visitor", url: "/compare?ids=1,2,5,14,999999" },
    { as: "visitor", url: "/compare?ids=1,2,5&diff=1" },
    { as: "dealer", url: "/compare?ids=1,2,5" },
  ],
  "/login": [{ as: "visitor", url: "/login" }],
  "/signup": [{ as: "visitor", url: "/signup" }],
  "/forgot-password": [{ as: "visitor", url: "/forgot-password" }],
  "/verification": [
    { as: "visitor", url: "/verification" },
    { as: "visitor", url: "/verification?token=not-a-real-token" },
  ],
  "/undo-email-change": [{ as: "visitor", url: "/undo-email-change?token=not-a-real-token" }],
  "/reset-password": [
    { as: "visitor", url: "/reset-password" },
    { as: "visitor", url: "/reset-password?token=not-a-real-token" },
  ],
  "/checkout": [{ as: "dealer", url: "/checkout" }],
  // A visitor's private accept link; a wrong token is the 404 page (the accepting itself: quote-to-order.spec.ts).
  "/quotations/:id/accept": [{ as: "visitor", url: "/quotations/1/accept?token=not-a-real-token" }],
  // Redirects to the home page: checked there, and here that the redirect lands on a page that passes.
  "/*": [{ as: "visitor", url: "/no-such-page" }],
  "/dealer": [
    { as: "visitor", url: "/dealer" },
    { as: "user", url: "/dealer" },
    { as: "applicant", url: "/dealer" },
    { as: "dealer", url: "/dealer" },
  ],
  "/dealer/profile": [
    { as: "user", url: "/dealer/profile" },
    { as: "applicant", url: "/dealer/profile" },
    { as: "dealer", url: "/dealer/profile" },
    { as: "dealer", url: "/dealer/profile?edit=personal" },
  ],
  "/dealer/manual": [
    { as: "user", url: "/dealer/manual" },
    { as: "dealer", url: "/dealer/manual" },
  ],
  "/dealer/manual/dealer-manual.pdf": { resource: "a PDF" },
  "/dealer/manual/dealer-manual.txt": { resource: "plain text" },
  "/dealer/quotations": [{ as: "dealer", url: "/dealer/quotations" }],
  "/dealer/register": [
    { as: "user", url: "/dealer/register" },
    { as: "applicant", url: "/dealer/register" },
    { as: "dealer", url: "/dealer/register" },
  ],
  "/dealer/orders": [
    { as: "user", url: "/dealer/orders" },
    { as: "dealer", url: "/dealer/orders" },
  ],
  // Decision 034: the company's statement (the pooled company on cash terms: its plain words and the period's form),
  // and a period that cannot be read, said next to its field.
  "/dealer/statement": [
    { as: "dealer", url: "/dealer/statement" },
    { as: "dealer", url: "/dealer/statement?from=2026-13-01&to=" },
  ],
  "/dealer/team": [{ as: "dealer", url: "/dealer/team" }],
  // Decision 023: an invitation's page; its open invitation and the welcome are checked in team.spec.ts's journey.
  "/dealer/team/join": [{ as: "user", url: "/dealer/team/join?token=not-a-real-token" }],
  "/dealer/price-list": [
    { as: "dealer", url: "/dealer/price-list" },
    { as: "dealer", url: "/dealer/price-list?q=no+such+product+xyz" },
  ],
  // Quick order and the company's kits.
  "/dealer/quick-order": [{ as: "dealer", url: "/dealer/quick-order" }],
  "/dealer/kits": [{ as: "dealer", url: "/dealer/kits" }],
  // The company's installer enquiries (the demo's: one open, one accepted with its contact).
  "/dealer/leads": [{ as: "dealer", url: "/dealer/leads" }],
  "/admin": [
    { as: "admin", url: "/admin" },
    { as: "admin", url: "/admin?range=365" },
    // Each role's home (decision 035): its own menu and cards; Content's lists its screens.
    { as: "sales", url: "/admin" },
    { as: "warehouse", url: "/admin" },
    { as: "accounts", url: "/admin" },
    { as: "content", url: "/admin" },
  ],
  "/admin/products": [
    { as: "admin", url: "/admin/products" },
    { as: "admin", url: "/admin/products?product=new" },
    { as: "admin", url: "/admin/products?product=1" },
  ],
  "/admin/products/featured": [
    { as: "admin", url: "/admin/products/featured" },
    { as: "admin", url: "/admin/products/featured?featured=new" },
  ],
  "/admin/products/brands": [
    { as: "admin", url: "/admin/products/brands" },
    { as: "admin", url: "/admin/products/brands?brand=new" },
  ],
  "/admin/dealers": [
    { as: "admin", url: "/admin/dealers" },
    { as: "admin", url: "/admin/dealers?reg_status=Pending" },
    // The 403 page of a screen the role does not allow (decision 035), in the back office's chrome.
    { as: "warehouse", url: "/admin/dealers" },
  ],
  "/admin/dealers/tiers": [
    { as: "admin", url: "/admin/dealers/tiers" },
    { as: "admin", url: "/admin/dealers/tiers?tier=new" },
  ],
  "/admin/dealers/:userId": [
    { as: "admin", url: linkOn("/admin/dealers?q=Kopje", 'a[href^="/admin/dealers/"]') },
    { as: "admin", url: linkOn("/admin/dealers?q=Sunrise", 'a[href^="/admin/dealers/"]') },
    // A company of the sweep's own on net 30 (decision 034): the credit section with the super administrator's terms form.
    { as: "super", url: companyOnTerms },
  ],
  "/admin/quotations": [
    { as: "admin", url: "/admin/quotations" },
    { as: "admin", url: "/admin/quotations?status=approved" },
  ],
  "/admin/leads": [
    { as: "admin", url: "/admin/leads" },
    { as: "admin", url: "/admin/leads?status=closed" },
  ],
  "/admin/orders": [{ as: "admin", url: "/admin/orders" }],
  "/admin/orders/:orderId": [
    { as: "admin", url: linkOn("/admin/orders", 'a[href^="/admin/orders/"]') },
    // The demo's order sent with serial numbers; the dispatch form is checked in dispatch.spec.ts.
    { as: "admin", url: linkOn("/admin/orders?status=dispatched", 'a[href^="/admin/orders/"]') },
    // An order awaiting payment with the dealer's proof of payment beside "Confirm payment".
    { as: "admin", url: linkOn("/admin/orders?status=awaiting_payment", 'a[href^="/admin/orders/"]') },
  ],
  "/admin/orders/serials": [
    { as: "admin", url: "/admin/orders/serials" },
    { as: "admin", url: "/admin/orders/serials?serial=NO-SUCH-SERIAL-1" },
    { as: "admin", url: "/admin/orders/serials?serial=a" },
  ],
  "/admin/invoices": [
    { as: "admin", url: "/admin/invoices" },
    { as: "admin", url: "/admin/invoices?kind=credit_note" },
  ],
  // What dealers on account owe today, and a day before any account (the empty state).
  "/admin/ageing": [
    { as: "admin", url: "/admin/ageing" },
    { as: "admin", url: "/admin/ageing?on=2020-01-01" },
  ],
  // The back office's roles (decision 035): the Owner's.
  "/admin/roles": [{ as: "super", url: "/admin/roles" }],
  "/admin/users": [
    { as: "admin", url: "/admin/users" },
    { as: "super", url: "/admin/users" },
  ],
  "/admin/blogs": [
    { as: "admin", url: "/admin/blogs" },
    { as: "admin", url: "/admin/blogs?edit=1" },
  ],
  "/admin/team": [
    { as: "admin", url: "/admin/team" },
    { as: "admin", url: "/admin/team?edit=1" },
  ],
  "/admin/case-studies": [
    { as: "admin", url: "/admin/case-studies" },
    { as: "admin", url: "/admin/case-studies?edit=1" },
  ],
  "/admin/content": [{ as: "admin", url: "/admin/content" }],
  ...Object.fromEntries(
    ["testimonials", "articles", "faqs", "awards", "certificates", "overview", "positions"].map((tab) => [
      `/admin/content/${tab}`,
      [{ as: "admin" as const, url: `/admin/content/${tab}` }],
    ]),
  ),
  "/admin/content/testimonials": [
    { as: "admin", url: "/admin/content/testimonials" },
    { as: "admin", url: "/admin/content/testimonials?edit=1" },
  ],
  "/admin/content/:tab": [{ as: "admin", url: "/admin/content/no-such-tab" }],
  "/admin/messages": [{ as: "admin", url: "/admin/messages" }],
  "/admin/messages/:messageId": [{ as: "admin", url: linkOn("/admin/messages", 'a[href^="/admin/messages/"]') }],
  "/admin/rates": [
    { as: "admin", url: "/admin/rates" },
    // Adding and correcting a rate are the Owner's (rates.edit, decision 035): the forms as the super sees them.
    { as: "super", url: "/admin/rates" },
    { as: "super", url: linkOn("/admin/rates", 'a[href*="correct="]') },
  ],
  "/admin/rates/vat": [
    { as: "admin", url: "/admin/rates/vat" },
    { as: "super", url: "/admin/rates/vat" },
  ],
  // The stock back office: each tab, and the forms its parameters open.
  "/admin/stock": [
    { as: "admin", url: "/admin/stock" },
    { as: "admin", url: linkOn("/admin/stock", 'a[href*="adjust="]') },
  ],
  "/admin/stock/shipments": [
    { as: "admin", url: "/admin/stock/shipments" },
    { as: "admin", url: "/admin/stock/shipments?shipment=new" },
    { as: "admin", url: linkOn("/admin/stock/shipments", 'a[href*="shipment="]:not([href*="shipment=new"])') },
  ],
  "/admin/stock/movements": [{ as: "admin", url: "/admin/stock/movements" }],
  "/admin/stock/low": [{ as: "admin", url: "/admin/stock/low" }],
  "/admin/stock/branches": [
    { as: "admin", url: "/admin/stock/branches" },
    { as: "admin", url: "/admin/stock/branches?branch=new" },
  ],
  "/admin/stock/delivery-fees": [
    { as: "admin", url: "/admin/stock/delivery-fees" },
    { as: "admin", url: "/admin/stock/delivery-fees?fee=new" },
  ],
  "/admin/stock/import": [{ as: "admin", url: "/admin/stock/import" }],
  "/admin/settings": [{ as: "admin", url: "/admin/settings" }],
  "/admin/audit": [{ as: "admin", url: "/admin/audit" }],
  "/admin/fiscal": [{ as: "admin", url: "/admin/fiscal" }],
  "/admin/*": [{ as: "admin", url: "/admin/no-such-screen" }],
};

/** The full paths of src/web/routes.ts (layouts add nothing, an index is its parent's path). */
function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    const here = entry.index || entry.path ? [own || "/"] : [];
    return [...here, ...routePaths(entry.children ?? [], own)];
  });
}

test("every route of src/web/routes.ts is in the accessibility test's list", () => {
  const declared = routePaths(routes).sort();
  expect(declared.length).toBeGreaterThan(40);
  expect(Object.keys(COVERED).sort()).toEqual(declared);
});

/** The checks of one page as it is now: axe's violations, and one main landmark the skip link reaches. */
async function pageFindings(page: Page, where: string): Promise<string[]> {
  // A page whose heading is in sight may still wait for its stylesheet (a posted form's answer on a busy machine):
  // axe would measure it unstyled (links 17 px high). The load event comes once the stylesheets have.
  await page.waitForLoadState("load");
  const shell = await page.evaluate(() => {
    const problems: string[] = [];
    const mains = document.querySelectorAll("main, [role=main]");
    if (mains.length !== 1) problems.push(`${mains.length} main landmarks`);
    const skip = document.querySelector<HTMLAnchorElement>("body > a[href='#main']");
    if (!skip) problems.push("no skip link");
    else if (!document.getElementById("main")) problems.push("the skip link's target #main is missing");
    if (!document.querySelector("header, [role=banner]")) problems.push("no header landmark");
    return problems;
  });
  return [...shell.map((p) => `${where}: ${p}`), ...(await axeFindings(page, where))];
}

/** Opens a page, waits until it is hydrated, and checks it. */
async function check(page: Page, url: string, label = url): Promise<string[]> {
  await page.goto(url);
  await hydrated(page);
  await expect(page.locator("#main")).toBeVisible();
  return pageFindings(page, label);
}

type Width = "desktop" | "phone";

/** The URLs COVERED lists for the actor on a route. */
const visitsOf = (covered: Covered, actor: Actor) => (Array.isArray(covered) ? covered.filter((v) => v.as === actor) : []);

/**
 * The pages whose Help button's place is checked in the same visit (support/help-button.ts): the back office's and the
 * dealer area's main pages, and public pages (which have no button today).
 */
const HELP_BUTTON_PAGES = new Set([
  "/admin",
  "/admin/quotations",
  "/admin/leads",
  "/admin/dealers",
  "/admin/orders",
  "/admin/products",
  "/admin/users",
  "/admin/messages",
  "/admin/audit",
  "/admin/fiscal",
  "/admin/blogs",
  "/admin/team",
  "/admin/case-studies",
  "/admin/content",
  "/admin/settings",
  "/dealer",
  "/dealer/profile",
  "/dealer/manual",
  "/dealer/quotations",
  "/dealer/orders",
  "/dealer/leads",
  "/",
  "/products",
  "/contact",
  "/cart",
  "/faqs",
]);

/** Checks the visits of one route on the page: axe, the landmarks, and on HELP_BUTTON_PAGES the Help button's place. */
async function checkVisits(page: Page, route: string, visits: Visit[], actor: Actor, width: Width = "desktop"): Promise<string[]> {
  const label = `${width === "phone" ? "phone " : ""}${actor}`;
  const findings: string[] = [];
  // Each route as a fresh visit finds it: no comparison left by a page the worker checked before (its bar would sit
  // over the page's end).
  await page.evaluate((key) => localStorage.removeItem(key), COMPARE_STORAGE_KEY).catch(() => undefined);
  for (const visit of visits) {
    const url = typeof visit.url === "string" ? visit.url : await visit.url(page);
    const where = `${label} ${url} (${route})`;
    findings.push(...(await check(page, url, where)));
    if (HELP_BUTTON_PAGES.has(url)) {
      // The back office's and the approved dealer's pages have the button; a visitor's and a member's need not.
      const expected =
        (actor === "dealer" && url.startsWith("/dealer")) || ((actor === "admin" || actor === "super") && url.startsWith("/admin"));
      findings.push(...(await helpButtonFindings(page, where, { expected })));
    }
  }
  return findings;
}

/** Puts a product in the browser's cart the way a visitor does. */
async function addToCart(page: Page) {
  await page.goto("/product/1");
  await hydrated(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: "Cart, 1 item" }).first()).toBeVisible();
}

/** Pages drawn with the cart's lines: checked with a product in the cart. */
const WITH_CART = new Set(["/cart", "/checkout"]);

type SweepActor = Exclude<Actor, "applicant">;

/**
 * The sweep's pages, one per actor, width and cart for each worker (decision 022): signed in once without the form,
 * kept for every route the worker checks as that actor, with axe-core loaded into each document as it starts. The
 * sweep only reads: a dealer reads the demo company's own records (the pages with content); on the cart's pages it
 * is a company of the worker's own with a product in its cart, as the user is.
 */
const sweep = test.extend<object, { sweepPage: (actor: SweepActor, route: string, width: Width) => Promise<Page> }>({
  sweepPage: [
    async ({ browser }, use) => {
      const pages = new Map<string, Page>();
      const data = process.env.E2E_DATA_DIR as string;
      await use(async (actor, route, width) => {
        const withCart = WITH_CART.has(route) && (actor === "user" || actor === "dealer");
        const key = `${actor}|${width}|${withCart}`;
        const kept = pages.get(key);
        if (kept) return kept;
        const context = await browser.newContext({
          baseURL: process.env.E2E_BASE_URL,
          ...(width === "phone" ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } }),
        });
        await context.addInitScript({ content: AXE_SOURCE });
        const page = await context.newPage();
        if (actor === "dealer" && !withCart) {
          await signInThroughApi(page, { username: DEMO.dealer.user, password: DEMO.dealer.password, totpSecret: null });
        } else if (actor === "dealer") {
          await signInThroughApi(page, { ...poolCompany(claim(data, "company")).owner, totpSecret: null });
        } else if ((STAFF_ACTORS as readonly string[]).includes(actor)) {
          await loginStaff(page, actor as StaffRoleKey, "");
        } else if (actor !== "visitor") {
          await signInThroughApi(page, poolAccount(actor as "admin" | "super" | "user", claim(data, actor as "admin" | "super" | "user")));
        }
        if (withCart) await addToCart(page);
        pages.set(key, page);
        return page;
      });
      for (const page of pages.values()) await page.context().close();
    },
    { scope: "worker" },
  ],
});

/** One test per route, actor and width, each well within a minute and spread over the workers. */
function sweepTests(actors: readonly SweepActor[], width: Width, routes: (actor: SweepActor) => [string, Visit[]][]) {
  for (const actor of actors) {
    for (const [route, visits] of routes(actor)) {
      const who = actor === "visitor" ? "a visitor" : `the ${actor}`;
      sweep(`${width === "phone" ? "390 px: " : ""}${route} as ${who}: no axe violations`, async ({ sweepPage }) => {
        // A route's first test in a worker signs its page in; up to five visits, each checked whole.
        sweep.setTimeout(60_000);
        const page = await sweepPage(actor, route, width);
        expect(await checkVisits(page, route, visits, actor, width)).toEqual([]);
      });
    }
  }
}

/** The routes COVERED lists for the actor, with its visits. */
const coveredFor = (actor: SweepActor): [string, Visit[]][] =>
  Object.entries(COVERED)
    .map(([route, covered]): [string, Visit[]] => [route, visitsOf(covered, actor)])
    .filter(([, visits]) => visits.length > 0);

// Every page COVERED lists, at desktop width.
sweepTests(["visitor", "user", "dealer", "admin", "super", ...STAFF_ACTORS], "desktop", coveredFor);

test("the login, sign-up and reset forms after a refused submit: no axe violations", async ({ page }) => {
  const findings: string[] = [];

  // States: forms after a refused submit show their errors, tied to their fields.
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email or Username").fill("nobody-here");
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  findings.push(...(await pageFindings(page, "visitor /login after a failed login")));

  for (const [url, button] of [
    ["/signup", "Sign Up"],
    ["/forgot-password", "Send Reset Link"],
  ] as const) {
    await page.goto(url);
    await hydrated(page);
    await page.getByRole("button", { name: button }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    findings.push(...(await pageFindings(page, `visitor ${url} after an empty submit`)));
  }

  expect(findings).toEqual([]);
});

test("a product page with the quote dialog after an empty submit, the Products menu open, the compare bar's offer: no axe violations", async ({
  page,
}) => {
  const findings: string[] = [];
  // The quote dialog, open, after an empty submit.
  await page.goto("/product/1");
  await hydrated(page);
  await page.getByRole("button", { name: "Request a Quote" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a Quote" });
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.locator("[aria-invalid=true]").first()).toBeVisible();
  findings.push(...(await pageFindings(page, "visitor /product/1 quote dialog with errors")));
  await page.keyboard.press("Escape");

  // The Products dropdown of the main navigation, open.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: /Products/ })
    .focus();
  await page.keyboard.press("Enter");
  findings.push(...(await pageFindings(page, "visitor /product/1 with the Products menu open")));

  // The compare bar, offering a new comparison: a panel chosen, then an inverter (another category).
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /^Compare / }).click();
  await page.goto("/product/14");
  await hydrated(page);
  await page.getByRole("button", { name: /^Compare / }).click();
  await expect(page.getByRole("complementary", { name: "Comparison" }).getByRole("button", { name: /new comparison/ })).toBeVisible();
  findings.push(...(await pageFindings(page, "visitor /product/14 with the compare bar's offer")));

  expect(findings).toEqual([]);
});

test("the dealer application: a refused first section, and the pages of an applicant part-way through", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const findings: string[] = [];
  // The application form after an empty submit of its first section.
  await login(page, DEMO.user, "/dealer/register");
  await hydrated(page);
  const company = page.getByRole("region", { name: /^Company Details/ });
  await company.getByRole("button", { name: "Save Company Details" }).click();
  await expect(company.locator("[aria-invalid=true]").first()).toBeVisible();
  findings.push(...(await pageFindings(page, "user /dealer/register after an empty submit")));

  // A fresh account part-way through an application (company details saved).
  await page.context().clearCookies();
  await verifiedAccount(page, baseURL as string, "a11y");
  await page.goto("/dealer/register");
  await hydrated(page);
  const section = page.getByRole("region", { name: /^Company Details/ });
  await section.getByLabel("Registered Company Name").fill("Msasa Power (Private) Limited");
  await section.getByLabel("Trading Name").fill("Msasa Power");
  await section.getByLabel("Company Registration Number").fill("1234/2025");
  await section.getByRole("button", { name: "Save Company Details" }).click();
  await expect(page.getByText("1 of 3 completed")).toBeVisible();
  for (const [route, covered] of Object.entries(COVERED)) {
    findings.push(...(await checkVisits(page, route, visitsOf(covered, "applicant"), "applicant")));
  }
  expect(findings).toEqual([]);
});

test("checkout after a submit without the address a delivery needs: the errors under their fields", async ({ page }) => {
  await login(page, DEMO.dealer);
  await addToCart(page);
  await page.goto("/checkout");
  await hydrated(page);
  const place = page.getByRole("button", { name: "Place Order" });
  await expect(place).toBeEnabled();
  // The company's address fills the field: emptied, it is refused too.
  await page.getByLabel("Delivery address").fill("");
  await place.click();
  await expect(page.getByLabel("Delivery address")).toHaveAttribute("aria-invalid", "true");
  // From the top, as the page is read: typing in the address left the fields above it under the sticky header.
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await pageFindings(page, "dealer /checkout after a refused submit")).toEqual([]);
});

test("the back office: a new blog after an empty submit, and the record-a-sale dialog", async ({ page }) => {
  await login(page, DEMO.admin, "/admin/blogs");
  await hydrated(page);
  const findings: string[] = [];
  await page.getByRole("button", { name: "Publish blog" }).click();
  await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
  findings.push(...(await pageFindings(page, "admin /admin/blogs after an empty submit")));
  await page.goto("/admin");
  await hydrated(page);
  await page.getByRole("button", { name: "Record a sale" }).click();
  await expect(page.getByRole("dialog", { name: "Record a sale" })).toBeVisible();
  findings.push(...(await pageFindings(page, "admin /admin with the record-a-sale dialog")));
  expect(findings).toEqual([]);
});

/** The page's findings at desktop width and again at 390 px. */
async function atBothWidths(page: Page, label: string): Promise<string[]> {
  const findings = await pageFindings(page, `desktop ${label}`);
  await page.setViewportSize(PHONE);
  findings.push(...(await pageFindings(page, `phone ${label}`)));
  await page.setViewportSize({ width: 1280, height: 720 });
  return findings;
}

/** The key shown on a two-step setup, as the app would read it. */
async function shownKey(page: Page): Promise<string> {
  const text = await page
    .getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)
    .first()
    .textContent();
  return (text ?? "").replace(/\s/g, "");
}

test("two-step sign-in (decision 010): a dealer-area account's setup, recovery codes and code pages, on a desktop and at 390 px", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const findings: string[] = [];
  const both = async (label: string) => findings.push(...(await atBothWidths(page, label)));

  // A dealer-area account turns it on from its profile: the key, a wrong first code, the recovery codes.
  const account = await verifiedAccount(page, baseURL as string, "twostep");
  await page.goto("/dealer/profile");
  await hydrated(page);
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const key = await shownKey(page);
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByLabel("Code from the app")).toHaveAttribute("aria-invalid", "true");
  await both("/dealer/profile setting up two-step sign-in after a wrong code");
  await page.getByLabel("Code from the app").fill(totpCode(key, totpStep()));
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" })).toBeVisible();
  await both("/dealer/profile with new recovery codes");

  // Its next sign-in asks for a code.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email or Username").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  await both("/login asking for a code");
  await page.getByLabel("Code", { exact: true }).fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByLabel("Code", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await both("/login after a wrong code");
  await page.getByLabel("Code", { exact: true }).fill(totpCode(key, totpStep() + 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);

  expect(findings).toEqual([]);
});

test("two-step sign-in (decision 010): a new admin's setup from the invitation and the recovery codes, on a desktop and at 390 px", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const findings: string[] = [];
  const both = async (label: string) => findings.push(...(await atBothWidths(page, label)));

  // A new admin's invitation: the password, then the app's setup before the back office, then the recovery codes.
  await page.context().clearCookies();
  const api = page.request;
  const signedIn = await api.post("/api/auth/login", { data: { user: DEMO.super.user, password: DEMO.super.password } });
  const { challenge } = await signedIn.json();
  await api.post("/api/auth/login/second-factor", { data: { challenge, code: await nextDemoCode(DEMO.super.user) } });
  expect((await api.post("/api/auth/step-up", { data: { code: await nextDemoCode(DEMO.super.user) } })).status()).toBe(200);
  const invited = newAccount("invited");
  const created = await api.post("/api/auth/admin", {
    data: { fullName: invited.fullName, username: invited.username, email: invited.email },
  });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();
  let mail: string | undefined;
  await expect
    .poll(async () => {
      mail = (await outboxMails(dataDir())).findLast((m) => header(m, "To").includes(invited.email));
      return Boolean(mail);
    })
    .toBe(true);
  await page.goto(`/reset-password?token=${linkToken(mail as string, "/reset-password")}`);
  await page.getByLabel("New password", { exact: true }).fill("Mukuvisi-Kettle-Drift");
  await page.getByLabel("Confirm new password", { exact: true }).fill("Mukuvisi-Kettle-Drift");
  await page
    .getByRole("button", { name: /Set|Save|Reset/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Set up two-step sign-in" })).toBeVisible();
  await both("/reset-password setting up the app of a new admin");
  await page.getByLabel("Code from the app").fill(totpCode(await shownKey(page), totpStep()));
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  await both("/reset-password showing a new admin's recovery codes");
  await page.getByRole("link", { name: /continue/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(findings).toEqual([]);
});

/** Pages checked again at 390 px: every public page, and the main pages of the dealer area and back office (those with the Help button among them). */
const PHONE = { width: 390, height: 844 };
const PHONE_DEALER = [
  "/dealer",
  "/dealer/profile",
  "/dealer/quotations",
  "/dealer/orders",
  "/dealer/statement",
  "/dealer/price-list",
  "/dealer/team",
  "/dealer/quick-order",
  "/dealer/kits",
  "/dealer/leads",
  "/dealer/manual",
  "/cart",
  "/checkout",
];
const PHONE_ADMIN = [
  "/admin",
  "/admin/products",
  "/admin/stock",
  "/admin/dealers",
  "/admin/dealers/tiers",
  "/admin/quotations",
  "/admin/leads",
  "/admin/orders",
  "/admin/invoices",
  "/admin/ageing",
  "/admin/messages",
  "/admin/rates",
  "/admin/settings",
  "/admin/content",
  "/admin/users",
  "/admin/team",
  "/admin/audit",
  "/admin/fiscal",
  "/admin/blogs",
  "/admin/case-studies",
];

// Again at 390 px: every public page, and the main pages of the dealer area and the back office.
sweepTests(["visitor"], "phone", coveredFor);
sweepTests(["dealer", "admin"], "phone", (actor) =>
  (actor === "dealer" ? PHONE_DEALER : PHONE_ADMIN).map((url): [string, Visit[]] => [url, [{ as: actor, url }]]),
);
// Each staff role's home at 390 px (decision 035), and the warehouse's 403 page on a screen it may not open.
sweepTests(STAFF_ACTORS, "phone", (actor) =>
  (actor === "warehouse" ? ["/admin", "/admin/dealers"] : ["/admin"]).map((url): [string, Visit[]] => [url, [{ as: actor, url }]]),
);

test.describe("at phone width (390 px)", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("the home page with the menu open: no axe violations", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    expect(await pageFindings(page, "phone / with the mobile menu open")).toEqual([]);
  });
});
