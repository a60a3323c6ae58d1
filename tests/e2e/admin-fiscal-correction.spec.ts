import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, expect, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { totpCode, totpStep } from "#server/modules/accounts/totp.ts";
import { openStorage } from "#server/platform/storage/storage.ts";
import { DEMO_ACCOUNTS } from "#server/seed/accounts.ts";
import { seedIfEmpty } from "#server/seed/seed.ts";
import { type Account, buildAccount } from "../support/builders.ts";
import { type FdmsStandInEnv, startFdmsStandInEnv } from "../support/fdms-env.ts";
import type { FdmsStandIn } from "../support/fdms-stand-in.ts";
import { TEST_MEDIA_CACHE } from "../support/media-cache.ts";
import { orderRequest } from "../support/orders.ts";
import { type ServerProcess, startServer } from "../support/server-process.ts";
import { axeFindings } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";

/**
 * An admin corrects a document FDMS could not take, with FDMS on. The browser suite's own server runs with FDMS off, so
 * this file starts a second one of its own, against the FDMS stand-in (tests/support/fdms-stand-in.ts), on a fresh demo
 * database in which one product has lost its HS code: its invoice cannot be fiscalised (RCPT047), waits in "Needs
 * correction" without holding up anything, and is fiscalised once the admin gives the product its code and sends
 * the invoice again (decision 016).
 */

let stand: FdmsStandInEnv;
let fdms: FdmsStandIn;
let server: ServerProcess;
let dataDir: string;
let admin: Account;
let productId: number;
let productName: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stand = await startFdmsStandInEnv({ FDMS_TIMEOUT_MS: "10000" });
  fdms = stand.fdms;
  dataDir = await mkdtemp(path.join(tmpdir(), "solar-e2e-fdms-"));
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
  try {
    await database.migrate();
    await seedIfEmpty(database.db, await openStorage(loadConfig({ DATA_DIR: dataDir })), { mediaCache: TEST_MEDIA_CACHE });
    admin = await buildAccount(database.db, { role: "admin", username: "fiscal-correction-admin" });
    // A product that lost its HS code (one listed before the seller registered for VAT, say).
    const [product] = await database.db
      .select({ id: products.productId, name: products.productName })
      .from(products)
      .orderBy(products.productId)
      .limit(1);
    productId = product?.id as number;
    productName = product?.name as string;
    await database.db.update(products).set({ hsCode: null }).where(eq(products.productId, productId));
  } finally {
    await database.close();
  }
  server = await startServer(
    {
      DATA_DIR: dataDir,
      SIGNUPS_PER_HOUR: "200",
      ...stand.env,
    },
    90_000,
  );
});

test.afterAll(async () => {
  await server?.stop();
  await stand?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Signs the context in through the API (decision 022), with a code of the admin's own key when asked for one. */
async function signIn(context: BrowserContext, who: { username: string; password: string; totpSecret?: string | null }) {
  const origin = { origin: server.url };
  const res = await context.request.post("/api/auth/login", { data: { user: who.username, password: who.password }, headers: origin });
  expect(res.status(), await res.text()).toBe(200);
  const answer = await res.json();
  if (!answer.totpRequired) return;
  const done = await context.request.post("/api/auth/login/second-factor", {
    headers: origin,
    data: { challenge: answer.challenge, code: totpCode(who.totpSecret as string, totpStep()) },
  });
  expect(done.status(), await done.text()).toBe(200);
}

test("an admin gives a product its HS code and sends the refused invoice again: it is fiscalised", async ({ browser }) => {
  test.setTimeout(90_000);
  // The demo dealer orders the product; the admin confirms the bank transfer, which issues the invoice.
  const dealerContext = await browser.newContext({ baseURL: server.url });
  const dealer = DEMO_ACCOUNTS.find((a) => a.role === "dealer") as { username: string; password: string };
  await signIn(dealerContext, dealer);
  const placed = await dealerContext.request.post("/api/orders", {
    data: orderRequest([{ product_id: productId, quantity: 1 }], { fulfilment: "collection" }),
    headers: { origin: server.url },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: number };
  await dealerContext.close();

  const context = await browser.newContext({ baseURL: server.url });
  await signIn(context, admin);
  const page = await context.newPage();
  await page.goto(`/admin/orders/${order.id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByText("Payment confirmed.")).toBeVisible();

  // The invoice cannot be a receipt: it waits for correction, named with the product that has no HS code.
  await page.goto("/admin/fiscal");
  const corrections = page.getByRole("region", { name: /Needs correction/ });
  await expect
    .poll(
      async () => {
        await page.reload();
        return corrections.count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  const item = corrections
    .getByRole("listitem")
    .filter({ hasText: /INV-\d{4}-\d{6}/ })
    .first();
  await expect(item).toContainText(`the product "${productName}" has no HS code`);
  await expect(item).toContainText("not accepted by FDMS");
  const number = ((await item.textContent()) ?? "").match(/INV-\d{4}-\d{6}/)?.[0] as string;
  expect(await axeFindings(page)).toEqual([]);

  // The product gets its HS code in the product form.
  await page.goto(`/admin/products?product=${productId}`);
  const form = page.getByRole("form", { name: /^Edit / });
  await hydrated(page);
  await form.getByLabel(/^HS code/).fill("8541.43.00");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated.")).toBeVisible();

  // Sent again, it is fiscalised: gone from the list, and fiscalised among the invoices.
  await page.goto("/admin/fiscal");
  await hydrated(page);
  await page.getByRole("button", { name: `Send again ${number} to FDMS` }).click();
  await expect
    .poll(
      async () => {
        await page.reload();
        return corrections.count();
      },
      { timeout: 30_000 },
    )
    .toBe(0);
  // Out of the list it is queued for the device: the job sends it moments later (later on a loaded machine).
  const row = page.getByRole("table", { name: "Tax documents" }).getByRole("row").filter({ hasText: number });
  await expect
    .poll(
      async () => {
        await page.goto(`/admin/invoices?q=${number}`);
        return row.locator("[data-fiscal-status]").textContent();
      },
      { timeout: 30_000 },
    )
    .toContain("Fiscalised");
  expect(fdms.receipts.map((r) => r.receipt.invoiceNo)).toContain(number);
  await context.close();
});
