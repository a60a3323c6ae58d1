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
  super: { user: "super", password: "demo-super-2026" },
  admin: { user: "admin", password: "demo-admin-2026" },
  dealer: { user: "dealer", password: "demo-dealer-2026" },
  user: { user: "user", password: "demo-user-2026" },
} as const;

export async function login(page: Page, who: { user: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email or Username").fill(who.user);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: /log ?in|sign ?in/i }).click();
}
