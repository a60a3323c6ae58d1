import { readFile } from "node:fs/promises";
import type { OrderView } from "#shared/schemas/orders.ts";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { axeFindings } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { placeOrder } from "./support/orders.ts";

/**
 * An admin sends a processing order out, scanning its serial numbers: one is refused as it is typed (the
 * demo's dispatched order went out with it), Enter moves to the next field as a barcode scanner's Enter does, a serial
 * typed twice is flagged; then the dealer sees the serials and the waybill on the order and downloads them as CSV.
 */
test("an admin dispatches an order typing its serial numbers; the dealer sees them and downloads the CSV", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Three sessions and a dispatch form typed key by key: a minute, as the suite's other journeys, for a loaded machine.
  test.setTimeout(60_000);
  const origin = { origin: baseURL as string };
  // A serialised product and a serial number the demo's dispatched order already went out with (read only).
  const demo = await browser.newContext({ baseURL });
  const demoPage = await demo.newPage();
  await login(demoPage, DEMO.dealer, "/login", { demoCompany: true });
  const mine = (await (await demoPage.request.get("/api/orders/mine")).json()) as OrderView[];
  await demo.close();
  // The order is placed by a company of the test's own.
  await login(page, DEMO.dealer);
  const sentLines = mine
    .filter((o) => o.status === "dispatched")
    .flatMap((o) => o.products)
    .filter((l) => l.serialised && l.serials.length > 0 && l.product_id !== null);
  // One of them with two units free at a branch: the order reserves them there rather than backordering.
  const stock = (await (
    await page.request.get(`/api/products/availability?ids=${sentLines.map((l) => l.product_id).join(",")}`)
  ).json()) as { product_id: number; branches: { branch_id: number; available?: number }[] }[];
  const demoLine = sentLines.find((l) =>
    stock.some((a) => a.product_id === l.product_id && a.branches.some((b) => (b.available ?? 0) >= 2)),
  );
  if (!demoLine || demoLine.product_id === null)
    throw new Error("the demo dealer has no order sent with serial numbers of a product in stock");
  const branch = stock.find((a) => a.product_id === demoLine.product_id)?.branches.find((b) => (b.available ?? 0) >= 2);
  const used = demoLine.serials[0] as string;
  const order = await placeOrder(page, baseURL as string, [{ product_id: demoLine.product_id, quantity: 2 }], {
    branchId: branch?.branch_id,
    deliveryCity: "Harare",
  });
  expect(order.products[0]?.backordered).toBe(0);

  // The office confirms the payment and starts on it.
  const office = await browser.newContext({ baseURL });
  const admin = await office.newPage();
  await login(admin, DEMO.admin);
  expect((await admin.request.put(`/api/orders/${order.id}/confirm-payment`, { headers: origin, data: {} })).status()).toBe(200);
  expect((await admin.request.put(`/api/orders/${order.id}/status`, { headers: origin, data: { status: "processing" } })).status()).toBe(
    200,
  );

  await admin.goto(`/admin/orders/${order.id}`);
  await hydrated(admin, "key");
  const form = admin.locator("[data-dispatch-form]");
  await expect(form.getByRole("heading", { name: "Dispatch" })).toBeVisible();
  // The plain status buttons are gone: the goods go out through the form.
  await expect(admin.getByRole("button", { name: "Mark ready for collection" })).toHaveCount(0);
  const first = form.getByLabel(`Serial 1 of 2 for ${demoLine.product_name}`);
  const second = form.getByLabel(`Serial 2 of 2 for ${demoLine.product_name}`);
  const fresh = [`E2E-${Date.now().toString(36).toUpperCase()}-1`, `E2E-${Date.now().toString(36).toUpperCase()}-2`];

  // The demo's serial, typed in lower case as a scanner may send it, is refused as typed.
  await first.fill(used.toLowerCase());
  await expect(
    form.getByText(new RegExp(`^Already sent with ${mine.find((o) => o.products.some((l) => l.serials.includes(used)))?.reference} to `)),
  ).toBeVisible();
  await expect(first).toHaveAttribute("aria-invalid", "true");
  await expect(admin.getByRole("status").filter({ hasText: /Serial 1 of 2 for .*: Already sent with/ })).toHaveCount(1);
  // Enter moves to the next field; the same serial twice is flagged at once.
  await first.press("Enter");
  await expect(second).toBeFocused();
  await second.pressSequentially(used.toUpperCase());
  // Under the field (the live region says it too, with the field's name first).
  await expect(form.getByText(`Entered twice: also Serial 1 of 2 for ${demoLine.product_name}.`, { exact: true })).toBeVisible();
  expect(await axeFindings(admin, "dispatch form with refused serials")).toEqual([]);
  await admin.screenshot({ path: testInfo.outputPath("dispatch-refused.png"), fullPage: true });

  // A list pasted into the first field fills it and the next (a column copied from the supplier's packing list).
  await first.fill("");
  await second.fill("");
  await first.focus();
  await admin.evaluate((text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    document.activeElement?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, fresh.join("\r\n"));
  await expect(first).toHaveValue(fresh[0] as string);
  await expect(second).toHaveValue(fresh[1] as string);
  await expect(form.getByText("Not sent before.")).toHaveCount(2);
  // Without the waybill the form says so under its field.
  await form.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(form.getByText("Enter the waybill number.")).toBeVisible();
  await expect(form.getByLabel("Waybill number")).toBeFocused();
  await form.getByLabel("Waybill number").fill("Swift SWT-E2E-77");
  await form.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "The order is dispatched with its serial numbers." })).toBeVisible();
  await expect(admin.locator("[data-dispatch-form]")).toHaveCount(0);
  const sentCard = admin.locator(`#order-${order.id}`);
  await expect(sentCard.locator("[data-status]")).toHaveAttribute("data-status", "dispatched");
  await expect(sentCard.locator("[data-serial]")).toHaveText(fresh);
  await expect(sentCard.locator("[data-dispatch-reference]")).toContainText("Swift SWT-E2E-77");

  // Where a serial went, from the back office's lookup.
  await admin.goto(`/admin/orders/serials?serial=${encodeURIComponent((fresh[1] as string).toLowerCase())}`);
  await expect(admin.locator(`[data-serial-found="${fresh[1]}"]`)).toContainText(order.reference);
  await office.close();

  // The dealer sees the serials and the waybill, and downloads them.
  await page.goto(`/dealer/orders#order-${order.id}`);
  const card = page.locator(`#order-${order.id}`);
  await expect(card.getByRole("list", { name: `Serial numbers of ${demoLine.product_name}` }).getByRole("listitem")).toHaveText(fresh);
  await expect(card).toContainText("Waybill");
  await expect(card).toContainText("Swift SWT-E2E-77");
  const link = card.getByRole("link", { name: "Download serial numbers (CSV)" });
  await expect(link).toHaveAttribute("href", `/api/orders/${order.id}/serials.csv`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^serials-${order.reference}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = (await readFile((await download.path()) as string, "utf8")).replace(/^\uFEFF/, "");
  const [header, ...rows] = csv.split(/\r?\n/).filter(Boolean);
  expect(header).toBe("Order,Product,Serial number,Waybill or collection reference");
  expect(rows.map((r) => r.split(",")[2])).toEqual(fresh);
});
