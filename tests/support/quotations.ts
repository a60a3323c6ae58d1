import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { taxDocuments } from "#server/db/schema/money.ts";
import { readCsv } from "#server/platform/csv.ts";
import { addDays, harareDate } from "#shared/quotation-status.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import type { TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A quotation's life through the API, for the tests of its documents: asked for, its lines edited, approved and
 * accepted, each step checked for its status. `headers` are a signed-in actor's (none: a visitor).
 */
export type Headers = Record<string, string>;

/** Each request from an address of its own: the quote form's per-client limit is not what these tests are about. */
let asked = 0;
function nextAddress(): string {
  asked += 1;
  return `10.38.${Math.floor(asked / 250) % 250}.${(asked % 250) + 1}`;
}

export async function askQuote(
  t: TestApp,
  headers: Headers,
  lines: { product_id: number; quantity: number }[],
  email = "documents@example.com",
): Promise<number> {
  const res = await t.inject({
    method: "POST",
    url: "/api/quotations",
    headers,
    remoteAddress: nextAddress(),
    payload: {
      customer_name: "Farai Dube",
      customer_address: "14 Kwame Nkrumah Avenue, Harare",
      customer_email: email,
      customer_phone: "+263 77 123 4567",
      notes: "",
      products: lines,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** The back office's view of one quotation. */
export async function adminView(t: TestApp, admin: Headers, id: number): Promise<QuotationView> {
  const res = await t.inject({ method: "GET", url: `/api/quotations/?q=${id}`, headers: admin });
  const found = (res.json().rows as QuotationView[]).find((q) => q.id === id);
  if (!found) throw new Error(`quotation ${id} is not listed`);
  return found;
}

export type ChargeInput = { kind: "delivery" | "installation" | "discount"; label?: string; amount: string };

export function editLines(
  t: TestApp,
  admin: Headers,
  id: number,
  lines: { id?: number; product_id?: number; quantity: number; price?: string }[],
  charges: ChargeInput[],
) {
  return t.inject({ method: "PUT", url: `/api/quotations/${id}/lines`, headers: admin, payload: { lines, charges } });
}

export function approve(
  t: TestApp,
  admin: Headers,
  id: number,
  body: { currency: string; lines: { id: number; price: string }[]; exchangeRate?: string; days?: number },
) {
  const { days = 14, ...rest } = body;
  return t.inject({
    method: "PUT",
    url: `/api/quotations/${id}`,
    headers: admin,
    payload: { status: "approved", validUntil: addDays(harareDate(new Date()), days), ...rest },
  });
}

export async function acceptAsDealer(t: TestApp, dealer: Headers, id: number): Promise<number> {
  const res = await t.inject({ method: "POST", url: `/api/quotations/${id}/accept`, headers: dealer, payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order_id as number;
}

/** The admin confirms the order's payment: its tax invoice is issued. */
export async function confirmPayment(t: TestApp, admin: Headers, orderId: number): Promise<void> {
  const res = await t.inject({
    method: "PUT",
    url: `/api/orders/${orderId}/confirm-payment`,
    headers: admin,
    payload: { paymentReference: "ZIPIT 1" },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The rows of a CSV answer, read as the imports read CSV (platform/csv.ts: RFC 4180, without its byte-order mark). */
export function csvRows(body: string): string[][] {
  return readCsv(body).map((r) => r.cells);
}

/** A CSV's rows as objects by header. */
export function csvRecords(body: string): Record<string, string>[] {
  const [head = [], ...rows] = csvRows(body);
  return rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ""])));
}

/** The catalogue's first `n` products by id, with their names. */
export function firstProducts(t: TestApp, n: number): Promise<{ id: number; name: string }[]> {
  return t.database.db
    .select({ id: products.productId, name: products.productName })
    .from(products)
    .orderBy(asc(products.productId))
    .limit(n);
}

/** The tax invoice an order's payment issued, as it was frozen. */
export async function invoiceOf(t: TestApp, orderId: number): Promise<TaxDocumentContent> {
  const [invoice] = await t.database.db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, "invoice")));
  return invoice?.content as TaxDocumentContent;
}
