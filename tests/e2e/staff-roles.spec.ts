import type { Page } from "@playwright/test";
import { DEMO, expect, login, loginStaff, type StaffRoleKey, test } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";

/**
 * The back office follows the person's role (decision 035): each demo account of a built-in role opens /admin, its
 * menu lists what the role may do and nothing else, and a direct link to a screen the role does not allow answers
 * the 403 page in the back office's chrome, saying what is missing and whom to ask. The pages' own guard
 * (lib/guards.server.ts) decides this; the server refuses the same calls by itself (its own tests).
 */

const MENU = [
  "Dashboard",
  "Products",
  "Stock",
  "Dealers",
  "Quotations",
  "Leads",
  "Orders",
  "Invoices",
  "Ageing",
  "Admin Users",
  "Roles",
  "Blogs",
  "Team",
  "Case Studies",
  "Site Content",
  "Messages",
  "Rates",
  "Settings",
  "Fiscalisation",
  "Audit Log",
] as const;
type Screen = (typeof MENU)[number];

/** What each role's menu lists, in the menu's order (#shared/staff.ts's sets; rates and accounts are everyone's to read). */
const MENUS: Record<StaffRoleKey, readonly Screen[]> = {
  sales: ["Dashboard", "Products", "Dealers", "Quotations", "Leads", "Orders", "Admin Users", "Messages", "Rates"],
  warehouse: ["Dashboard", "Stock", "Orders", "Admin Users", "Rates"],
  accounts: ["Dashboard", "Dealers", "Orders", "Invoices", "Ageing", "Admin Users", "Rates", "Fiscalisation", "Audit Log"],
  content: ["Dashboard", "Admin Users", "Blogs", "Team", "Case Studies", "Site Content", "Rates"],
};

const ROLE_NAMES: Record<StaffRoleKey, string> = { sales: "Sales", warehouse: "Warehouse", accounts: "Accounts", content: "Content" };

/** A screen each role may not open, and the words of what is missing (PERMISSION_LABELS, lower-cased). */
const FORBIDDEN: Record<StaffRoleKey, { url: string; missing: string }[]> = {
  sales: [
    { url: "/admin/invoices", missing: "issue invoices and credit notes; fiscalisation" },
    { url: "/admin/dealers/tiers", missing: "change prices, dealer tiers and price lists" },
  ],
  warehouse: [
    { url: "/admin/dealers", missing: "see dealers, their applications and documents" },
    { url: "/admin/invoices", missing: "issue invoices and credit notes; fiscalisation" },
    { url: "/admin/dealers/tiers", missing: "change prices, dealer tiers and price lists" },
    { url: "/admin/rates?correct=1", missing: "change the exchange rate and vat rates" },
  ],
  accounts: [
    { url: "/admin/products", missing: "edit products, categories and brands" },
    { url: "/admin/stock", missing: "adjust stock, branches and shipments" },
  ],
  content: [
    { url: "/admin/orders", missing: "see orders" },
    { url: "/admin/dealers", missing: "see dealers, their applications and documents" },
  ],
};

const menuOf = (page: Page) => page.getByRole("navigation", { name: "Admin" });

/** The menu's entries, as listed (at desktop width the menu is always open). */
async function menuEntries(page: Page): Promise<string[]> {
  return (await menuOf(page).getByRole("link").allTextContents()).map((t) => t.trim());
}

/** The 403 page: its heading, the missing permission in words, whom to ask, inside the back office's chrome. */
async function expectForbidden(page: Page, roleName: string | null, missing: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Not allowed for your role" })).toBeVisible();
  const refusal = page.getByTestId("staff-forbidden");
  await expect(refusal).toContainText(`${roleName ? `Your role (${roleName})` : "Your account"} does not allow this: ${missing}.`);
  await expect(refusal).toContainText("Ask the owner of the back office to give your role this permission.");
  // Whom to ask: the Owner accounts' names (the demo super first), read from the back office's accounts.
  await expect(refusal).toContainText(`Who to ask: ${DEMO.super.fullName}`);
  // Inside the back office: its menu is still there, and the way back.
  await expect(menuOf(page)).toBeVisible();
  await expect(refusal.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", "/admin");
}

for (const role of Object.keys(MENUS) as StaffRoleKey[]) {
  test(`${role}: the menu lists what the role may do, and a forbidden page says what is missing and whom to ask`, async ({ page }) => {
    test.setTimeout(90_000);
    await loginStaff(page, role);
    await expect(page).toHaveURL(/\/admin$/);
    await hydrated(page);
    await expect(page.getByTestId("staff-role")).toHaveText(`Signed in as ${ROLE_NAMES[role]}`);
    expect(await menuEntries(page)).toEqual(MENUS[role]);

    for (const { url, missing } of FORBIDDEN[role]) {
      const answer = await page.goto(url);
      expect(answer?.status(), url).toBe(403);
      await expectForbidden(page, ROLE_NAMES[role], missing);
    }
  });
}

test("warehouse: Stock and Orders open; the order page offers no payment buttons and the rates page no rate form", async ({ page }) => {
  test.setTimeout(90_000);
  await loginStaff(page, "warehouse");
  await hydrated(page);
  await menuOf(page).getByRole("link", { name: "Stock" }).click();
  await expect(page).toHaveURL(/\/admin\/stock/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Not allowed for your role")).toHaveCount(0);

  await page.goto("/admin/rates");
  await expect(page.getByText(/Rate in force today/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add an exchange rate" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Correct/ })).toHaveCount(0);

  // The demo's orders: any order's page shows no "Confirm payment" nor "Cancel order" to the warehouse.
  await page.goto("/admin/orders");
  const first = page.locator('a[href^="/admin/orders/"]:not([href$="/serials"])').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page.getByRole("heading", { name: "Actions" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm payment" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
});

test("content: the dashboard lists the role's screens, with no sales figures or counts", async ({ page }) => {
  await loginStaff(page, "content");
  await expect(page.getByTestId("stat-sales")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "At a glance" })).toHaveCount(0);
  const screens = page.getByTestId("your-screens");
  await expect(screens.getByRole("link", { name: "Blogs" })).toBeVisible();
  await expect(screens.getByRole("link", { name: "Orders" })).toHaveCount(0);
});

test("the Manager (demo admin) sees every screen but cannot change the rates", async ({ page }) => {
  await login(page, DEMO.admin, "/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await hydrated(page);
  // Every screen but Roles (staff.manage is the Owner's).
  expect(await menuEntries(page)).toEqual(MENU.filter((s) => s !== "Roles"));
  await page.goto("/admin/rates");
  await expect(page.getByText(/Rate in force today/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add an exchange rate" })).toHaveCount(0);
  const answer = await page.goto("/admin/rates?correct=1");
  expect(answer?.status()).toBe(403);
  await expect(page.getByTestId("staff-forbidden")).toContainText("does not allow this: change the exchange rate and vat rates.");
});
