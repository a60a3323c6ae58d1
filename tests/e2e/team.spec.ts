import { header, linkToken, outboxMails } from "../support/outbox.ts";
import { DEMO, expect, login, test, testCompany } from "./fixtures.ts";
import { axeFindings } from "./support/axe.ts";
import { placeOrder } from "./support/orders.ts";

// Decision 023: the owner's team screen invites a member, who joins by accepting (a new address by
// choosing its password through the mailed link, an existing account on the link's page); the owner removes them and
// they keep their own sign-in without the company's pages; a technician reads the company's orders without prices.

const dataDir = () => process.env.E2E_DATA_DIR as string;

test("the owner invites a technician, who joins by choosing a password through the link; removed, they stay signed in without the team", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const email = `nyasha.fitter.${stamp}@example.com`;

  await login(page, DEMO.dealer);
  await page.getByRole("navigation", { name: "Dealer" }).getByRole("link", { name: "Team" }).click();
  await expect(page).toHaveURL(/\/dealer\/team$/);
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  const people = page.getByRole("region", { name: /People/ });
  await expect(people.getByRole("listitem")).toHaveCount(3);
  await expect(people.getByRole("listitem").first()).toContainText("Owner");
  await expect(people.getByRole("listitem", { name: testCompany().buyer.fullName })).toContainText("Buyer");
  await expect(people.getByRole("listitem", { name: testCompany().technician.fullName })).toContainText("Technician");

  // A refused invitation keeps what was typed and says why under the field.
  const invite = page.getByRole("region", { name: "Invite someone" });
  await invite.getByLabel("Full name").fill("Nyasha Fitter");
  await invite.getByLabel("E-mail address").fill("not-an-address");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText("Enter a valid e-mail address.")).toBeVisible();
  await expect(invite.getByLabel("Full name")).toHaveValue("Nyasha Fitter");

  await invite.getByLabel("E-mail address").fill(email);
  await invite.getByRole("radio", { name: /Technician/ }).check();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("status")).toContainText(`Invitation sent to ${email}`);
  const member = people.getByRole("listitem", { name: "Nyasha Fitter" });
  await expect(member).toContainText("Technician");
  await expect(member).toContainText("Invitation sent");

  // The member opens the mailed link in their own browser and chooses a password: signed in, in the dealer area.
  let mail: string | undefined;
  await expect
    .poll(async () => {
      mail = (await outboxMails(dataDir())).findLast((m) => header(m, "To").includes(email));
      return Boolean(mail);
    })
    .toBe(true);
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await them.goto(`/reset-password?token=${linkToken(mail as string, "/reset-password")}`);
  await them.getByLabel("New password", { exact: true }).fill("Chimanimani-Ridge-Walk");
  await them.getByLabel("Confirm new password", { exact: true }).fill("Chimanimani-Ridge-Walk");
  await them
    .getByRole("button", { name: /Set|Save|Reset/ })
    .first()
    .click();
  await expect(them).toHaveURL(/\/dealer$/);
  await them.getByRole("navigation", { name: "Dealer" }).getByRole("link", { name: "Orders" }).click();
  await expect(them.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(them.getByRole("navigation", { name: "Dealer" }).getByRole("link", { name: "Price list" })).toHaveCount(0);

  // The owner removes them: their next page is a plain account's, still signed in.
  await page.reload();
  await expect(people.getByRole("listitem", { name: "Nyasha Fitter" })).not.toContainText("Invitation sent");
  page.once("dialog", (dialog) => dialog.accept());
  await people
    .getByRole("listitem", { name: "Nyasha Fitter" })
    .getByRole("button", { name: /Remove/ })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Removed from the team" })).toBeVisible();
  await expect(people.getByRole("listitem", { name: "Nyasha Fitter" })).toHaveCount(0);
  await them.goto("/dealer/team");
  await expect(them).toHaveURL(/\/dealer$/);
  const sidebar = them.getByRole("navigation", { name: "Dealer" });
  await expect(sidebar.getByRole("link", { name: "Become a Dealer" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Team" })).toHaveCount(0);
  await theirs.close();
});

test("an existing account accepts an invitation on the link's page, signed in as itself", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  // The invited person: a plain account of the test's own, signed in in a browser of its own.
  const theirs = await browser.newContext({ baseURL });
  const them = await theirs.newPage();
  const person = await login(them, DEMO.user, "/");

  await login(page, DEMO.dealer, "/dealer/team");
  const invite = page.getByRole("region", { name: "Invite someone" });
  await invite.getByLabel("Full name").fill("Invited Buyer");
  await invite.getByLabel("E-mail address").fill(person.email);
  await invite.getByRole("radio", { name: /Buyer/ }).check();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("status")).toContainText(`Invitation sent to ${person.email}. They join your team once they accept it`);
  const people = page.getByRole("region", { name: /People/ });
  await expect(people.getByRole("listitem", { name: "Invited Buyer" })).toContainText("Invitation sent");
  // The open invitation's row, with its Withdraw button.
  expect(await axeFindings(page)).toEqual([]);

  let mail: string | undefined;
  await expect
    .poll(async () => {
      mail = (await outboxMails(dataDir())).findLast((m) => header(m, "To").includes(person.email));
      return Boolean(mail);
    })
    .toBe(true);
  expect(header(mail as string, "Subject")).toContain(`invited you to join ${testCompany().tradingName}'s team`);
  await them.goto(`/dealer/team/join?token=${linkToken(mail as string, "/dealer/team/join")}`);
  await expect(them.getByRole("heading", { level: 1, name: "Join a team" })).toBeVisible();
  await expect(them.getByRole("region", { name: "What joining means" })).toContainText("Sees your prices, places orders");
  expect(await axeFindings(them)).toEqual([]);
  await them.getByRole("button", { name: `Accept and join ${testCompany().tradingName}` }).click();
  await expect(them.getByRole("status")).toContainText(`Welcome to ${testCompany().tradingName}'s team`);
  expect(await axeFindings(them)).toEqual([]);
  await them.getByRole("link", { name: "Go to your dealer area" }).click();
  await expect(them.getByRole("navigation", { name: "Dealer" }).getByRole("link", { name: "Price list" })).toBeVisible();

  // The owner's list now has the person, under their own name, instead of the invitation.
  await page.reload();
  await expect(people.getByRole("listitem", { name: person.fullName })).toContainText("Buyer");
  await expect(people.getByRole("listitem", { name: "Invited Buyer" })).toHaveCount(0);
  await theirs.close();
});

test("a technician reads the company's orders with who placed them and no prices", async ({ page, browser, baseURL }) => {
  // The company's buyer places an order.
  const buying = await browser.newContext({ baseURL });
  const buyer = await buying.newPage();
  await login(buyer, DEMO.buyer);
  await placeOrder(buyer, baseURL as string);
  await buying.close();

  await login(page, DEMO.technician);
  await expect(page).toHaveURL(/\/dealer$/);
  await page.goto("/dealer/orders");
  const first = page.getByRole("article").first();
  await expect(first).toBeVisible();
  await expect(first.getByRole("columnheader", { name: "Qty" })).toBeVisible();
  await expect(first.getByRole("columnheader", { name: "Unit price" })).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText(/USD\s?\d/);
  await expect(page.locator("[data-placed-by]", { hasText: `by ${testCompany().buyer.fullName}` }).first()).toBeVisible();
});
