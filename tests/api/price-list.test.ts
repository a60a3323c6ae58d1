import { count, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { dealers } from "#server/db/schema/dealers.ts";
import { centsToDecimal, convertCents, decimalUnits } from "#shared/money.ts";
import type { PriceList } from "#shared/schemas/pricing.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { pdfText } from "../support/pdf-text.ts";
import { csvRows } from "../support/quotations.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// The dealer's price list, dated, at their tier, as JSON, CSV and PDF; approved dealers only.

let t: TestApp;
let actors: Actors;
/** The services' clock: 26 November 2026 in Harare, two days after the seeded rate of 26.8015. */
let now = new Date("2026-11-26T08:00:00Z");

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  actors = await createActors(t);
});
afterAll(() => t?.close());

const get = (who: Parameters<Actors["inject"]>[0], url: string) => actors.inject(who, { method: "GET", url });

/** The CSV as objects by header. */
async function csvOf(who: Parameters<Actors["inject"]>[0]) {
  const res = await get(who, "/api/dealer/price-list.csv");
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = csvRows(res.body);
  return {
    res,
    header: header as string[],
    rows: rows.map((r) => Object.fromEntries((header as string[]).map((h, i) => [h, r[i] ?? ""]))),
  };
}

describe("the dealer's price list (issue 24 §3)", () => {
  it("gives the Silver demo dealer every priced product at their tier, dated, by category then name", async () => {
    const res = await get("dealer", "/api/dealer/price-list");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const list = res.json() as PriceList;
    expect(list).toMatchObject({
      date: "2026-11-26",
      dealer_name: "Sunrise Solar",
      tier: { name: "Silver", discount_percent: "5.00" },
      secondary_currency: "ZWG",
      exchange_rate: "26.8015",
      rate_date: "2026-11-24",
    });
    const [total] = await t.database.db.select({ n: count() }).from(products);
    expect(list.rows).toHaveLength(total?.n ?? -1);
    const panel = list.rows.find((r) => r.product_name === "SunVolt 410W Mono PERC");
    expect(panel).toMatchObject({ price_usd: "112.10", category_name: expect.any(String) });
    expect(panel?.price_breaks.map((b) => [b.min_quantity, b.price_usd])).toEqual([
      [1, "112.10"],
      [10, "108.74"],
      [40, "105.37"],
    ]);
    // Within a category, by name.
    for (let i = 1; i < list.rows.length; i++) {
      const [a, b] = [list.rows[i - 1], list.rows[i]];
      if (a && b && a.category_id === b.category_id) expect(a.product_name.localeCompare(b.product_name, "en")).toBeLessThanOrEqual(0);
    }
    // A category's products stay together.
    const seen = list.rows.map((r) => r.category_id).filter((c, i, all) => c !== all[i - 1]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("writes a CSV whose prices are the product endpoint's for that dealer, every row, with its breaks", async () => {
    const { res, header, rows } = await csvOf("dealer");
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="price-list-2026-11-26.csv"');
    expect(header).toEqual(["SKU", "Product", "Category", "Price USD (1+)", "Price ZWG (1+)", "Breaks", "Availability"]);
    const list = (await get("dealer", "/api/dealer/price-list")).json() as PriceList;
    expect(rows).toHaveLength(list.rows.length);
    for (const [i, row] of rows.entries()) {
      const id = list.rows[i]?.product_id as number;
      const [product] = (await get("dealer", `/api/products/get-product-by-id/${id}`)).json();
      expect(row.Product).toBe(product.product_name);
      expect(row.SKU).toBe(product.sku ?? "");
      expect(row.Category).toBe(product.category_name);
      expect(row["Price USD (1+)"], row.Product).toBe(product.price_usd);
      expect(row["Price ZWG (1+)"], row.Product).toBe(product.price_zwl ?? "");
      const breaks = (product.price_breaks as { min_quantity: number; price_usd: string }[])
        .filter((b) => b.min_quantity > 1)
        .map((b) => `${b.min_quantity}+: ${b.price_usd}`)
        .join("; ");
      expect(row.Breaks, row.Product).toBe(breaks);
      expect(
        ["In stock", "Low stock", "On order"].includes(row.Availability as string) || /^Out of stock/.test(row.Availability as string),
      ).toBe(true);
    }
    const panel = rows.find((r) => r.Product === "SunVolt 410W Mono PERC");
    expect(panel).toMatchObject({ "Price USD (1+)": "112.10", Breaks: "10+: 108.74; 40+: 105.37" });
  });

  it("gives admins the dealer list price, with no tier", async () => {
    const list = (await get("admin", "/api/dealer/price-list")).json() as PriceList;
    expect(list).toMatchObject({ tier: null, dealer_name: null });
    expect(list.rows.find((r) => r.product_name === "SunVolt 410W Mono PERC")?.price_usd).toBe("118.00");
  });

  it("is for approved dealers: visitor 401, user 403, unverified 403, pending applicant 403", async () => {
    for (const url of ["/api/dealer/price-list", "/api/dealer/price-list.csv", "/api/dealer/price-list.pdf"]) {
      expect((await get("anonymous", url)).statusCode, url).toBe(401);
      const refused = await get("user", url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toMatch(/approved dealers/);
      expect((await get("unverified", url)).statusCode, url).toBe(403);
    }
    // An applicant whose application is submitted and waiting (Pending) is still a user.
    const email = "pending-price-list@example.com";
    const registered = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: "10.24.3.1",
      payload: { fullName: "Pending Applicant", username: "pending-price-list", email, password: "kopje-sunrise-2026" },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [user] = await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email)).returning();
    await t.database.db
      .insert(dealers)
      .values({ userId: user?.id as number, tradingName: "Waiting Solar", regStatus: "Pending", submittedAt: new Date() });
    const login = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.24.3.2",
      payload: { user: "pending-price-list", password: "kopje-sunrise-2026" },
    });
    expect(login.statusCode, login.body).toBe(200);
    for (const url of ["/api/dealer/price-list", "/api/dealer/price-list.csv", "/api/dealer/price-list.pdf"]) {
      const res = await t.inject({ method: "GET", url, headers: { authorization: `Bearer ${login.json().token}` } });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it("draws an A4 PDF with the company, the dealer, the tier, the date, the rate note and a known product's price", async () => {
    const res = await get("dealer", "/api/dealer/price-list.pdf");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="price-list-2026-11-26.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    const [width, height] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const text = pdfText(res.rawPayload);
    const company = (await t.app.services.settings.get()).companyName;
    expect(text).toContain(company);
    expect(text).toContain("Price list for Sunrise Solar \u0097 Silver tier \u0097 26 November 2026");
    expect(text).toContain("SunVolt 410W Mono PERC");
    expect(text).toContain("112.10");
    expect(text).toContain("10+: 108.74");
    expect(text).toContain("ZWG at 26.8015 per USD, rate of 24 November 2026.");
    expect(text).toContain("Prices exclude VAT.");
    expect(text).toContain(`Page 1 of ${doc.getPageCount()}`);
    // The table's header is on every page.
    expect(text.split("Breaks (USD)").length - 1).toBe(doc.getPageCount());
  });
  it("makes the ZWG column at the day's rate, follows a new rate, and leaves it out when there is none", async () => {
    const overrides = new Map(
      (await t.database.db.select({ name: products.productName, zwl: products.priceZwl }).from(products)).map((p) => [p.name, p.zwl]),
    );
    const atRate = async (rate: string) => {
      const { rows } = await csvOf("dealer");
      let checked = 0;
      for (const row of rows) {
        if ((decimalUnits(overrides.get(row.Product as string) ?? "0", 2) ?? 0n) > 0n) continue;
        const usd = decimalUnits(row["Price USD (1+)"] as string, 2) as bigint;
        expect(row["Price ZWG (1+)"], row.Product).toBe(centsToDecimal(convertCents(usd, rate)));
        checked++;
      }
      expect(checked).toBeGreaterThan(10);
    };
    await atRate("26.8015");

    // Decision 035: a rate is the Owner's, after a code given again.

    await actors.stepUp("super", actors.headers("super"));

    const added = await actors.inject("super", {
      method: "POST",
      url: "/api/exchange-rates",
      payload: { rate: "27.5", effective_date: "2026-11-26", source: "RBZ" },
    });
    expect(added.statusCode, added.body).toBe(201);
    await atRate("27.5");
    expect((await get("dealer", "/api/dealer/price-list")).json()).toMatchObject({ exchange_rate: "27.5000", rate_date: "2026-11-26" });

    // Before the first rate there is none: without overrides, no secondary column at all.
    now = new Date("2024-01-01T08:00:00Z");
    try {
      const list = (await get("dealer", "/api/dealer/price-list")).json() as PriceList;
      expect(list).toMatchObject({ date: "2024-01-01", exchange_rate: null, rate_date: null });
      const { header } = await csvOf("dealer");
      if (list.rows.every((r) => r.price_zwl === null)) expect(header).not.toContain("Price ZWG (1+)");
      else expect(header).toContain("Price ZWG (1+)");
    } finally {
      now = new Date("2026-11-26T08:00:00Z");
    }
  });
});
