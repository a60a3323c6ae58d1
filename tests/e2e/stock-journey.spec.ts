import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { OrderView } from "#shared/schemas/orders.ts";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";

/**
 * Stock's journey across the three people it serves: the office receives a shipment into Bulawayo; a dealer sees
 * the stock there on the product page and orders for collection at Bulawayo; the office hands it over with the
 * battery's serial numbers; the dealer sees them on the order and downloads them.
 */
test("a shipment into Bulawayo, a dealer's collection order there, its dispatch with serials, and the dealer's serials", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const origin = { origin: baseURL as string };
  // A battery of its own (serialised): the other stock tests receive and check the demo's out-of-stock one.
  const PRODUCT = "SunVolt LiFePO4 10.24kWh Rack";
  const reference = `PO-JOURNEY-${randomUUID().slice(0, 6).toUpperCase()}`;

  // The office: a new shipment of 10 into Bulawayo, received in full.
  const office = await browser.newContext({ baseURL });
  const admin = await office.newPage();
  await login(admin, DEMO.admin);
  await admin.goto("/admin/stock/shipments?shipment=new");
  await hydrated(admin);
  const form = admin.getByRole("form", { name: "New shipment" });
  await form.getByLabel("Supplier reference").fill(reference);
  await form.getByLabel("Branch").selectOption({ label: "Bulawayo" });
  await form.getByLabel("Find a product (name or SKU)").fill("SV-LFP10K24-R");
  await form.getByRole("button", { name: "Find" }).click();
  await form
    .getByRole("list", { name: "Products found" })
    .getByRole("button", { name: `Add ${PRODUCT}` })
    .click();
  await form.getByLabel(`Quantity of ${PRODUCT}`).fill("10");
  await form.getByRole("button", { name: "Save shipment" }).click();
  await expect(admin.getByRole("heading", { name: `Shipment ${reference}` })).toBeVisible();
  await hydrated(admin);
  const receive = admin.getByRole("form", { name: `Receive shipment ${reference}` });
  await expect(receive.getByLabel(`Received now of ${PRODUCT}`)).toHaveValue("10");
  await receive.getByRole("button", { name: "Receive" }).click();
  await expect(admin.getByText("10 units received into Bulawayo: the shipment is complete.")).toBeVisible();
  await expect(admin.getByRole("heading", { name: `Shipment ${reference}` }).locator("..")).toContainText("Received");

  // The dealer: the product page says Bulawayo has it, with the quantity a dealer may see.
  await login(page, DEMO.dealer);
  const listed = (await (await page.request.get("/api/products/get-all-products?page=1&pageSize=100")).json()) as {
    rows: { product_id: number; product_name: string }[];
  };
  const productId = listed.rows.find((p) => p.product_name === PRODUCT)?.product_id as number;
  await page.goto(`/product/${productId}`);
  await expect(page.locator("[data-branch-availability]")).toContainText(/Bulawayo: \d+ in stock/);

  // Into the cart, then checkout: collection at Bulawayo, which has the whole order.
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  await page.goto("/checkout");
  await hydrated(page);
  await page.getByLabel("I will collect from a branch").check();
  const branches = page.locator("[data-collection-branches]");
  await expect(branches.locator('[data-branch="Bulawayo"]')).toContainText("Has everything");
  await branches.getByRole("radio", { name: /Bulawayo/ }).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/dealer\/orders\?placed=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get("placed"));
  const placed = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as OrderView;
  expect(placed).toMatchObject({ fulfilment: "collection", branch: { name: "Bulawayo" } });
  expect(placed.products.map((l) => [l.product_id, l.backordered])).toEqual([[productId, 0]]);

  // The office: paid, processing, then ready for collection with the battery's serial number.
  expect((await admin.request.put(`/api/orders/${orderId}/confirm-payment`, { headers: origin, data: {} })).status()).toBe(200);
  expect((await admin.request.put(`/api/orders/${orderId}/status`, { headers: origin, data: { status: "processing" } })).status()).toBe(
    200,
  );
  await admin.goto(`/admin/orders/${orderId}`);
  await hydrated(admin, "key");
  const dispatch = admin.locator("[data-dispatch-form]");
  const serial = `KP-JOURNEY-${Date.now().toString(36).toUpperCase()}`;
  await dispatch.getByLabel(`Serial 1 of 1 for ${PRODUCT}`).fill(serial);
  await expect(dispatch.getByText("Not sent before.")).toBeVisible();
  await dispatch.getByLabel("Collection reference").fill("BYO-COLLECT-0042");
  await dispatch.getByRole("button", { name: "Mark ready for collection" }).click();
  await expect(admin.locator(`#order-${orderId} [data-serial]`)).toHaveText([serial]);

  // The dealer: the serial on the order, and the CSV.
  await page.goto(`/dealer/orders#order-${orderId}`);
  const card = page.locator(`#order-${orderId}`);
  await expect(card.locator("[data-serial]")).toHaveText([serial]);
  await expect(card).toContainText("BYO-COLLECT-0042");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("link", { name: "Download serial numbers (CSV)" }).click(),
  ]);
  const saved = testInfo.outputPath("serials.csv");
  await download.saveAs(saved);
  const csv = await readFile(saved, "utf8");
  expect(csv).toContain(serial);
  expect(csv).toContain(PRODUCT);
  await office.close();
});
