import { and, asc, count, eq, inArray } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/audit.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { quotationProducts, quotations } from "#server/db/schema/commerce.ts";
import { siteSettings } from "#server/db/schema/content.ts";
import { createQuotationsService } from "#server/modules/quotations/quotations.service.ts";
import { createQueuedMailer } from "#server/platform/mailer/mail-queue.ts";
import { formatDate } from "#shared/dates.ts";
import { addDays, endOfHarareDay, harareDate } from "#shared/quotation-status.ts";
import { TOTAL_NOT_POSITIVE } from "#shared/quotation-totals.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { flakyTransport, manualMailWorker } from "../support/jobs.ts";
import { attachments, decoded, header, outboxMails } from "../support/outbox.ts";
import { pdfText } from "../support/pdf-text.ts";
import { createTestApp, type TestApp, unlimitedForms } from "../support/test-app.ts";

let t: TestApp;
let actors: Actors;
let productIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const rows = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(2);
  productIds = rows.map((r) => r.id);
});
afterAll(() => t?.close());

const today = () => harareDate(new Date());
const inDays = (n: number) => addDays(today(), n);
const put = (id: number | string, payload: unknown, who: "admin" | "super" | "dealer" | "user" | "anonymous" = "admin") =>
  actors.inject(who, { method: "PUT", url: `/api/quotations/${id}`, payload: payload as object });
const get = (url: string, who: "admin" | "dealer" | "anonymous" = "admin") => actors.inject(who, { method: "GET", url });

