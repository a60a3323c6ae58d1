import type { FileChooser, Page } from "@playwright/test";
import { DEMO, expect, nextDemoCode, test } from "./fixtures.ts";
import { type Account, confirmEmail, image, newAccount } from "./support/dealer-application.ts";
import { hydrated, tasksDone } from "./support/hydration.ts";
import { expectVisibleFocus, tabTo, typeHere } from "./support/keyboard.ts";

/**
 * The main journeys with the keyboard only — Tab, Shift+Tab, Enter, Space, arrows and typing; no clicks,
 * no fill(). Locators only say what should have the focus, and tabTo checks that every element the focus passes
 * is on screen and shows its focus.
 */

/** Tabs to the target and presses a key on it (Enter unless told). */
async function activate(page: Page, target: ReturnType<Page["locator"]>, key = "Enter", back = false) {
  await tabTo(page, target, { back });
  await expectVisibleFocus(page);
  await page.keyboard.press(key);
}

/** Signs in on /login with the keyboard: skip link, the two fields, Enter. */
async function keyboardLogin(page: Page, who: { user?: string; username?: string; password: string }) {
  await page.goto("/login");
  await hydrated(page, "key");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByLabel("Email or Username"));
  await page.keyboard.type(who.user ?? who.username ?? "");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await page.keyboard.type(who.password);
  await page.keyboard.press("Enter");
  if (who.user !== DEMO.admin.user && who.user !== DEMO.super.user) return;
  // The back office's second step (decision 010), by keyboard too.
  const code = page.getByLabel("Code", { exact: true });
  await expect(code).toBeVisible();
  await tabTo(page, code);
  await page.keyboard.type(await nextDemoCode(who.user));
  await page.keyboard.press("Enter");
}

