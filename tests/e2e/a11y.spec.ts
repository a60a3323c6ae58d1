import type { Browser, Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { totpCode, totpStep } from "#server/modules/accounts/totp.ts";
import routes from "../../src/web/routes.ts";
import { header, linkToken, outboxMails } from "../support/outbox.ts";
import { DEMO, expect, login, nextDemoCode, test } from "./fixtures.ts";
import { axeFindings } from "./support/axe.ts";
import { dataDir, newAccount, verifiedAccount } from "./support/dealer-application.ts";
import { hydrated } from "./support/hydration.ts";

/**
 * Issue 8: axe-core (WCAG 2.0/2.1/2.2 A and AA, every impact) finds nothing on any route of src/web/routes.ts, for
 * each actor that sees the page differently, at desktop and phone width, and in the states that matter (a form
 * after a refused submit, an open dialog or menu). One login per actor; findings are collected and reported
 * together so one run lists every violation with its rule, element and page.
 */

type Actor = "visitor" | "user" | "applicant" | "dealer" | "admin" | "super";
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
    // Filters applied (issue 22 §3), and a filter nothing matches; a dealer's sorts include price.
    { as: "visitor", url: "/category/solar-panels?spec.cell_type=mono+PERC&spec.power_w.min=400&sort=power-desc" },
    { as: "visitor", url: "/category/hybrid-inverters?spec.power_kw.min=900" },
    { as: "dealer", url: "/category/energy-storage?sort=price" },
  ],
  "/product/:productId": [
    { as: "visitor", url: "/product/1" },
    // Dealers see prices.
    { as: "dealer", url: "/product/1" },
    // Issue 23: the demo's low product with each branch's quantity, and the one out of stock with a shipment expected.
    { as: "dealer", url: "/product/15" },
    { as: "visitor", url: "/product/22" },
    // The error page (404).
    { as: "visitor", url: "/product/999999" },
  ],
  "/insights": [{ as: "visitor", url: "/insights" }],
  // Issue 26 §1: the directory with a province pressed on the map, one where nobody works yet, and a profile.
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
  // Issue 25 §1: a visitor's private accept link; a wrong token is the 404 page (the accepting itself: quote-to-order.spec.ts).
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
  "/dealer/team": [{ as: "dealer", url: "/dealer/team" }],
  "/dealer/price-list": [
    { as: "dealer", url: "/dealer/price-list" },
    { as: "dealer", url: "/dealer/price-list?q=no+such+product+xyz" },
  ],
  // Issue 25 §2: quick order and the company's kits.
  "/dealer/quick-order": [{ as: "dealer", url: "/dealer/quick-order" }],
  "/dealer/kits": [{ as: "dealer", url: "/dealer/kits" }],
  // Issue 26 §2: the company's installer enquiries (the demo's: one open, one accepted with its contact).
  "/dealer/leads": [{ as: "dealer", url: "/dealer/leads" }],
  "/admin": [
    { as: "admin", url: "/admin" },
    { as: "admin", url: "/admin?range=365" },
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
  ],
  "/admin/dealers/tiers": [
    { as: "admin", url: "/admin/dealers/tiers" },
    { as: "admin", url: "/admin/dealers/tiers?tier=new" },
  ],
  "/admin/dealers/:userId": [
    { as: "admin", url: linkOn("/admin/dealers?q=Kopje", 'a[href^="/admin/dealers/"]') },
    { as: "admin", url: linkOn("/admin/dealers?q=Sunrise", 'a[href^="/admin/dealers/"]') },
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
    // The demo's order sent with serial numbers (issue 23 §6); the dispatch form is checked in dispatch.spec.ts.
    { as: "admin", url: linkOn("/admin/orders?status=dispatched", 'a[href^="/admin/orders/"]') },
    // An order awaiting payment with the dealer's proof of payment beside "Confirm payment" (issue 25 §6).
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
    { as: "admin", url: linkOn("/admin/rates", 'a[href*="correct="]') },
  ],
  "/admin/rates/vat": [{ as: "admin", url: "/admin/rates/vat" }],
  // The stock back office (issue 23 §2): each tab, and the forms its parameters open.
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

/** Checks every page COVERED lists for the actor (those of routes `only` accepts). */
async function visitAll(page: Page, actor: Actor, label: string = actor, only = (_route: string) => true): Promise<string[]> {
  const findings: string[] = [];
  for (const [route, covered] of Object.entries(COVERED)) {
    if (!Array.isArray(covered) || !only(route)) continue;
    for (const visit of covered.filter((v) => v.as === actor)) {
      const url = typeof visit.url === "string" ? visit.url : await visit.url(page);
      findings.push(...(await check(page, url, `${label} ${url} (${route})`)));
    }
  }
  return findings;
}

async function signIn(page: Page, who: { user: string; password: string }, landing: RegExp) {
  await login(page, who);
  await expect(page).toHaveURL(landing);
}

/** Puts a product in the browser's cart the way a visitor does. */
async function addToCart(page: Page) {
  await page.goto("/product/1");
  await hydrated(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: "Cart, 1 item" }).first()).toBeVisible();
}

test("public pages: no axe violations", async ({ page }) => {
  test.setTimeout(240_000);
  expect(await visitAll(page, "visitor")).toEqual([]);
});

