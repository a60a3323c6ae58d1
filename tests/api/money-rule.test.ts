import { asc, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { installations } from "#server/db/schema/dealers.ts";
import { PAYMENT_PROOFS_NOT_FOR_TECHNICIANS } from "#server/modules/orders/payment-proofs.service.ts";
import { QUOTATION_PRICES_NOT_FOR_TECHNICIANS } from "#server/modules/quotations/quotations.service.ts";
import type { PaymentProofView } from "#shared/schemas/payment-proofs.ts";
import { type Account, BUILT_PASSWORD, buildDealerCompany, type DealerCompany } from "../support/builders.ts";
import { file, multipart } from "../support/multipart.ts";
import { orderRequest } from "../support/orders.ts";
import { attachments, decoded, header, linkToken, outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * One money rule for every channel (`can.readPastAmounts`, DESIGN.md §10): a dealer company's technician reads no price
 * and none of the company's finance in any output — the PDF and e-mails of its own quotation, the proofs of payment
 * and their files, the payment notes of an order's timeline, the company's tier, discount, tax numbers and customers'
 * contacts — while the company's owner and buyers and the back office keep everything.
 */

let t: TestApp;
let company: DealerCompany;
let productId: number;
let productName: string;
const who: Record<"owner" | "buyer" | "technician" | "admin", Record<string, string>> = {} as never;

async function signIn(account: Account, ip: string): Promise<Record<string, string>> {
  const res = await t.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: ip,
    payload: { user: account.username, password: BUILT_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login as ${account.username}: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().token}` };
}

beforeAll(async () => {
  t = await createTestApp();
  company = await buildDealerCompany(t.database.db, "money-rule");
  who.owner = await signIn(company.owner, "192.0.2.41");
  who.buyer = await signIn(company.buyer, "192.0.2.42");
  who.technician = await signIn(company.technician, "192.0.2.43");
  who.admin = await t.loginAs("admin");
  const [p] = await t.database.db
    .select({ id: products.productId, name: products.productName })
    .from(products)
    .where(isNotNull(products.priceUsd))
    .orderBy(asc(products.productId))
    .limit(1);
  productId = p?.id as number;
  productName = p?.name as string;
});
afterAll(() => t?.close());

const as = (name: keyof typeof who, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  t.inject({ method, url, headers: who[name], ...(payload === undefined ? {} : { payload: payload as never }) });

describe("a technician's own quotation", () => {
  let quotationId: number;
  let approvalMail: string;

  beforeAll(async () => {
    const asked = await as("technician", "POST", "/api/quotations", {
      customer_name: company.technician.fullName,
      customer_address: "3 Kwame Nkrumah Avenue, Harare",
      customer_email: company.technician.email,
      customer_phone: "+263 77 555 0101",
      products: [{ product_id: productId, quantity: 3 }],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    quotationId = asked.json().id;
    const before = (await outboxMails(t.dataDir)).length;
    const approved = await as("admin", "PUT", `/api/quotations/${quotationId}`, { status: "approved" });
    expect(approved.statusCode, approved.body).toBe(200);
    const mails = (await outboxMails(t.dataDir)).slice(before);
    approvalMail = mails.find((m) => header(m, "To").includes(company.technician.email)) as string;
    expect(approvalMail, "the technician is told the quotation is ready").toBeDefined();
  });

  it("the red team's request: its PDF is refused to the technician (403), an admin still downloads it", async () => {
    const res = await as("technician", "GET", `/api/quotations/${quotationId}/pdf`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: QUOTATION_PRICES_NOT_FOR_TECHNICIANS });
    expect(res.headers["content-type"]).not.toContain("application/pdf");
    const admin = await as("admin", "GET", `/api/quotations/${quotationId}/pdf`);
    expect(admin.statusCode).toBe(200);
    expect(admin.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("its approval e-mail names the products and the validity, with no amount and no PDF attached", async () => {
    const body = decoded(approvalMail);
    expect(body).toContain(productName);
    expect(body).toContain("Prices are not shown to a technician's account");
    expect(body).not.toMatch(/USD|Unit price|Total/);
    expect(attachments(approvalMail)).toEqual([]);
  });

  it("the e-mail's private link opens the quotation without any amount (the accept page's read)", async () => {
    const token = linkToken(approvalMail, `/quotations/${quotationId}/accept`);
    const { quotation, prices } = await t.app.services.quotations.viewByToken(quotationId, token);
    expect(prices).toBe(false);
    expect(quotation).toMatchObject({ status: "approved", subtotal: null, vat: null, total: null, charges: [] });
    expect(quotation.lines.map((l) => [l.quoted_price, l.line_total])).toEqual([[null, null]]);
    expect(quotation.products.map((p) => [p.price, p.price_zwl, p.quoted_price])).toEqual([[null, null, null]]);
  });

  it("its reminder carries no total", async () => {
    const before = (await outboxMails(t.dataDir)).length;
    // Three days before it expires: the reminder job's window.
    const validUntil = new Date((await as("admin", "GET", `/api/quotations/?q=${quotationId}`)).json().rows[0].valid_until);
    await t.app.services.quotations.remindExpiring(new Date(validUntil.getTime() - 2 * 86_400_000));
    const reminder = (await outboxMails(t.dataDir)).slice(before).find((m) => header(m, "To").includes(company.technician.email));
    expect(reminder, "the reminder is sent").toBeDefined();
    expect(decoded(reminder as string)).not.toMatch(/USD|incl\. VAT/);
  });
});

describe("an order's proofs of payment and payment notes", () => {
  let orderId: number;
  let proof: PaymentProofView;
  const REFERENCE = "ZB-MONEY-RULE-4471";

  beforeAll(async () => {
    const placed = await as("owner", "POST", "/api/orders", orderRequest([{ product_id: productId, quantity: 1 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    orderId = placed.json().id;
    const slip = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a6fb0" } })
      .png()
      .toBuffer();
    const body = multipart([{ name: "reference", data: REFERENCE }, file("file", "bank slip.png", slip)]);
    const sent = await t.inject({
      method: "POST",
      url: `/api/orders/${orderId}/payment-proof`,
      headers: { ...who.buyer, ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    proof = (sent.json() as PaymentProofView[])[0] as PaymentProofView;
    const paid = await as("admin", "PUT", `/api/orders/${orderId}/confirm-payment`, { paymentReference: REFERENCE });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it("the red team's request: the proof's file is refused to the technician (403); the buyer and an admin read it", async () => {
    const res = await as("technician", "GET", proof.url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PAYMENT_PROOFS_NOT_FOR_TECHNICIANS });
    // Whatever the ids: the refusal is the role's, before anything is read.
    expect((await as("technician", "GET", `/api/orders/${orderId}/payment-proofs/2147483000/file`)).statusCode).toBe(403);
    expect((await as("buyer", "GET", proof.url)).statusCode).toBe(200);
    expect((await as("admin", "GET", proof.url)).statusCode).toBe(200);
  });

  it("the proofs' list is refused to the technician (403) and answered to the owner", async () => {
    expect((await as("technician", "GET", `/api/orders/${orderId}/payment-proofs`)).statusCode).toBe(403);
    const own = await as("owner", "GET", `/api/orders/${orderId}/payment-proofs`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([proof]);
  });

  it("the order's JSON (one and the list) carries no proof and no payment reference for the technician", async () => {
    for (const url of [`/api/orders/${orderId}`, "/api/orders/mine"]) {
      const res = await as("technician", "GET", url);
      expect(res.statusCode).toBe(200);
      expect(res.body, url).not.toContain(REFERENCE);
      expect(res.body, url).not.toContain("payment-proofs");
    }
    const one = (await as("technician", "GET", `/api/orders/${orderId}`)).json();
    expect(one.payment_proofs).toEqual([]);
    expect(one.history.map((h: { status: string }) => h.status)).toContain("paid");
    // The owner's and the buyer's view keep both.
    const owner = (await as("owner", "GET", `/api/orders/${orderId}`)).json();
    expect(owner.payment_proofs).toEqual([proof]);
    expect(owner.history.find((h: { status: string }) => h.status === "paid")?.note).toContain(REFERENCE);
  });
});

describe("GET /api/dealer/{ownerId}: the company's application", () => {
  beforeAll(async () => {
    await t.database.db.insert(installations).values({
      dealerId: company.dealerId,
      clientId: "money-rule-1",
      systemDescription: "10 kW hybrid for a clinic",
      sizeOfSystem: "10kW",
      email: "clinic.customer@example.com",
      phoneNumber: "+263 77 999 0000",
    });
  });

  it("omits the tier, the tax numbers and the customers' contacts for the technician", async () => {
    const res = await as("technician", "GET", `/api/dealer/${company.owner.id}`);
    expect(res.statusCode).toBe(200);
    const app = res.json();
    expect(app).toMatchObject({ registered_company: company.registeredCompany, tier: null, TIN: null, VAT_number: null });
    expect(app.installations).toEqual([
      { id: "money-rule-1", systemDescription: "10 kW hybrid for a clinic", sizeOfSystem: "10kW", email: null, phoneNumber: null },
    ]);
    expect(res.body).not.toContain("clinic.customer@example.com");
    expect(res.body).not.toContain("discount_percent");
  });

  it("keeps them for the buyer, the owner and an admin", async () => {
    for (const name of ["buyer", "owner", "admin"] as const) {
      const app = (await as(name, "GET", `/api/dealer/${company.owner.id}`)).json();
      expect(app.TIN, name).toMatch(/^\d+$/);
      expect(app.VAT_number, name).toMatch(/^\d+$/);
      expect(app.tier, name).toMatchObject({ discount_percent: expect.any(String) });
      expect(app.installations[0], name).toMatchObject({ email: "clinic.customer@example.com", phoneNumber: "+263 77 999 0000" });
    }
  });
});
