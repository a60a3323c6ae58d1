import { DEMO, expect, login, test } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";

/**
 * The registered address in FDMS's four parts (decision 016): the back office completes a company's one-line address
 * (the demo's Zambezi Power) with the keyboard, each missing part refused under its field; the dealer edits theirs
 * on a phone.
 */
test("an admin completes a company's one-line address, part by part, with the keyboard", async ({ page }) => {
  await login(page, DEMO.admin, "/admin");
  const found = await page.request.get("/api/dealer/?search=Zambezi");
  const id = ((await found.json()) as { rows: { id: number }[] }).rows[0]?.id;
  await page.goto(`/admin/dealers/${id}`);
  const form = page.getByRole("form", { name: "Registered address" });
  await hydrated(page, "key");
  await expect(page.getByRole("note").filter({ hasText: "Incomplete" })).toBeVisible();
  await expect(page.getByText("3 Simon Mazorodze Road, Southerton, Harare")).toBeVisible();

  await form.getByRole("button", { name: "Save address" }).click();
  await expect(form.getByText("Choose the province.")).toBeVisible();
  await expect(form.getByText("Enter the city or town.")).toBeVisible();
  await expect(form.getByLabel("Province")).toBeFocused();
  await expect(form.getByLabel("Street")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Province").selectOption("Harare");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Harare");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Simon Mazorodze Road, Southerton");
  await page.keyboard.press("Tab");
  await page.keyboard.type("3");
  await page.keyboard.press("Enter");
  await expect(page.getByText("The registered address has been saved.")).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "Incomplete" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Change the address" })).toBeVisible();
});

test("a dealer changes the address on a phone: one column, nothing wider than the screen @phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, DEMO.dealer, "/dealer/profile");
  await page.getByRole("link", { name: "Change your address" }).click();
  const form = page.getByRole("form", { name: "Registered address" });
  await hydrated(page);
  await expect(form.getByLabel("Province")).toHaveValue("Harare");
  await expect(form.getByLabel("Street")).toHaveValue("Jason Moyo Avenue");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  const [province, city] = await Promise.all([form.getByLabel("Province").boundingBox(), form.getByLabel("City or town").boundingBox()]);
  expect((city?.y ?? 0) > (province?.y ?? 0)).toBe(true);
  await form.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("form", { name: "Registered address" })).toHaveCount(0);
});