test("public pages after a refused submit and with a dialog or menu open: no axe violations", async ({ page }) => {
  test.setTimeout(240_000);
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

test("the dealer area as a signed-in user and as an applicant part-way through an application", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.user, /:\d+\/$/);
  await addToCart(page);
  const findings = await visitAll(page, "user");

  // The application form after an empty submit of its first section.
  await page.goto("/dealer/register");
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
  findings.push(...(await visitAll(page, "applicant")));

  expect(findings).toEqual([]);
});

test("the dealer area as an approved dealer", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.dealer, /\/dealer$/);
  await addToCart(page);
  const findings = await visitAll(page, "dealer");
  // Checkout after a submit without the phone and address a delivery needs: the errors under their fields.
  await page.goto("/checkout");
  await hydrated(page);
  const place = page.getByRole("button", { name: "Place Order" });
  await expect(place).toBeEnabled();
  // The company's address fills the field (issue 23 §5): emptied, it is refused too.
  await page.getByLabel("Delivery address").fill("");
  await place.click();
  await expect(page.getByLabel("Delivery address")).toHaveAttribute("aria-invalid", "true");
  // From the top, as the page is read: typing in the address left the fields above it under the sticky header.
  await page.evaluate(() => window.scrollTo(0, 0));
  findings.push(...(await pageFindings(page, "dealer /checkout after a refused submit")));
  expect(findings).toEqual([]);
});

/** The back office in three parts, so that the two workers of CI share it. */
const contentScreens = (route: string) => /^\/admin\/(blogs|team|case-studies|content|messages|settings|audit|\*)/.test(route);
const tradeScreens = (route: string) => /^\/admin\/(dealers|quotations|leads|orders|invoices|users)/.test(route);

test("the back office as an admin: dashboard, products, stock, rates, fiscal", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.admin, /\/admin$/);
  expect(await visitAll(page, "admin", "admin", (route) => !contentScreens(route) && !tradeScreens(route))).toEqual([]);
});

test("the back office as an admin: dealers, quotations, leads, orders, invoices, users", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.admin, /\/admin$/);
  expect(await visitAll(page, "admin", "admin", tradeScreens)).toEqual([]);
});

test("the back office as an admin: content screens, messages, settings, audit; a refused form and a dialog", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.admin, /\/admin$/);
  const findings = await visitAll(page, "admin", "admin", contentScreens);

  // A form after an empty submit: a new blog.
  await page.goto("/admin/blogs");
  await hydrated(page);
  await page.getByRole("button", { name: "Publish blog" }).click();
  await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
  findings.push(...(await pageFindings(page, "admin /admin/blogs after an empty submit")));

  // The record-a-sale dialog, open.
  await page.goto("/admin");
  await hydrated(page);
  await page.getByRole("button", { name: "Record a sale" }).click();
  await expect(page.getByRole("dialog", { name: "Record a sale" })).toBeVisible();
  findings.push(...(await pageFindings(page, "admin /admin with the record-a-sale dialog")));

  expect(findings).toEqual([]);
});

test("the back office as the super admin", async ({ page }) => {
  await signIn(page, DEMO.super, /\/admin$/);
  expect(await visitAll(page, "super")).toEqual([]);
});

/** The key shown on a two-step setup, as the app would read it. */
async function shownKey(page: Page): Promise<string> {
  const text = await page
    .getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)
    .first()
    .textContent();
  return (text ?? "").replace(/\s/g, "");
}

test("two-step sign-in (decision 010): the app's setup, recovery codes and code pages, on a desktop and at 390 px", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const findings: string[] = [];
  const both = async (label: string) => {
    findings.push(...(await pageFindings(page, `desktop ${label}`)));
    await page.setViewportSize(PHONE);
    findings.push(...(await pageFindings(page, `phone ${label}`)));
    await page.setViewportSize({ width: 1280, height: 720 });
  };

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

/** Pages checked again at 390 px: every public page, and the main pages of the dealer area and back office. */
const PHONE = { width: 390, height: 844 };
const PHONE_DEALER = [
  "/dealer",
  "/dealer/profile",
  "/dealer/quotations",
  "/dealer/orders",
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
  "/admin/messages",
  "/admin/rates",
  "/admin/settings",
];

async function phonePage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  return context.newPage();
}

test("public pages at phone width (390 px), with the menu open", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const page = await phonePage(browser, baseURL as string);
  const findings = await visitAll(page, "visitor", "phone visitor");
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  findings.push(...(await pageFindings(page, "phone / with the mobile menu open")));
  expect(findings).toEqual([]);
  await page.context().close();
});

test("the main dealer and back-office pages at phone width (390 px)", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const findings: string[] = [];
  const dealer = await phonePage(browser, baseURL as string);
  await signIn(dealer, DEMO.dealer, /\/dealer$/);
  await addToCart(dealer);
  for (const url of PHONE_DEALER) findings.push(...(await check(dealer, url, `phone dealer ${url}`)));
  await dealer.context().close();
  const admin = await phonePage(browser, baseURL as string);
  await signIn(admin, DEMO.admin, /\/admin$/);
  for (const url of PHONE_ADMIN) findings.push(...(await check(admin, url, `phone admin ${url}`)));
  await admin.context().close();
  expect(findings).toEqual([]);
});
