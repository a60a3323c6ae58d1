import type { Page } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";

/**
 * What a visitor does before any script has come is not lost (decision 013): each interaction done by
 * the platform, with the enhancing module (src/web/enhance/) blocked, and what the module adds once it runs.
 */

const QUOTE_SUCCESS = "Your quote request has been submitted successfully!";

/** The enhancing module and the forms' rules never arrive. */
async function blockScripts(page: Page) {
  await page.route("**/assets/enhance-*.js", (route) => route.abort());
}

/** The POST requests the page makes from now on. */
function posts(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") seen.push(r.url());
  });
  return seen;
}

test.describe("forms before scripts", () => {
  // Each test loads the product page two or three times: room for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test("the quote dialog opens on 'Request a Quote' and a complete request is accepted with the spec's success text", async ({ page }) => {
    await blockScripts(page);
    await page.goto("/product/1");
    const open = page.getByRole("main").getByRole("button", { name: "Request a Quote" });
    const dialog = page.getByRole("dialog", { name: "Request a Quote" });
    await expect(dialog).toBeHidden();
    await open.click();
    await expect(dialog).toBeVisible();
    // Cancel closes it, and the button opens it again.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await open.click();
    await expect(dialog.getByLabel("Name")).toBeVisible();

    await dialog.getByLabel("Name").fill("Farai Before");
    await dialog.getByLabel("Address").fill("7 Josiah Tongogara Street, Bulawayo");
    await dialog.getByLabel("Email").fill("farai.before@example.com");
    await dialog.getByLabel("Phone").fill("+263 77 987 6543");
    await dialog.getByLabel("Quantity").fill("4");
    await dialog.getByLabel(/Notes/).fill("Sent before any script.");
    await dialog.getByRole("button", { name: "Submit" }).click();

    const confirmation = page.getByRole("status").filter({ hasText: QUOTE_SUCCESS });
    await expect(confirmation).toBeVisible();
    // The answer is where the visitor is: the focus is on it.
    await expect(page.locator("[data-form-message]").filter({ has: confirmation })).toBeFocused();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => (window as Window & { __enhanced?: boolean }).__enhanced)).toBeUndefined();
  });

  test("an incomplete quote request shows the field messages in the open dialog and keeps what was typed", async ({ page }) => {
    await blockScripts(page);
    await page.goto("/product/1");
    await page.getByRole("main").getByRole("button", { name: "Request a Quote" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a Quote" });
    await dialog.getByLabel("Name").fill("Rudo Halfway");
    await dialog.getByLabel("Email").fill("rudo-at-example");
    await dialog.getByLabel("Quantity").fill("2");
    await dialog.getByLabel(/Notes/).fill("Two please.");
    await dialog.getByRole("button", { name: "Submit" }).click();

    // The server's answer: the page again, the dialog open with the messages under their fields.
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Address is required.")).toBeVisible();
    await expect(dialog.getByText("Enter a valid email address.")).toBeVisible();
    await expect(dialog.getByText("Phone is required.")).toBeVisible();
    const address = dialog.getByLabel("Address");
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`[id="${await address.getAttribute("aria-describedby")}"]`)).toHaveText("Address is required.");
    // The focus on the first wrong field.
    await expect(address).toBeFocused();
    await expect(dialog.getByLabel("Name")).toHaveValue("Rudo Halfway");
    await expect(dialog.getByLabel("Email")).toHaveValue("rudo-at-example");
    await expect(dialog.getByLabel("Quantity")).toHaveValue("2");
    await expect(dialog.getByLabel(/Notes/)).toHaveValue("Two please.");

    // Completed, it is accepted.
    await address.fill("3 Fife Avenue, Harare");
    await dialog.getByLabel("Email").fill("rudo.halfway@example.com");
    await dialog.getByLabel("Phone").fill("0772 000 111");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status").filter({ hasText: QUOTE_SUCCESS })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test("with scripts, a wrong field's message appears without a round trip, and the rules load only once a form is used", async ({
    page,
  }) => {
    const rules: string[] = [];
    page.on("request", (r) => {
      if (/\/assets\/enhance-forms-/.test(r.url())) rules.push(r.url());
    });
    await page.goto("/product/1");
    await hydrated(page);
    // A visitor who never opens a form never downloads its rules (zod).
    expect(rules).toEqual([]);
    const sent = posts(page);
    await page.getByRole("main").getByRole("button", { name: "Request a Quote" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a Quote" });
    await dialog.getByLabel("Name").fill("Chipo Script");
    await dialog.getByLabel("Email").fill("chipo-at-example");
    await dialog.getByRole("button", { name: "Submit" }).click();

    const email = dialog.getByLabel("Email");
    await expect(dialog.getByText("Address is required.")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`[id="${await email.getAttribute("aria-describedby")}"]`)).toHaveText("Enter a valid email address.");
    await expect(dialog.getByLabel("Address")).toBeFocused();
    await expect(dialog.getByLabel("Name")).toHaveValue("Chipo Script");
    expect(rules).toHaveLength(1);
    // A wrong field put right is checked again when it is left.
    await email.fill("chipo@example.com");
    await email.press("Tab");
    await expect(email).not.toHaveAttribute("aria-invalid");
    await expect(dialog.getByText("Enter a valid email address.")).toBeHidden();
    expect(sent).toEqual([]);
  });

  test("with scripts, a sign-in field's message comes without a post and goes as soon as it is mended", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    const sent = posts(page);
    await page.getByRole("button", { name: "Login" }).click();
    const user = page.getByLabel("Email or Username");
    await expect(page.getByText("Enter your e-mail address or username.")).toBeVisible();
    await expect(user).toHaveAttribute("aria-invalid", "true");
    await expect(user).toBeFocused();
    expect(sent).toEqual([]);
    // Mended while typing, before the field is left: the button below does not move under the pointer.
    await user.fill(DEMO.user.user);
    await expect(user).not.toHaveAttribute("aria-invalid");
    await expect(user).toBeFocused();
    await page.getByLabel("Password", { exact: true }).fill(DEMO.user.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    expect(sent).toHaveLength(1);
  });
});
