import { test as base, expect, type Page } from "@playwright/test";

/** Playwright's test with baseURL taken from the server the global setup started. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect };

export const DEMO = {
  super: { user: "super", password: "demo-super-2026", fullName: "Tendai Super" },
  admin: { user: "admin", password: "demo-admin-2026", fullName: "Rudo Admin" },
  dealer: { user: "dealer", password: "demo-dealer-2026", fullName: "Farai Dealer" },
  user: { user: "user", password: "demo-user-2026", fullName: "Chipo User" },
} as const;

export async function login(page: Page, who: { user?: string; username?: string; password: string }, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email or Username").fill(who.user ?? who.username ?? "");
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
}
