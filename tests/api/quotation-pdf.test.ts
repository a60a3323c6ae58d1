import { and, asc, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { quotationProducts, quotations } from "#server/db/schema/commerce.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { pdfText } from "../support/pdf-text.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const DAY = 86_400_000;
const ONLY_APPROVED = "Only approved or accepted quotations can be downloaded.";

let t: TestApp;
let actors: Actors;
/** The demo dealer's seeded quotations: one approved (20 days old), one pending. */
let approvedId: number;
let pendingId: number;
let product: { id: number; name: string; priceUsd: string };

/** A quotation written straight to the database, with lines. */
async function insertQuotation(values: {
  userId: number | null;
  status: "pending" | "approved" | "rejected" | "expired";
  email: string;
  daysAgo: number;
  name?: string;
  notes?: string;
  lines?: { productName: string; quantity: number; priceUsd: string | null }[];
}): Promise<number> {
  const [row] = await t.database.db
    .insert(quotations)
    .values({
      userId: values.userId,
      status: values.status,
      requesterName: values.name ?? "Tariro Customer",
      requesterAddress: "7 Josiah Tongogara Street, Bulawayo",
      requesterPhone: "+263 77 222 3333",
      requesterEmail: values.email,
      notes: values.notes ?? "",
      createdAt: new Date(Date.now() - values.daysAgo * DAY),
    })
    .returning({ id: quotations.id });
  const id = row?.id as number;
  const lines = values.lines ?? [{ productName: product.name, quantity: 2, priceUsd: product.priceUsd }];
  await t.database.db.insert(quotationProducts).values(lines.map((l) => ({ quotationId: id, productId: product.id, ...l })));
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const dealerId = actors.identity.dealer.id;
  const mine = await t.database.db.select().from(quotations).where(eq(quotations.userId, dealerId)).orderBy(asc(quotations.id));
  approvedId = mine.find((q) => q.status === "approved")?.id as number;
  pendingId = mine.find((q) => q.status === "pending")?.id as number;
  if (!approvedId || !pendingId) throw new Error("the seed gives the demo dealer an approved and a pending quotation");
  const [p] = await t.database.db
    .select({ id: products.productId, name: products.productName, priceUsd: products.priceUsd })
    .from(products)
    .orderBy(asc(products.productId))
    .limit(1);
  product = { id: p?.id as number, name: p?.name as string, priceUsd: p?.priceUsd ?? "100.00" };
});
afterAll(() => t?.close());

const pdfUrl = (id: number | string) => `/api/quotations/${id}/pdf`;

