import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/audit.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { taxDocuments } from "#server/db/schema/money.ts";
import { STEP_UP_REQUIRED } from "#server/platform/auth/actor.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import { missingPermissionMessage } from "#shared/staff.ts";
import { type ActorName, type Actors, createActors } from "../support/actors.ts";
import { placePaidOrder } from "../support/paid-orders.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The back office's roles at work (decision 035): each role reaches what its permissions name and is refused the
 * rest with words naming what is missing; rates, credit notes and dealers' terms need a fresh code on the session;
 * the audit entry keeps the role a change was made under. Each refusal has its control: someone whose role holds the
 * permission gets through the same request.
 */

let t: TestApp;
let actors: Actors;
let productId: number;
let order: OrderView;
let invoiceId: number;

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const [row] = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(1);
  productId = row?.id as number;
  order = await placePaidOrder(actors, [{ product_id: productId, quantity: 2 }]);
  const [invoice] = await t.database.db
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, "invoice")));
  invoiceId = invoice?.id as number;
});
afterAll(() => t?.close());

type Method = "GET" | "POST" | "PUT" | "PATCH";
const call = (who: ActorName, method: Method, url: string, payload?: object, headers?: Record<string, string>) =>
  actors.inject(who, { method, url, ...(payload ? { payload } : {}) }, headers);

/** A session of its own with no step-up given yet. */
const fresh = (who: ActorName) => actors.freshSession(who);

describe("the warehouse: stock and dispatch, never prices, rates or tax documents", () => {
  it("is refused a product's tier prices and the price list, which a Manager reads", async () => {
    const rules = await call("warehouse", "GET", `/api/products/${productId}/price-rules`);
    expect(rules.statusCode).toBe(403);
    expect(rules.json().message).toBe(missingPermissionMessage("prices.edit", "Warehouse"));
    expect((await call("admin", "GET", `/api/products/${productId}/price-rules`)).statusCode).toBe(200);

    expect((await call("warehouse", "GET", "/api/dealer/price-list")).statusCode).toBe(403);
    expect((await call("admin", "GET", "/api/dealer/price-list")).statusCode).toBe(200);
  });

  it("is refused a dealer tier and a rate, even after a fresh code", async () => {
    const tier = await call("warehouse", "POST", "/api/dealer-tiers", { name: "Warehouse tier", discount_percent: "5" });
    expect(tier.statusCode).toBe(403);
    expect(tier.json().message).toBe(missingPermissionMessage("prices.edit", "Warehouse"));

    const headers = await fresh("warehouse");
    await actors.stepUp("warehouse", headers);
    const rate = await call(
      "warehouse",
      "POST",
      "/api/exchange-rates",
      { rate: "27.0000", effective_date: "2099-04-01", source: "Warehouse" },
      headers,
    );
    expect(rate.statusCode).toBe(403);
    expect(rate.json().message).toBe(missingPermissionMessage("rates.edit", "Warehouse"));
    const vat = await call("warehouse", "POST", "/api/tax-rates", { rate: "15.5", valid_from: "2099-04-01" }, headers);
    expect(vat.statusCode).toBe(403);
  });

  it("reads the order it packs but not its invoice nor the tax documents' list", async () => {
    expect((await call("warehouse", "GET", `/api/orders/${order.id}`)).statusCode).toBe(200);
    const invoice = await call("warehouse", "GET", `/api/orders/${order.id}/invoice.pdf`);
    expect(invoice.statusCode).toBe(403);
    expect(invoice.json().message).toBe(missingPermissionMessage("money.documents", "Warehouse"));
    expect((await call("accounts", "GET", `/api/orders/${order.id}/invoice.pdf`)).statusCode).toBe(200);

    expect((await call("warehouse", "GET", "/api/tax-documents")).statusCode).toBe(403);
    expect((await call("warehouse", "GET", `/api/tax-documents/${invoiceId}/pdf`)).statusCode).toBe(403);
    expect((await call("accounts", "GET", "/api/tax-documents")).statusCode).toBe(200);
  });
});

describe("the sales desk edits the catalogue, not its prices", () => {
  it("changes a product's description; a new price needs prices.edit; the price sent back unchanged passes", async () => {
    const [current] = await t.database.db
      .select({ price: products.priceUsd, name: products.productName })
      .from(products)
      .where(eq(products.productId, productId));
    const url = `/api/products/update-product/${productId}`;

    const described = await call("sales", "PUT", url, { product_description: "Described by the sales desk." });
    expect(described.statusCode, described.body).toBe(200);

    const repriced = await call("sales", "PUT", url, { price_usd: "1.23" });
    expect(repriced.statusCode).toBe(403);
    expect(repriced.json().message).toBe(missingPermissionMessage("prices.edit", "Sales"));

    const unchanged = await call("sales", "PUT", url, { price_usd: current?.price, product_name: current?.name });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect((await call("admin", "PUT", url, { price_usd: "1.23" })).statusCode).toBe(200);
  });
});