let run = 0;
/** A visitor's quote request with two lines; answers its id and line ids. */
async function newQuotation(overrides: Record<string, unknown> = {}): Promise<{ id: number; lines: number[]; email: string }> {
  run++;
  const email = (overrides.customer_email as string | undefined) ?? `admin-test-${run}@example.com`;
  const res = await t.inject({
    method: "POST",
    url: "/api/quotations",
    // Each request from a visitor of its own: quote requests are limited per client address.
    remoteAddress: `10.9.${Math.floor(run / 250)}.${run % 250}`,
    payload: {
      customer_name: `Chiedza Requester ${run}`,
      customer_address: "12 Herbert Chitepo Avenue, Mutare",
      customer_email: `admin-test-${run}@example.com`,
      customer_phone: "+263 77 555 0101",
      notes: "Admin test",
      products: [
        { product_id: productIds[0], quantity: 2 },
        { product_id: productIds[1], quantity: 3 },
      ],
      ...overrides,
    },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  const lines = await t.database.db
    .select({ id: quotationProducts.id })
    .from(quotationProducts)
    .where(eq(quotationProducts.quotationId, id))
    .orderBy(asc(quotationProducts.id));
  return { id, lines: lines.map((l) => l.id), email };
}

function approval(lines: number[], overrides: Record<string, unknown> = {}) {
  return {
    status: "approved",
    currency: "USD",
    validUntil: inDays(14),
    lines: lines.map((id, i) => ({ id, price: i === 0 ? "1250.50" : "99" })),
    ...overrides,
  };
}

async function stored(id: number) {
  const [row] = await t.database.db.select().from(quotations).where(eq(quotations.id, id));
  const lines = await t.database.db
    .select()
    .from(quotationProducts)
    .where(eq(quotationProducts.quotationId, id))
    .orderBy(asc(quotationProducts.id));
  return { row, lines };
}

async function auditEntries(id: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "quotation"), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

const mailCount = async () => (await outboxMails(t.dataDir)).length;
async function mailsTo(email: string): Promise<string[]> {
  return (await outboxMails(t.dataDir)).filter((m) => header(m, "To") === email);
}

describe("PUT /api/quotations/:id — approve", () => {
  it("approves a pending quotation with a price per line, the currency and a validity date, in one go", async () => {
    const q = await newQuotation();
    const res = await put(q.id, approval(q.lines));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: q.id,
      status: "approved",
      currency: "USD",
      valid_until: endOfHarareDay(inDays(14)).toISOString(),
      decision_reason: "",
    });
    expect(body.decided_At).toEqual(expect.any(String));
    expect(body.products.map((p: { quoted_price: string }) => p.quoted_price)).toEqual(["1250.50", "99.00"]);

    const { row, lines } = await stored(q.id);
    expect(row).toMatchObject({ status: "approved", currency: "USD", decidedBy: actors.identity.admin.id });
    expect(row?.validUntil?.toISOString()).toBe(endOfHarareDay(inDays(14)).toISOString());
    expect(lines.map((l) => l.quotedPrice)).toEqual(["1250.50", "99.00"]);
  });

  it("writes an audit entry with the quotation before and after", async () => {
    const q = await newQuotation();
    await put(q.id, approval(q.lines));
    const [entry, ...more] = await auditEntries(q.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ actorId: actors.identity.admin.id, entity: "quotation", action: "approve" });
    expect(entry?.summary).toContain(`Approved quotation #${q.id}`);
    expect(entry?.before).toMatchObject({ id: q.id, status: "pending", valid_until: null });
    expect(entry?.after).toMatchObject({ id: q.id, status: "approved", currency: "USD" });
  });

  it("e-mails the requester the prices, the validity date and the quotation as a PDF attachment", async () => {
    const q = await newQuotation();
    const before = await mailCount();
    await put(q.id, approval(q.lines));
    const mails = (await outboxMails(t.dataDir)).slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as string;
    expect(header(mail, "To")).toBe(q.email);
    expect(header(mail, "Subject")).toBe(`Your quotation #${q.id} - ${DEFAULT_SITE_SETTINGS.companyName}`);
    const text = decoded(mail);
    expect(text).toContain("1,250.50");
    expect(text).toContain("2,501.00"); // 2 × 1,250.50
    expect(text).toContain("297.00"); // 3 × 99
    expect(text).toContain("2,798.00"); // the total
    expect(text).toContain(formatDate(endOfHarareDay(inDays(14))));

    const files = attachments(mail);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ filename: `quotation-${q.id}.pdf`, contentType: "application/pdf" });
    const pdf = files[0]?.content as Buffer;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe(`Quotation #${q.id} - ${DEFAULT_SITE_SETTINGS.companyName}`);
    const drawn = pdfText(pdf);
    expect(drawn).toContain("Unit price (USD)");
    expect(drawn).toContain("1,250.50");
    expect(drawn).toContain("2,798.00");
    // Quoted prices exclude VAT: the PDF adds VAT at the rate frozen on approval.
    expect(drawn).toContain("Total excl. VAT (USD)");
    expect(drawn).toContain("VAT 15.5 % (USD)");
    expect(drawn).toContain("Total incl. VAT (USD)");
    expect(drawn).toContain(formatDate(endOfHarareDay(inDays(14))));
  });

  it("quotes in the site's secondary currency, and the PDF and the dealer's download say so", async () => {
    const q = await newQuotation({ customer_email: actors.identity.dealer.email });
    const res = await put(q.id, approval(q.lines, { currency: "ZWG", lines: q.lines.map((id) => ({ id, price: 1500000 })) }));
    expect(res.statusCode).toBe(200);
    expect(res.json().currency).toBe("ZWG");
    const pdf = await get(`/api/quotations/${q.id}/pdf`, "dealer");
    expect(pdf.statusCode).toBe(200);
    const drawn = pdfText(pdf.rawPayload);
    expect(drawn).toContain("Unit price (ZWG)");
    expect(drawn).toContain("Total excl. VAT (ZWG)");
    expect(drawn).toContain("7,500,000.00"); // (2 + 3) × 1,500,000
    expect(drawn).toContain("8,662,500.00"); // with VAT at 15.5 %
    expect(res.json()).toMatchObject({ vat_rate: "15.50", subtotal: "7500000.00", vat: "1162500.00", total: "8662500.00" });
    expect(drawn).toContain("Zimbabwe Gold (ZWG)");
  });

  it("accepts today as the last day, and a price of 0 on a line; a quotation totalling 0 is refused", async () => {
    const q = await newQuotation();
    const free = await put(q.id, approval(q.lines, { validUntil: today(), lines: q.lines.map((id) => ({ id, price: "0" })) }));
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe(TOTAL_NOT_POSITIVE);
    const res = await put(
      q.id,
      approval(q.lines, { validUntil: today(), lines: q.lines.map((id, i) => ({ id, price: i === 0 ? "0" : "10" })) }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("approved");
  });

  it("shows the dealer the quoted prices, the currency and the validity date", async () => {
    const q = await newQuotation({ customer_email: actors.identity.dealer.email });
    await put(q.id, approval(q.lines));
    const mine = await get("/api/quotations/get-by-user", "dealer");
    const view = (mine.json() as { id: number }[]).find((x) => x.id === q.id);
    expect(view).toMatchObject({
      status: "approved",
      currency: "USD",
      valid_until: endOfHarareDay(inDays(14)).toISOString(),
      products: [{ quoted_price: "1250.50" }, { quoted_price: "99.00" }],
    });
  });
});

