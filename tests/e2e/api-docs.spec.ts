import { expect, test } from "./fixtures.ts";

// L4: the API reference page works under its own CSP: the browser refuses nothing it needs.
test("the API reference renders at /api/docs with no CSP violation", async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { name: /Solar website API/ })).toBeVisible();
  await expect(page.getByText("/api/auth/login").first()).toBeVisible();
  expect(refused).toEqual([]);
});