describe("accounts: payments, documents and terms, never the goods or a dealer's verification", () => {
  it("cannot dispatch an order nor move it on as the warehouse does", async () => {
    const dispatch = await call("accounts", "POST", `/api/orders/${order.id}/dispatch`, {
      status: "dispatched",
      reference: "WB-1",
      lines: [],
    });
    expect(dispatch.statusCode).toBe(403);
    expect(dispatch.json().message).toBe(missingPermissionMessage("orders.dispatch", "Accounts"));
    // The status route is open to whoever reads orders; the move to processing is the warehouse's.
    const moved = await call("accounts", "PUT", `/api/orders/${order.id}/status`, { status: "processing" });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe(missingPermissionMessage("orders.dispatch", "Accounts"));
    const packed = await call("warehouse", "PUT", `/api/orders/${order.id}/status`, { status: "processing" });
    expect(packed.statusCode, packed.body).toBe(200);
  });

  it("cannot verify a dealer nor decide on a document", async () => {
    const otherDealer = actors.identity.otherDealer.id;
    const status = await call("accounts", "PUT", `/api/dealer/status/${otherDealer}`, { status: "Suspended", reason: "Accounts test" });
    expect(status.statusCode).toBe(403);
    expect(status.json().message).toBe(missingPermissionMessage("dealers.verify", "Accounts"));
    const review = await call("accounts", "PUT", `/api/dealer/documents/${actors.otherDealer.documentId}/review`, { status: "approved" });
    expect(review.statusCode).toBe(403);
    // The sales desk verifies: the same review gets past the permission (the document is real, its decision is made).
    const bySales = await call("sales", "PUT", `/api/dealer/documents/${actors.otherDealer.documentId}/review`, { status: "approved" });
    expect(bySales.statusCode, bySales.body).not.toBe(403);
  });
});

describe("content: the site's words, never the dealers", () => {
  it("is refused the dealers' list, its export and a dealer's document, which the sales desk reads", async () => {
    const list = await call("content", "GET", "/api/dealer/");
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(missingPermissionMessage("dealers.read", "Content"));
    expect((await call("content", "GET", "/api/dealer/export.csv")).statusCode).toBe(403);
    expect((await call("sales", "GET", "/api/dealer/")).statusCode).toBe(200);

    // The other dealer's document (no file stored): 403 for content before the id is read; 404 for a reader.
    const file = await call("content", "GET", `/api/dealer/documents/${actors.otherDealer.documentId}/file`);
    expect(file.statusCode).toBe(403);
    expect(file.json().message).toBe(missingPermissionMessage("dealers.read", "Content"));
    expect((await call("sales", "GET", `/api/dealer/documents/${actors.otherDealer.documentId}/file`)).statusCode).toBe(404);
  });
});

describe("step-up: a fresh code before a rate, a credit note or a dealer's terms", () => {
  it("a rate change: 403 without, saved after POST /api/auth/step-up", async () => {
    const headers = await fresh("super");
    const body = { rate: "27.5000", effective_date: "2099-05-01", source: "Step-up test" };
    const refused = await call("super", "POST", "/api/exchange-rates", body, headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STEP_UP_REQUIRED);
    await actors.stepUp("super", headers);
    const saved = await call("super", "POST", "/api/exchange-rates", body, headers);
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it("a credit note: 403 without, issued after the step-up", async () => {
    const headers = await fresh("accounts");
    const body = { reason: "One unit returned", lines: [{ line: "0", quantity: 1 }] };
    const refused = await call("accounts", "POST", `/api/tax-documents/${invoiceId}/credit-notes`, body, headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STEP_UP_REQUIRED);
    await actors.stepUp("accounts", headers);
    const issued = await call("accounts", "POST", `/api/tax-documents/${invoiceId}/credit-notes`, body, headers);
    expect(issued.statusCode, issued.body).toBe(201);
  });

  it("a dealer's terms: 403 without, saved after the step-up, and the audit entry names the role", async () => {
    const company = actors.identity.otherDealer.id;
    const headers = await fresh("accounts");
    const body = { terms: "net30", limit: "2500.00" };
    const refused = await call("accounts", "PUT", `/api/dealers/${company}/credit`, body, headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STEP_UP_REQUIRED);
    await actors.stepUp("accounts", headers);
    const saved = await call("accounts", "PUT", `/api/dealers/${company}/credit`, body, headers);
    expect(saved.statusCode, saved.body).toBe(200);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, actors.identity.accounts.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.actorStaffRole).toBe("Accounts");
    // As the audit log shows it to whoever reads it (accounts holds audit.read).
    const log = await call("accounts", "GET", `/api/audit?page=1&pageSize=5`);
    expect(log.statusCode, log.body).toBe(200);
    const mine = (log.json().rows as { actorId: number; actorStaffRole: string | null }[]).find(
      (r) => r.actorId === actors.identity.accounts.id,
    );
    expect(mine?.actorStaffRole).toBe("Accounts");
  });

  it("the Manager may set terms but not rates: rates.edit is the Owner's", async () => {
    const headers = await fresh("admin");
    await actors.stepUp("admin", headers);
    const rate = await call(
      "admin",
      "POST",
      "/api/exchange-rates",
      { rate: "27.6000", effective_date: "2099-06-01", source: "Manager" },
      headers,
    );
    expect(rate.statusCode).toBe(403);
    expect(rate.json().message).toBe(missingPermissionMessage("rates.edit", "Manager"));
  });
});