test("browse and quote by keyboard: skip link, a category, a product, Add to Cart, the cart, a quote request", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto("/");
  await hydrated(page, "key");

  // The skip link is the first stop, shows itself, and takes the focus to the main content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page.locator("#main")).toBeFocused();

  // A category tile, then a product of that category.
  const main = page.getByRole("main");
  await activate(page, main.locator('a[href="/category/solar-panels"]').first());
  await expect(page).toHaveURL(/\/category\/solar-panels$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A new page (decision 013: visitors' pages load whole): the keyboard starts at its top, the skip link first.
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main")).toBeFocused();
  const firstProduct = main.locator('a[href^="/product/"]').first();
  const productPath = (await firstProduct.getAttribute("href")) as string;
  const categoryHeading = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
  await activate(page, firstProduct);
  await expect(page).toHaveURL(new RegExp(`${productPath}$`));
  // The address changes before the product page is drawn: its heading, not the category's.
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(categoryHeading);
  const productName = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() as string;

  // Add to Cart, with Space.
  await activate(page, main.getByRole("button", { name: "Add to Cart" }), " ");
  await expect(page.getByText("Product added to cart!")).toBeVisible();
  const cartLink = page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" });
  await expect(cartLink).toBeVisible();

  // Back up to the header's cart link, into the cart.
  await activate(page, cartLink, "Enter", true);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(main.getByRole("link", { name: productName })).toBeVisible();

  // From the cart to the product and its quote request: the dialog, its form, its errors and its confirmation.
  await activate(page, main.getByRole("link", { name: productName }));
  await expect(page).toHaveURL(new RegExp(`${productPath}$`));
  const open = main.getByRole("button", { name: "Request a Quote" });
  await activate(page, open, " ");
  const dialog = page.getByRole("dialog", { name: "Request a Quote" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeVisible();
  // The focus is inside the dialog; Submit with nothing typed puts the errors under the fields.
  await activate(page, dialog.getByRole("button", { name: "Submit" }));
  await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await page.keyboard.type("Nyasha Keyboard");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Address")).toBeFocused();
  await page.keyboard.type("12 Samora Machel Avenue, Harare");
  await page.keyboard.press("Tab");
  await page.keyboard.type("nyasha.keyboard@example.com");
  await page.keyboard.press("Tab");
  await page.keyboard.type("+263 77 123 4567");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Quantity")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(dialog.getByLabel("Quantity")).toHaveValue("2");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Asked for by keyboard.");
  await activate(page, dialog.getByRole("button", { name: "Submit" }));
  await expect(page.getByText("Your quote request has been submitted successfully!")).toBeVisible();
  await expect(dialog).toBeHidden();
  // The focus goes back to the button that opened the dialog.
  await expect(open).toBeFocused();
});

test("a refused quote request puts the focus on its first wrong field once: a Tab moves on and stays", async ({ page }) => {
  await page.clock.install();
  await page.goto("/product/1");
  await hydrated(page, "key");
  await page.getByRole("main").getByRole("button", { name: "Request a Quote" }).focus();
  await page.keyboard.press(" ");
  const dialog = page.getByRole("dialog", { name: "Request a Quote" });
  await expect(dialog.getByLabel("Name")).toBeVisible();
  // The page's clock stands still from here: a focus that comes back on a timer shows when the clock runs.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await dialog.getByRole("button", { name: "Submit" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Address")).toBeFocused();
  await page.clock.runFor(1_000);
  await tasksDone(page);
  await expect(dialog.getByLabel("Address")).toBeFocused();
});

/** A fresh account through the API, its address confirmed through the link of its e-mail (the form is not the point). */
async function freshAccount(page: Page, baseURL: string): Promise<Account> {
  const account = newAccount("keys");
  const res = await page.request.post("/api/auth/register", { data: account, headers: { origin: baseURL } });
  expect(res.status()).toBe(201);
  await confirmEmail(page, account);
  return account;
}

test("apply as a dealer by keyboard: company details, documents chosen from the keyboard, installations", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const account = await freshAccount(page, baseURL as string);
  await keyboardLogin(page, account);
  await expect(page).toHaveURL(/:\d+\/$/);

  await page.goto("/dealer/register");
  await hydrated(page, "key");
  const company = page.getByRole("region", { name: /^Company Details/ });
  await tabTo(page, company.getByLabel("Registered Company Name"));
  await expectVisibleFocus(page);
  await page.keyboard.type("Chimanimani Keyboard Solar (Private) Limited");
  await page.keyboard.press("Tab");
  await expect(company.getByLabel("Trading Name")).toBeFocused();
  await page.keyboard.type("Keyboard Solar");
  await tabTo(page, company.getByLabel("Company Registration Number"));
  await page.keyboard.type("7788/2025");
  await activate(page, company.getByRole("button", { name: "Save Company Details" }));
  await expect(page.getByText("1 of 3 completed")).toBeVisible();
  await activate(page, company.getByRole("button", { name: "Continue to Required Documents" }));

  // Each file chooser opens from the keyboard (Space on the file control); the test answers the chooser.
  const docs = page.getByRole("region", { name: /^Required Documents/ });
  const files = [
    ["Tax Clearance", { name: "tax.png", mimeType: "image/png", buffer: await image("png", "#ffcc00") }],
    ["Certificate of Incorporation", { name: "certificate.jpg", mimeType: "image/jpeg", buffer: await image("jpeg", "#3366ff") }],
    [/National ID Copies of Directors/, { name: "director-1.png", mimeType: "image/png", buffer: await image("png", "#00aa55") }],
  ] as const;
  // One listener for the three choosers: with a waitForEvent of its own for each, the second was never reported.
  const choosers: FileChooser[] = [];
  page.on("filechooser", (chooser) => choosers.push(chooser));
  for (const [label, file] of files) {
    const control = docs.getByLabel(label, { exact: typeof label === "string" });
    await tabTo(page, control);
    await expectVisibleFocus(page);
    const before = choosers.length;
    await page.keyboard.press(label === "Tax Clearance" ? "Enter" : " ");
    await expect.poll(() => choosers.length).toBe(before + 1);
    await choosers[before]?.setFiles(file);
  }
  await activate(page, docs.getByRole("button", { name: "Upload Documents" }));
  for (const [, file] of files) {
    await expect(docs.getByRole("progressbar", { name: `Upload of ${file.name}` })).toHaveAttribute("value", "100");
  }
  await expect(page.getByText("2 of 3 completed")).toBeVisible();
  await activate(page, docs.getByRole("button", { name: "Continue to Dealer Installations" }));

  // Three installations (the fewest an application needs), each typed field by field.
  const installs = page.getByRole("region", { name: /^Dealer Installations/ });
  const add = installs.getByRole("button", { name: "Add Installation" });
  for (let i = 0; i < 3; i++) {
    const item = installs.getByRole("group", { name: `Installation ${i + 1}` });
    if (i > 0) {
      // Add Installation puts the focus in the new item's first field.
      await activate(page, add);
      await expect(item.getByLabel("System Description")).toBeFocused();
    } else {
      await tabTo(page, item.getByLabel("System Description"));
    }
    await expectVisibleFocus(page);
    await typeHere(page, `Hybrid system ${i + 1}`);
    await tabTo(page, item.getByLabel("Size of System"));
    await typeHere(page, `${5 + i}kW`);
    await tabTo(page, item.getByLabel("Customer Email"));
    await typeHere(page, `client${i}@example.com`);
    await tabTo(page, item.getByLabel("Customer Phone Number"));
    await typeHere(page, `+263 77 100 000${i}`);
  }
  await activate(page, installs.getByRole("button", { name: "Save Installations" }));
  await expect(page.getByText("3 of 3 completed")).toBeVisible();
  await expect(page.getByTestId("reg-status")).toHaveText("Pending");
});

test("approve a dealer by keyboard: admin login, the dealers screen, Kopje Energy's documents and application", async ({ page }) => {
  test.setTimeout(90_000);
  await keyboardLogin(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await hydrated(page, "key");

  // The sidebar's Dealers link, then the search for the pending application.
  await activate(page, page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dealers" }));
  await expect(page).toHaveURL(/\/admin\/dealers$/);
  await tabTo(page, page.getByRole("searchbox", { name: /^Search/ }));
  await expectVisibleFocus(page);
  // The seed's applicant (dealer-register.spec.ts applies under the same company name).
  await page.keyboard.type("tatenda.moyo");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=tatenda/);
  const review = page.getByRole("link", { name: /^Review Kopje Energy/ });
  await expect(review).toHaveCount(1);
  await activate(page, review);
  await expect(page.getByRole("heading", { level: 1, name: /Kopje Energy/ })).toBeVisible();
  await expect(page.getByTestId("admin-reg-status")).toHaveText("Pending");

  // Its four documents, approved one after the other: the focus stays in the list after each.
  const documents = page.getByRole("region", { name: "Documents" });
  const approveButtons = documents.getByRole("button", { name: /^Approve / });
  await expect(approveButtons).toHaveCount(4);
  for (let left = 4; left > 0; left--) {
    await activate(page, approveButtons.first());
    await expect(approveButtons).toHaveCount(left - 1);
    // The focus did not fall back to the page: it is on the document's remaining button.
    await expect(documents.getByRole("button", { name: /^Reject / }).nth(4 - left)).toBeFocused();
  }
  await expect(documents.getByText("Approved", { exact: true })).toHaveCount(4);

  // The application: "Approve (becomes a dealer)" is the first choice; the arrows go through the others and back.
  const status = page.getByRole("region", { name: "Registration status" });
  const select = status.getByLabel("New status");
  await tabTo(page, select);
  await expectVisibleFocus(page);
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("Rejected");
  await page.keyboard.press("ArrowUp");
  await expect(select).toHaveValue("Approved");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Documents checked by keyboard.");
  await activate(page, status.getByRole("button", { name: "Save status" }));
  await expect(status.getByText("The application is now Approved.", { exact: false })).toBeVisible();
  await expect(page.getByTestId("admin-reg-status")).toHaveText("Approved");
});
