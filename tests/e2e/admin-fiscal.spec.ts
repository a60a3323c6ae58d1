import { DEMO, expect, login, test } from "./fixtures.ts";

// The back office's fiscalisation screen. The browser tests' server runs without FDMS_*, so the screen
// must say plainly that FDMS is off and how to switch it on, and offer no action that could not work.
test("the fiscalisation screen, reached from the admin menu, says FDMS is off and how to switch it on", async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto("/admin");
  await page.getByRole("navigation").getByRole("link", { name: "Fiscalisation" }).first().click();
  await expect(page).toHaveURL(/\/admin\/fiscal$/);
  await expect(page.getByRole("heading", { level: 1, name: "Fiscalisation" })).toBeVisible();
  const off = page.getByRole("region", { name: "FDMS is off" });
  await expect(off).toBeVisible();
  await expect(off).toContainText("FDMS_DEVICE_ID");
  await expect(off).toContainText("FDMS_ACTIVATION_KEY");
  await expect(page.getByRole("button", { name: "Close fiscal day" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /Waiting for FDMS \(0\)/ })).toBeVisible();
});