describe("GET /api/quotations/:id/pdf", () => {
  it("gives the owner an approved quotation as a PDF attachment that is never cached", async () => {
    const res = await actors.inject("dealer", { method: "GET", url: pdfUrl(approvedId) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="quotation-${approvedId}.pdf"`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Quotation #${approvedId} - ${DEFAULT_SITE_SETTINGS.companyName}`);

    // What it says: the company, the number, the customer, every product with its quantity, and the total.
    const text = pdfText(res.rawPayload);
    const [quotation] = await t.database.db.select().from(quotations).where(eq(quotations.id, approvedId));
    const lines = await t.database.db.select().from(quotationProducts).where(eq(quotationProducts.quotationId, approvedId));
    expect(text).toContain(DEFAULT_SITE_SETTINGS.companyName);
    expect(text).toContain(DEFAULT_SITE_SETTINGS.salesEmail);
    expect(text).toContain("QUOTATION");
    expect(text).toContain(String(approvedId));
    expect(text).toContain("Valid until");
    expect(text).toContain(quotation?.requesterName);
    expect(text).toContain(quotation?.requesterEmail);
    const money = (c: number) => (c / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    let total = 0;
    for (const l of lines) {
      const unit = Math.round(Number(l.priceUsd) * 100);
      total += unit * l.quantity;
      expect(text).toContain(l.productName);
      expect(text).toContain(money(unit));
      expect(text).toContain(money(unit * l.quantity));
    }
    expect(text).toContain("Total (USD)");
    expect(text).toContain(money(total));
  });

  it("works with the session cookie, so the dealer's page can link to it", async () => {
    const login = await t.inject({ method: "POST", url: "/api/auth/login", payload: { user: "dealer", password: "demo-dealer-2026" } });
    const sid = login.cookies.find((c) => c.name === "sid");
    expect(sid).toBeDefined();
    const res = await t.inject({ method: "GET", url: pdfUrl(approvedId), cookies: { sid: sid?.value as string } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
  });

  it("gives an admin any approved quotation", async () => {
    for (const who of ["admin", "super"] as const) {
      const res = await actors.inject(who, { method: "GET", url: pdfUrl(approvedId) });
      expect(res.statusCode, who).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
  });

  it("refuses a pending, rejected or expired quotation with 409, to its owner and to admins", async () => {
    const rejected = await insertQuotation({ userId: actors.identity.dealer.id, status: "rejected", email: "x@example.com", daysAgo: 2 });
    const expired = await insertQuotation({ userId: actors.identity.dealer.id, status: "expired", email: "x@example.com", daysAgo: 2 });
    for (const id of [pendingId, rejected, expired]) {
      for (const who of ["dealer", "admin"] as const) {
        const res = await actors.inject(who, { method: "GET", url: pdfUrl(id) });
        expect(res.statusCode, `${who} #${id}`).toBe(409);
        expect(res.json()).toEqual({ message: ONLY_APPROVED });
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
      }
    }
  });

  it("refuses an approved quotation past its validity (30 days) as expired", async () => {
    const lapsed = await insertQuotation({ userId: actors.identity.dealer.id, status: "approved", email: "x@example.com", daysAgo: 40 });
    const res = await actors.inject("dealer", { method: "GET", url: pdfUrl(lapsed) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ONLY_APPROVED });
  });

  it("answers 404 to another dealer and to a user, whether or not the id exists", async () => {
    for (const who of ["otherDealer", "user", "unverified"] as const) {
      const res = await actors.inject(who, { method: "GET", url: pdfUrl(approvedId) });
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toEqual({ message: "Quotation not found." });
    }
    // The other dealer's own (pending) quotation is as unknown to the demo dealer as an id that does not exist.
    const theirs = await actors.inject("dealer", { method: "GET", url: pdfUrl(actors.otherDealer.quotationId) });
    const none = await actors.inject("dealer", { method: "GET", url: pdfUrl(2_147_483_000) });
    expect([theirs.statusCode, none.statusCode]).toEqual([404, 404]);
    expect(theirs.json()).toEqual(none.json());
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await t.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.paths["/api/quotations/{id}/pdf"]?.get).toBeDefined();
  });

  it("asks a visitor to log in", async () => {
    const res = await actors.inject("anonymous", { method: "GET", url: pdfUrl(approvedId) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it("refuses an id that is not a positive whole number with 400", async () => {
    for (const id of ["abc", "0", "-1", "1.5"]) {
      const res = await actors.inject("dealer", { method: "GET", url: pdfUrl(id) });
      expect(res.statusCode, id).toBe(400);
    }
  });

  it("gives a quotation made with the owner's e-mail address (without the account) to that owner", async () => {
    const id = await insertQuotation({
      userId: null,
      status: "approved",
      email: actors.identity.otherDealer.email.toUpperCase(),
      daysAgo: 1,
    });
    const res = await actors.inject("otherDealer", { method: "GET", url: pdfUrl(id) });
    expect(res.statusCode).toBe(200);
    expect((await actors.inject("dealer", { method: "GET", url: pdfUrl(id) })).statusCode).toBe(404);
  });

  it("runs a long quotation on to further pages, and draws text the standard fonts cannot encode", async () => {
    const lines = Array.from({ length: 50 }, (_, i) => ({
      productName: `${i % 7 === 0 ? "Hybrid inverter – 8 kW, ☀ double-MPPT model with a rather long name that must wrap across lines " : "Panel "}${i + 1}`,
      quantity: 1 + (i % 5),
      priceUsd: i === 3 ? null : `${100 + i}.50`,
    }));
    const id = await insertQuotation({
      userId: actors.identity.dealer.id,
      status: "approved",
      email: actors.identity.dealer.email,
      daysAgo: 0,
      name: "Ŵadzanai Čhikore 😀",
      notes: `${"Deliver to the farm gate near Chinhoyi. ".repeat(30)}\nSecond paragraph: “quoted” — thanks.`,
      lines,
    });
    const res = await actors.inject("dealer", { method: "GET", url: pdfUrl(id) });
    expect(res.statusCode).toBe(200);
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Page 1 of ");
    expect(text).toContain("(continued)");
    expect(text).toContain("Panel 49");
    expect(text).toContain("must wrap across lines 50");
    expect(text).toContain("Price on request");
    expect(text).toContain("Total of priced lines (USD)");
    // Accented letters lose their accents, anything else undrawable becomes "?".
    expect(text).toContain("Wadzanai Chikore ?");
    const [row] = await t.database.db
      .select({ n: quotations.id })
      .from(quotations)
      .where(and(eq(quotations.id, id), eq(quotations.status, "approved")));
    expect(row?.n).toBe(id);
  });
});
