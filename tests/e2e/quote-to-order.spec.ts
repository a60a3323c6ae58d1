import type { Page } from "@playwright/test";
import { expect, test, twoSessions } from "./fixtures.ts";
import { putInCart } from "./support/cart.ts";

/** A quote for the whole cart, edited by the admin (a line added, a delivery charge), accepted by the dealer into an order. */

async function products(page: Page, n: number) {
  const listed = await page.request.get(`/api/products/get-all-products?page=1&pageSize=${n}`);
  return ((await listed.json()) as { rows: { product_id: number; product_name: string }[] }).rows;
}

async function findCard(admin: Page, id: number) {
  await admin.goto("/admin/quotations");
  await admin.getByRole("searchbox", { name: "Search" }).fill(`#${id}`);
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(/q=%23\d+/);
  const card = admin
    .locator('[data-tour="quotation-card"]')
    .filter({ has: admin.getByRole("button", { name: `Quotation #${id}`, exact: true }) });
  await expect(card).toHaveCount(1);
  return card;
}

test("a cart quote edited by the admin (a line added, a delivery charge) and accepted by the dealer into an order", async ({
  browser,
  baseURL,
}) => {
  const { dealer, admin } = await twoSessions(browser, baseURL as string);
  const rows = await products(dealer, 6);
  const [a, b, c] = [rows[0], rows[1], rows[5]];
  if (!a || !b || !c) throw new Error("no demo products");

  // The dealer asks for a quote for the whole cart.
  await dealer.goto("/faqs");
  // Written as a change of this browser not yet sent: the next page sends it to the company's cart.
  await putInCart(dealer, [
    { productId: a.product_id, productName: a.product_name, quantity: 2 },
    { productId: b.product_id, productName: b.product_name, quantity: 3 },
  ]);
  await dealer.goto("/cart");
  await dealer.getByRole("button", { name: "Request a quote for my cart" }).click();
  const form = dealer.getByRole("dialog", { name: "Request a Quote" });
  await form.getByLabel("Name").fill("Farai Dealer");
  await form.getByLabel("Address").fill("45 Lytton Road, Workington, Harare");
  await form.getByLabel("Email").fill("dealer@solar-demo.example");
  await form.getByLabel("Phone").fill("+263 77 100 1000");
  await form.getByRole("button", { name: "Submit" }).click();
  // Answered with a toast, the dialog closed.
  await expect(dealer.getByText("Your quote request has been submitted successfully!")).toBeVisible();
  await expect(form).toBeHidden();
  const mine = (await (await dealer.request.get("/api/quotations/get-by-user")).json()) as {
    id: number;
    lines: { product_id: number; quantity: number }[];
  }[];
  const quote = mine.sort((x, y) => y.id - x.id)[0];
  if (!quote) throw new Error("no quotation");
  expect(quote.lines.map((l) => [l.product_id, l.quantity])).toEqual([
    [a.product_id, 2],
    [b.product_id, 3],
  ]);

  // The admin adds a product and a delivery charge, then approves.
  const card = await findCard(admin, quote.id);
  await card.getByRole("button", { name: /Edit lines/ }).click();
  const edit = admin.getByRole("dialog", { name: `Edit the lines of quotation #${quote.id}` });
  await edit.getByLabel("Find a product (name or SKU)").fill(c.product_name);
  await edit.getByRole("button", { name: "Find" }).click();
  await edit.getByRole("list", { name: "Products found" }).getByRole("button", { name: /Add/ }).first().click();
  await edit.getByRole("button", { name: "Add a charge or discount" }).click();
  await edit.getByLabel("Label of charge 1").fill("Delivery to Mutare");
  await edit.getByLabel("Amount of charge 1").fill("85");
  await edit.getByRole("button", { name: "Save lines" }).click();
  await expect(edit).toBeHidden();
  await card.getByRole("button", { name: `Quotation #${quote.id}`, exact: true }).click();
  await expect(card).toContainText(c.product_name);
  await expect(card).toContainText("Delivery to Mutare");
  await card.locator('[data-tour="quotation-approve"]').click();
  const approve = admin.getByRole("dialog", { name: `Approve quotation #${quote.id}` });
  await approve.getByRole("button", { name: "Approve and e-mail" }).click();
  await expect(approve).toBeHidden();

  // The dealer sees the lines, the charge and the total, and accepts.
  await dealer.goto("/dealer/quotations");
  const mineCard = dealer
    .getByRole("list", { name: "Your quotations" })
    .getByRole("article")
    .filter({ has: dealer.getByRole("heading", { name: `Quotation #${quote.id}`, exact: true }) });
  await expect(mineCard.locator('[data-status="approved"]')).toBeVisible();
  await expect(mineCard.getByRole("row", { name: /Delivery to Mutare/ })).toContainText("85.00");
  await expect(mineCard.getByRole("cell", { name: c.product_name })).toBeVisible();
  await expect(mineCard.getByTestId("quotation-total")).toBeVisible();
  await mineCard.getByRole("button", { name: /Accept and place order/ }).click();
  await expect(dealer).toHaveURL(/\/dealer\/orders\?placed=\d+$/);
  const orderId = Number(new URL(dealer.url()).searchParams.get("placed"));
  const order = await dealer.request.get(`/api/orders/${orderId}`);
  expect(order.ok()).toBe(true);
  const body = (await order.json()) as { products: { product_id: number }[] };
  expect(body.products.map((p) => p.product_id)).toEqual([a.product_id, b.product_id, c.product_id]);

  // The quotation now links to its order.
  await dealer.goto("/dealer/quotations");
  await expect(mineCard.getByRole("link", { name: /View the order/ })).toHaveAttribute("href", `/dealer/orders?placed=${orderId}`);
});
