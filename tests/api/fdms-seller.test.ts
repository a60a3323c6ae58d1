// @module-tag db: runs on PostgreSQL too (decision 022)
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { fiscalDevices } from "#server/db/schema/fiscal.ts";
import { taxDocuments } from "#server/db/schema/money.ts";
import type { Actor } from "#server/platform/auth/actor.ts";
import { sellerDifferences } from "#shared/fdms-seller.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import type { TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { type FdmsStandInEnv, startFdmsStandInEnv } from "../support/fdms-env.ts";
import type { FdmsStandIn } from "../support/fdms-stand-in.ts";
import { placePaidOrder } from "../support/paid-orders.ts";
import { pdfText } from "../support/pdf-text.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The seller as FDMS knows it (decision 016, "The seller"): with FDMS on, a tax invoice names the taxpayer getConfig
 * gives for the device (the stand-in's "Solar Demo (Pvt) Ltd", TIN 2000123456, VAT 220123456), not the settings' name
 * ("Solar Demo"); the back office is told which fields disagree.
 */

let fdms: FdmsStandIn;
let t: TestApp;
let stand: FdmsStandInEnv;
let actors: Actors;
let productId: number;
/** The services check the actor; this test calls them directly. */
const admin: Actor = { id: 1, roleId: 1, role: "admin", sessionId: "test", emailVerified: true, companyUserId: 1, teamRole: null };

beforeAll(async () => {
  stand = await startFdmsStandInEnv();
  fdms = stand.fdms;
  t = await createTestApp({ env: stand.env });
  actors = await createActors(t);
  const [row] = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(1);
  productId = row?.id as number;
});

afterAll(async () => {
  await t?.close();
  await stand?.close();
});

/** A dealer's order, paid (an admin confirms it): its invoice's frozen content. */
async function paidInvoice(): Promise<{ order: OrderView; content: TaxDocumentContent }> {
  const order = await placePaidOrder(actors, [{ product_id: productId, quantity: 1 }]);
  const [doc] = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
  return { order, content: doc?.content as TaxDocumentContent };
}

describe("the invoice's seller with FDMS on", () => {
  it("is FDMS's taxpayer once the device has its configuration; the settings before; the differences are listed", async () => {
    const settings = await t.app.services.settings.get();
    expect(settings.companyName).toBe("Solar Demo");
    // Before the device has registered, FDMS has told us nothing: the settings name the seller.
    expect(await t.app.services.fiscal.sellerAsFdmsKnowsIt()).toBeNull();
    const first = await paidInvoice();
    expect(first.content.seller.name).toBe("Solar Demo");
    await t.app.jobs.drain();
    expect(fdms.registered()).toBe(true);

    const seller = await t.app.services.fiscal.sellerAsFdmsKnowsIt();
    expect(seller).toEqual({ name: "Solar Demo (Pvt) Ltd", tin: "2000123456", vat_number: "220123456", address: null });
    const second = await paidInvoice();
    expect(second.content.seller).toMatchObject({
      name: "Solar Demo (Pvt) Ltd",
      tin: "2000123456",
      vat_number: "220123456",
      // getConfig gave no branch address: the settings' one.
      address: settings.address,
      email: settings.salesEmail,
    });
    await t.app.jobs.drain();
    const pdf = await actors.inject("dealer", { method: "GET", url: `/api/orders/${second.order.id}/invoice.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain("Solar Demo (Pvt) Ltd");

    // The back office's warning (/admin/fiscal, /admin/settings): which field, what FDMS says, what the settings say.
    expect(sellerDifferences(seller, settings)).toEqual([{ field: "Company name", fdms: "Solar Demo (Pvt) Ltd", settings: "Solar Demo" }]);
    expect(sellerDifferences(seller, { ...settings, companyName: "SOLAR DEMO  (Pvt) Ltd", tin: "2000 123 456" })).toEqual([]);
    expect(sellerDifferences(seller, { ...settings, companyName: "Solar Demo (Pvt) Ltd", vatNumber: "" })).toEqual([
      { field: "VAT number", fdms: "220123456", settings: "" },
    ]);
    const overview = await t.app.services.fiscal.overview(admin);
    expect(overview.device).toMatchObject({
      taxpayerName: "Solar Demo (Pvt) Ltd",
      taxpayerTin: "2000123456",
      taxpayerVatNumber: "220123456",
    });
  });

  it("takes the branch's address from getConfig's deviceBranchAddress when it has one", async () => {
    const [device] = await t.database.db.select().from(fiscalDevices).where(eq(fiscalDevices.deviceId, fdms.deviceId));
    await t.database.db
      .update(fiscalDevices)
      .set({
        config: {
          ...(device?.config as object),
          deviceBranchAddress: { province: "Harare", city: "Harare", street: "Samora Machel Avenue", houseNo: "12" },
        },
      })
      .where(eq(fiscalDevices.deviceId, fdms.deviceId));
    const { content } = await paidInvoice();
    expect(content.seller.address).toBe("12 Samora Machel Avenue, Harare, Harare");
  });
});