describe("a quotation in the secondary currency is priced in it (issue 17 §8)", () => {
  /**
   * The first two products' prices a visitor's request starts from: the retail price and the secondary
   * (ZWG) one, made from it at the rate in force.
   */
  async function productPrices() {
    const pricing = await t.app.services.catalogue.secondaryPricing();
    const rows = await t.database.db
      .select()
      .from(products)
      .where(inArray(products.productId, productIds))
      .orderBy(asc(products.productId));
    const zwg = rows.map((r) => pricing.priceOf(r.retailPriceUsd, null));
    if (zwg.some((z) => z === null)) throw new Error("the demo has a ZWG rate in force");
    return rows.map((r, i) => ({ usd: r.retailPriceUsd, zwg: zwg[i] as string, name: r.productName }));
  }
  const money = (price: string) => Number(price).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  it("gives the back office each line's ZWG price (price_zwl) beside its USD price (a visitor's: the retail price)", async () => {
    const q = await newQuotation();
    const prices = await productPrices();
    const listed = (await get(`/api/quotations/?q=${q.id}`)).json().rows as {
      id: number;
      products: { price: string; price_zwl: string }[];
    }[];
    const view = listed.find((r) => r.id === q.id);
    expect(view?.products.map((p) => [p.price, p.price_zwl])).toEqual(prices.map((p) => [p.usd, p.zwg]));
  });

  it("refuses USD figures labelled ZWG, naming each line, and changes nothing", async () => {
    const q = await newQuotation();
    const prices = await productPrices();
    const before = await mailCount();
    const res = await put(q.id, approval(q.lines, { currency: "ZWG", lines: q.lines.map((id, i) => ({ id, price: prices[i]?.usd })) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      prices.map((p, i) => ({
        path: `body.lines.${i}.price`,
        message: `Line ${i + 1} (${p.name}): ${p.usd} is its USD price, not a ZWG price: its ZWG price is ${money(p.zwg)}.`,
      })),
    );
    const { row, lines } = await stored(q.id);
    expect(row?.status).toBe("pending");
    expect(lines.map((l) => l.quotedPrice)).toEqual([null, null]);
    expect(await mailCount()).toBe(before);
    expect(await auditEntries(q.id)).toHaveLength(0);
  });

  it("refuses ZWG figures labelled USD", async () => {
    const q = await newQuotation();
    const prices = await productPrices();
    const res = await put(
      q.id,
      approval(q.lines, {
        currency: "USD",
        lines: [
          { id: q.lines[0], price: prices[0]?.zwg },
          { id: q.lines[1], price: "99" },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      {
        path: "body.lines.0.price",
        message: `Line 1 (${prices[0]?.name}): ${prices[0]?.zwg} is its secondary-currency price, not a USD price: its USD price is ${money(prices[0]?.usd as string)}.`,
      },
    ]);
    expect((await stored(q.id)).row?.status).toBe("pending");
  });

  it("approves at the ZWG prices, and the PDF quotes the ZWG amounts", async () => {
    const q = await newQuotation({ customer_email: actors.identity.dealer.email });
    const prices = await productPrices();
    const res = await put(q.id, approval(q.lines, { currency: "ZWG", lines: q.lines.map((id, i) => ({ id, price: prices[i]?.zwg })) }));
    expect(res.statusCode).toBe(200);
    expect(res.json().products.map((p: { quoted_price: string }) => p.quoted_price)).toEqual(prices.map((p) => p.zwg));
    // The rate in force at the approval is frozen with it: the demo's latest, of 24 November 2026.
    expect(res.json()).toMatchObject({ exchange_rate: "26.8015", rate_date: "2026-11-24" });
    const drawn = pdfText((await get(`/api/quotations/${q.id}/pdf`, "dealer")).rawPayload);
    expect(drawn).toContain("Unit price (ZWG)");
    const [a, b] = prices.map((p) => Math.round(Number(p.zwg) * 100)) as [number, number];
    const cents = (c: number) => (c / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(drawn).toContain(cents(a)); // unit prices
    expect(drawn).toContain(cents(b));
    expect(drawn).toContain(cents(a * 2)); // 2 × the first, 3 × the second
    expect(drawn).toContain(cents(b * 3));
    expect(drawn).toContain(cents(a * 2 + b * 3));
    // Not the USD figures.
    expect(drawn).not.toContain(`${money(prices[0]?.usd as string)} `);
  });
});

describe("PUT /api/quotations/:id — reject and reapprove", () => {
  it("rejects a pending quotation with a reason, e-mails it to the requester and shows it to them", async () => {
    const q = await newQuotation({ customer_email: actors.identity.dealer.email });
    const before = await mailCount();
    const res = await put(q.id, { status: "rejected", reason: "  We do not ship to that area yet.  " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "rejected", decision_reason: "We do not ship to that area yet.", valid_until: null });
    const { row } = await stored(q.id);
    expect(row).toMatchObject({
      status: "rejected",
      decisionReason: "We do not ship to that area yet.",
      decidedBy: actors.identity.admin.id,
    });

    const mails = (await outboxMails(t.dataDir)).slice(before);
    expect(mails).toHaveLength(1);
    expect(header(mails[0] as string, "To")).toBe(actors.identity.dealer.email);
    expect(decoded(mails[0] as string)).toContain("We do not ship to that area yet.");
    expect(attachments(mails[0] as string)).toHaveLength(0);

    const [entry] = await auditEntries(q.id);
    expect(entry).toMatchObject({ action: "reject" });
    expect(entry?.after).toMatchObject({ status: "rejected", decision_reason: "We do not ship to that area yet." });

    const mine = (await get("/api/quotations/get-by-user", "dealer")).json() as { id: number }[];
    expect(mine.find((x) => x.id === q.id)).toMatchObject({ status: "rejected", decision_reason: "We do not ship to that area yet." });
  });

  it("reapproves a rejected quotation with prices again, clearing the reason", async () => {
    const q = await newQuotation();
    await put(q.id, { status: "rejected", reason: "Out of stock." });
    const res = await put(q.id, approval(q.lines, { currency: "ZWG" }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "approved", currency: "ZWG", decision_reason: "" });
    const entries = await auditEntries(q.id);
    expect(entries.map((e) => e.action)).toEqual(["reject", "reapprove"]);
    expect(entries[1]?.summary).toContain(`Reapproved quotation #${q.id}`);
    const mails = await mailsTo(q.email);
    // The request's confirmation, the rejection, then the approval with its PDF.
    expect(mails).toHaveLength(3);
    expect(attachments(mails[2] as string).map((a) => a.filename)).toEqual([`quotation-${q.id}.pdf`]);
  });

  it("approves a quotation again after withdrawing it: its stock is held afresh", async () => {
    const q = await newQuotation();
    expect((await put(q.id, approval(q.lines))).statusCode).toBe(200);
    expect((await put(q.id, { status: "rejected", reason: "The price of line 1 was wrong." })).statusCode).toBe(200);
    const again = await put(q.id, approval(q.lines));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().status).toBe("approved");
  });

  it("withdraws an approved quotation that still holds by rejecting it, and says so in the e-mail", async () => {
    const q = await newQuotation();
    await put(q.id, approval(q.lines));
    const res = await put(q.id, { status: "rejected", reason: "The price of line 1 was wrong." });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("rejected");
    const mails = await mailsTo(q.email);
    expect(decoded(mails.at(-1) as string)).toContain(`Quotation #${q.id} has been withdrawn`);
    expect((await auditEntries(q.id)).at(-1)?.summary).toContain("Withdrew");
  });
});

describe("PUT /api/quotations/:id — refused transitions (409), nothing changed", () => {
  async function expectRefused(id: number, payload: unknown, message: string) {
    const before = await stored(id);
    const entries = (await auditEntries(id)).length;
    const mails = await mailCount();
    const res = await put(id, payload);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message });
    expect(await stored(id)).toEqual(before);
    expect(await auditEntries(id)).toHaveLength(entries);
    expect(await mailCount()).toBe(mails);
  }

  it("approving an approved quotation again", async () => {
    const q = await newQuotation();
    await put(q.id, approval(q.lines));
    await expectRefused(q.id, approval(q.lines), `Quotation #${q.id} is already approved.`);
  });

  it("rejecting a rejected quotation again", async () => {
    const q = await newQuotation();
    await put(q.id, { status: "rejected", reason: "No." });
    await expectRefused(q.id, { status: "rejected", reason: "Still no." }, `Quotation #${q.id} is already rejected.`);
  });

  it("approving or rejecting an expired quotation (stored as expired, or approved and past its date)", async () => {
    const stale = await newQuotation();
    await t.database.db.update(quotations).set({ status: "expired" }).where(eq(quotations.id, stale.id));
    const lapsed = await newQuotation();
    await put(lapsed.id, approval(lapsed.lines));
    await t.database.db
      .update(quotations)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(quotations.id, lapsed.id));
    for (const q of [stale, lapsed]) {
      const message = `Quotation #${q.id} has expired and can no longer be approved or rejected. The requester can send a new request.`;
      await expectRefused(q.id, approval(q.lines), message);
      await expectRefused(q.id, { status: "rejected", reason: "Too late." }, message);
    }
  });

  it("setting a status nobody sets by hand", async () => {
    const q = await newQuotation();
    await expectRefused(q.id, { status: "pending" }, "A quotation cannot be set back to pending.");
    await expectRefused(q.id, { status: "expired" }, "A quotation expires by itself once its validity date has passed.");
  });

  it("two approvals at once: one wins, the other is refused, one e-mail", { tags: ["db"] }, async () => {
    const q = await newQuotation();
    const before = await mailCount();
    const results = await Promise.all([put(q.id, approval(q.lines)), put(q.id, approval(q.lines, { currency: "ZWG" }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditEntries(q.id)).toHaveLength(1);
    expect((await mailCount()) - before).toBe(1);
  });
});

describe("PUT /api/quotations/:id with spec §7's body { status } alone (issue 17)", () => {
  it("approves a pending visitor's quote at the list prices it was asked at, in USD, for the site's 30 days; the list then shows it approved with a PDF", async () => {
    const q = await newQuotation();
    const res = await put(q.id, { status: "approved" });
    expect(res.statusCode).toBe(200);
    const snapshot = (await stored(q.id)).lines.map((l) => l.priceUsd);
    expect(res.json()).toMatchObject({
      status: "approved",
      currency: "USD",
      valid_until: endOfHarareDay(inDays(30)).toISOString(),
      decision_reason: "",
    });
    expect(res.json().products.map((p: { quoted_price: string | null }) => p.quoted_price)).toEqual(snapshot);
    const listed = (await get(`/api/quotations/?q=${q.id}`)).json().rows as { id: number; status: string }[];
    expect(listed.find((r) => r.id === q.id)?.status).toBe("approved");
    const pdf = await get(`/api/quotations/${q.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(await auditEntries(q.id)).toHaveLength(1);
  });

  it("keeps no price on a line asked without a list price, and the PDF says price on request", async () => {
    const q = await newQuotation();
    await t.database.db
      .update(quotationProducts)
      .set({ priceUsd: null })
      .where(eq(quotationProducts.id, q.lines[1] as number));
    const res = await put(q.id, { status: "approved" });
    expect(res.statusCode).toBe(200);
    expect(res.json().products[1].quoted_price).toBeNull();
    const drawn = pdfText((await get(`/api/quotations/${q.id}/pdf`)).rawPayload);
    expect(drawn).toContain("Price on request");
  });

  it("follows the site's validity setting, and the richer body wins where it is given", async () => {
    // The stored settings (none until an admin saves them) with a validity of 10 days.
    const [row] = await t.database.db.select().from(siteSettings).where(eq(siteSettings.key, "site"));
    await t.database.db
      .insert(siteSettings)
      .values({ key: "site", value: { ...(row?.value as object | undefined), quotationValidityDays: 10 } })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: { ...(row?.value as object | undefined), quotationValidityDays: 10 } },
      });
    try {
      const q = await newQuotation();
      const res = await put(q.id, { status: "approved" });
      expect(res.json().valid_until).toBe(endOfHarareDay(inDays(10)).toISOString());
      const other = await newQuotation();
      const given = await put(other.id, { status: "approved", validUntil: inDays(3) });
      expect(given.json().valid_until).toBe(endOfHarareDay(inDays(3)).toISOString());
    } finally {
      if (row) await t.database.db.update(siteSettings).set({ value: row.value }).where(eq(siteSettings.key, "site"));
      else await t.database.db.delete(siteSettings).where(eq(siteSettings.key, "site"));
    }
  });

  it("asks for the prices when a secondary currency is chosen without them (the list prices are USD)", async () => {
    const q = await newQuotation();
    const res = await put(q.id, { status: "approved", currency: "ZWG" });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "body.lines", message: "Enter the prices in ZWG: the list prices are in USD." }]);
    expect((await stored(q.id)).row?.status).toBe("pending");
  });

  it("rejects with an empty reason", async () => {
    const q = await newQuotation();
    const res = await put(q.id, { status: "rejected" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "rejected", decision_reason: "" });
  });

  it("answers a dealer or user 403 and a visitor 401, and nothing changes", async () => {
    const q = await newQuotation();
    const before = await stored(q.id);
    for (const body of [{ status: "approved" }, { status: "rejected" }]) {
      for (const who of ["dealer", "user"] as const)
        expect((await put(q.id, body, who)).statusCode, `${who} ${JSON.stringify(body)}`).toBe(403);
      expect((await put(q.id, body, "anonymous")).statusCode).toBe(401);
    }
    expect(await stored(q.id)).toEqual(before);
    expect(await auditEntries(q.id)).toHaveLength(0);
  });
});

describe("PUT /api/quotations/:id — validation (400), nothing changed", () => {
  const cases: [string, (lines: number[], other: number[]) => unknown, string, string][] = [
    ["missing prices (a line left out)", (l) => approval(l.slice(0, 1)), "body.lines", "Enter a price for every product."],
    ["no lines at all", (l) => approval(l, { lines: [] }), "body.lines", "Enter a price for every product."],
    [
      "a line without a price",
      (l) => approval(l, { lines: [{ id: l[0] }, { id: l[1], price: "5" }] }),
      "body.lines.0.price",
      "Enter a price.",
    ],
    [
      "a negative price",
      (l) =>
        approval(l, {
          lines: [
            { id: l[0], price: "-5" },
            { id: l[1], price: "5" },
          ],
        }),
      "body.lines.0.price",
      "Price must be 0 or more.",
    ],
    [
      "a price with three decimals",
      (l) =>
        approval(l, {
          lines: [
            { id: l[0], price: "5" },
            { id: l[1], price: "5.123" },
          ],
        }),
      "body.lines.1.price",
      "Enter a price such as 1250 or 1250.50.",
    ],
    [
      "a validity date in the past",
      (l) => approval(l, { validUntil: inDays(-1) }),
      "body.validUntil",
      "The validity date cannot be in the past.",
    ],
    [
      "a validity date more than a year ahead",
      (l) => approval(l, { validUntil: inDays(400) }),
      "body.validUntil",
      "Choose a validity date within a year from today.",
    ],
    ["a currency the site does not offer", (l) => approval(l, { currency: "ZWL" }), "body.currency", "Choose USD or ZWG."],
    ["an unknown currency", (l) => approval(l, { currency: "EUR" }), "body.currency", "Choose a currency."],
    [
      "a line of another quotation",
      (l, other) =>
        approval(l, {
          lines: [
            { id: l[0], price: "1" },
            { id: other[0], price: "1" },
          ],
        }),
      "body.lines.1.id",
      "is not a product of quotation",
    ],
    [
      "the same line twice",
      (l) =>
        approval(l, {
          lines: [
            { id: l[0], price: "1" },
            { id: l[0], price: "2" },
          ],
        }),
      "body.lines.1.id",
      "is priced twice",
    ],
    ["a rejection without a reason", () => ({ status: "rejected", reason: "   " }), "body.reason", "Give a reason for the rejection."],
    ["an unknown status", () => ({ status: "archived" }), "body.status", "Status must be approved or rejected."],
  ];
  for (const [what, body, path, message] of cases) {
    it(`refuses ${what}`, async () => {
      const q = await newQuotation();
      const other = await newQuotation();
      const before = await stored(q.id);
      const mails = await mailCount();
      const res = await put(q.id, body(q.lines, other.lines));
      expect(res.statusCode).toBe(400);
      const issue = (res.json().issues as { path: string; message: string }[]).find((i) => i.path === path);
      expect(issue?.message).toContain(message);
      expect(await stored(q.id)).toEqual(before);
      expect(await stored(other.id)).toMatchObject({ row: { status: "pending" } });
      expect(await auditEntries(q.id)).toHaveLength(0);
      expect(await mailCount()).toBe(mails);
    });
  }

  it("answers 404 for an unknown id and 400 for an id that is not one", async () => {
    const res = await put(2_147_483_000, { status: "rejected", reason: "x" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Quotation not found." });
    expect((await put("abc", { status: "rejected", reason: "x" })).statusCode).toBe(400);
  });

  it("is for admins: 403 for a dealer and a user, 401 for a visitor, and nothing changes", async () => {
    const q = await newQuotation({ customer_email: actors.identity.dealer.email });
    for (const who of ["dealer", "user"] as const) {
      expect((await put(q.id, approval(q.lines), who)).statusCode, who).toBe(403);
    }
    expect((await put(q.id, approval(q.lines), "anonymous")).statusCode).toBe(401);
    expect((await put(q.id, approval(q.lines), "super")).statusCode).toBe(200);
  });
});

describe("nothing half-done", () => {
  it("leaves the quotation, its prices and the log unchanged and sends nothing when a step of the approval fails", async () => {
    const q = await newQuotation();
    const before = await stored(q.id);
    const sent: unknown[] = [];
    const service = createQuotationsService({
      formLimits: unlimitedForms,
      stock: t.app.services.stock,
      rates: t.app.services.rates,
      db: t.database.db,
      mailer: { send: async (m) => void sent.push(m) },
      settings: { get: async () => DEFAULT_SITE_SETTINGS },
      accounts: { me: async () => ({}) as never },
      catalogue: t.app.services.catalogue,
      audit: {
        record: async () => {
          throw new Error("audit log unavailable");
        },
      },
    });
    const admin = { id: actors.identity.admin.id, role: "admin" } as Parameters<typeof service.decide>[0];
    await expect(
      service.decide(admin, q.id, {
        status: "approved",
        currency: "USD",
        validUntil: inDays(5),
        lines: q.lines.map((id) => ({ id, price: "10" })),
      }),
    ).rejects.toThrow("audit log unavailable");
    expect(await stored(q.id)).toEqual(before);
    expect(sent).toHaveLength(0);
  });

  it("keeps the decision when the SMTP server is down, and the e-mail with its PDF leaves once it is back", async () => {
    const q = await newQuotation();
    await t.app.jobs.drain(); // the request's own mails, sent by the app's worker
    const smtp = flakyTransport();
    const { worker, clock } = manualMailWorker(t.database.db, smtp);
    const service = createQuotationsService({
      formLimits: unlimitedForms,
      stock: t.app.services.stock,
      rates: t.app.services.rates,
      db: t.database.db,
      mailer: createQueuedMailer({ db: t.database.db }),
      settings: { get: async () => DEFAULT_SITE_SETTINGS },
      accounts: { me: async () => ({}) as never },
      catalogue: t.app.services.catalogue,
      audit: t.app.services.audit,
    });
    const admin = { id: actors.identity.admin.id, role: "admin" } as Parameters<typeof service.decide>[0];
    const view = await service.decide(admin, q.id, {
      status: "approved",
      currency: "USD",
      validUntil: inDays(5),
      lines: q.lines.map((id) => ({ id, price: "10" })),
    });
    expect(view.status).toBe("approved");
    expect(await worker.runDue()).toBe(1);
    expect((await stored(q.id)).row?.status).toBe("approved");
    expect(smtp.sent).toHaveLength(0);
    clock.ms += 60_000; // past the first retry (30 s)
    smtp.up = true;
    expect(await worker.runDue()).toBe(1);
    expect(smtp.sent.map((m) => m.to)).toEqual([q.email]);
    expect(smtp.sent[0]?.attachments?.[0]).toMatchObject({ filename: expect.stringMatching(/\.pdf$/), contentType: "application/pdf" });
    expect(await worker.runDue()).toBe(0);
  });
});

describe("expiry applied automatically", () => {
  it("an approved quotation past its validity date reads expired everywhere: list, filter, counts, dealer page, PDF", async () => {
    const q = await newQuotation({ customer_email: actors.identity.dealer.email });
    await put(q.id, approval(q.lines));
    const approvedList = await get(`/api/quotations/?status=approved&q=${encodeURIComponent(q.email)}`);
    expect(approvedList.json().rows.map((r: { id: number }) => r.id)).toContain(q.id);
    const countsBefore = (await get("/api/quotations/summary")).json();

    // The date passes.
    await t.database.db
      .update(quotations)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(quotations.id, q.id));

    const { row } = await stored(q.id);
    expect(row?.status).toBe("approved"); // nothing rewrites the row: the status is worked out when read
    const expiredList = await get(`/api/quotations/?status=expired&pageSize=100`);
    const found = (expiredList.json().rows as { id: number; status: string; valid_until: string }[]).find((r) => r.id === q.id);
    expect(found).toMatchObject({ status: "expired" });
    expect(found?.valid_until).toEqual(row?.validUntil?.toISOString());
    const stillApproved = await get("/api/quotations/?status=approved&pageSize=100");
    expect(stillApproved.json().rows.map((r: { id: number }) => r.id)).not.toContain(q.id);
    // The count of the filtered list is counted in SQL too, whatever the page.
    const expiredPage = await get("/api/quotations/?status=expired&pageSize=1");
    expect(expiredPage.json().count).toBe(expiredList.json().count);

    const countsAfter = (await get("/api/quotations/summary")).json();
    expect(countsAfter.approved).toBe(countsBefore.approved - 1);
    expect(countsAfter.expired).toBe(countsBefore.expired + 1);
    expect(countsAfter.total).toBe(countsBefore.total);

    const mine = (await get("/api/quotations/get-by-user", "dealer")).json() as { id: number; status: string }[];
    expect(mine.find((x) => x.id === q.id)?.status).toBe("expired");
    const pdf = await get(`/api/quotations/${q.id}/pdf`, "dealer");
    expect(pdf.statusCode).toBe(409);
  });

  it("an approval's own date can hold longer than the 30-day rule", async () => {
    const q = await newQuotation({ customer_email: actors.identity.dealer.email });
    await put(q.id, approval(q.lines, { validUntil: inDays(60) }));
    // Requested 40 days ago: past the old 30-day rule, within its own date.
    await t.database.db
      .update(quotations)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(quotations.id, q.id));
    const list = await get(`/api/quotations/?status=approved&q=%23${q.id}`);
    expect(list.json().rows.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([[q.id, "approved"]]);
    expect((await get(`/api/quotations/${q.id}/pdf`, "dealer")).statusCode).toBe(200);
  });

  it("the seed's approved quotation without a date of its own still follows the 30-day rule in SQL and in JS", async () => {
    const legacy = await newQuotation();
    await t.database.db
      .update(quotations)
      .set({ status: "approved", createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(quotations.id, legacy.id));
    const expired = await get(`/api/quotations/?status=expired&q=%23${legacy.id}`);
    expect(expired.json().rows).toHaveLength(1);
    expect(expired.json().rows[0].status).toBe("expired");
    expect((await get(`/api/quotations/?status=approved&q=%23${legacy.id}`)).json().rows).toHaveLength(0);
  });
  it("the SQL rule and the JS rule agree at the Harare day boundary", async () => {
    // Requested in the last millisecond of a Harare day 31 days ago: held to the end of yesterday, so expired.
    // Requested a day later: held to the end of today. The SQL filter and the answered status must agree on both.
    const cases = [
      { createdAt: endOfHarareDay(inDays(-31)), expect: "expired" },
      { createdAt: endOfHarareDay(inDays(-30)), expect: "approved" },
      { createdAt: new Date(endOfHarareDay(inDays(-31)).getTime() + 1), expect: "approved" },
    ];
    for (const c of cases) {
      const q = await newQuotation();
      await t.database.db.update(quotations).set({ status: "approved", createdAt: c.createdAt }).where(eq(quotations.id, q.id));
      const inFilter = await get(`/api/quotations/?status=${c.expect}&q=%23${q.id}`);
      expect(
        inFilter.json().rows.map((r: { status: string }) => r.status),
        c.createdAt.toISOString(),
      ).toEqual([c.expect]);
    }
  });
});

describe("GET /api/quotations/ — search and summary", () => {
  it("finds quotations by part of the name or e-mail address, or by id, with the status filter and paging", async () => {
    const a = await newQuotation({ customer_name: "Zvikomborero Searchable" });
    const b = await newQuotation({ customer_email: "unique-search-address@example.com" });
    const ids = async (query: string) => ((await get(`/api/quotations/?${query}`)).json().rows as { id: number }[]).map((r) => r.id);
    expect(await ids("q=zvikomborero")).toEqual([a.id]);
    expect(await ids("q=UNIQUE-SEARCH")).toEqual([b.id]);
    expect(await ids(`q=${b.id}`)).toContain(b.id);
    expect(await ids(`q=%23${a.id}`)).toEqual([a.id]);
    expect(await ids("q=zvikomborero&status=pending")).toEqual([a.id]);
    expect(await ids("q=zvikomborero&status=rejected")).toEqual([]);
    // A search is text, never a pattern.
    expect(await ids("q=%25")).toEqual([]);
    const paged = await get("/api/quotations/?pageSize=2&page=2");
    expect(paged.json().rows).toHaveLength(2);
    const [total] = await t.database.db.select({ n: count() }).from(quotations);
    expect(paged.json().count).toBe(total?.n);
  });

  it("counts quotations per status, matching each filtered list's count, and narrows to a search", async () => {
    const res = await get("/api/quotations/summary");
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    for (const status of ["pending", "approved", "rejected", "expired"] as const) {
      const list = (await get(`/api/quotations/?status=${status}&pageSize=1`)).json();
      expect(summary[status], status).toBe(list.count);
    }
    const [total] = await t.database.db.select({ n: count() }).from(quotations);
    expect(summary.total).toBe(total?.n);
    const q = await newQuotation({ customer_name: "Summary Only-One" });
    expect((await get("/api/quotations/summary?q=only-one")).json()).toEqual({
      pending: 1,
      approved: 0,
      rejected: 0,
      expired: 0,
      accepted: 0,
      total: 1,
    });
    expect(q.id).toBeGreaterThan(0);
  });

  it("is for admins", async () => {
    expect((await get("/api/quotations/summary", "dealer")).statusCode).toBe(403);
    expect((await get("/api/quotations/summary", "anonymous")).statusCode).toBe(401);
  });
});

describe("GET /api/quotations/export.csv", () => {
  it("exports the filtered list with its products, prices and decisions, safe for spreadsheets", async () => {
    const q = await newQuotation({ customer_name: '=HYPERLINK("x") Export', notes: 'Line one, "quoted"' });
    await put(q.id, approval(q.lines));
    const r = await newQuotation({ customer_name: "Export Rejected" });
    await put(r.id, { status: "rejected", reason: "No stock, sorry." });

    const res = await get("/api/quotations/export.csv?q=export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="quotations-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Id,Status,Date,Name,Email,Phone,Address,Notes,Products,Currency,Excl. VAT,VAT rate,VAT,Total,Other currency,Other total,Exchange rate,Valid until,Reason,Decided",
    );
    expect(lines).toHaveLength(3);
    // Newest first: the rejected one was requested last.
    expect(lines[1]).toMatch(new RegExp(`^${r.id},rejected,`));
    expect(lines[1]).toContain("No stock, sorry.");
    expect(lines[2]).toMatch(new RegExp(`^${q.id},approved,`));
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"") Export"`);
    expect(lines[2]).toContain(`"Line one, ""quoted"""`);
    expect(lines[2]).toMatch(/2 × .+; 3 × /);
    // The JSON's figures: 2 × 1,250.50 + 3 × 99.00 excl. VAT, VAT at 15.5 % on the rate's sum (decision 031: 433.69,
    // where rounding each line gave 433.70), the total incl. VAT.
    expect(lines[2]).toContain(",USD,2798.00,15.50,433.69,3231.69,");
    // Dates in the one form every export uses: ISO in Harare time, and the last day as a Harare date.
    expect(lines[2]).toContain(`,${inDays(14)},`);
    expect(lines[2]).toMatch(/^\d+,approved,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+02:00,/);

    const onlyRejected = await get("/api/quotations/export.csv?q=export&status=rejected");
    expect(onlyRejected.body.trimEnd().split("\r\n")).toHaveLength(2);
  });

  it("is for admins", async () => {
    expect((await get("/api/quotations/export.csv", "dealer")).statusCode).toBe(403);
    expect((await get("/api/quotations/export.csv", "anonymous")).statusCode).toBe(401);
  });
});

describe("OpenAPI", () => {
  it("documents the new routes", async () => {
    const doc = (await t.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.paths["/api/quotations/{id}"]?.put).toBeDefined();
    expect(doc.paths["/api/quotations/summary"]?.get).toBeDefined();
    expect(doc.paths["/api/quotations/export.csv"]?.get).toBeDefined();
  });
});
