import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { orderPaymentProofs, quotationProducts, quotations } from "#server/db/schema/commerce.ts";
import { actorFrom } from "#server/platform/auth/actor.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import {
  ONLY_IMAGE_OR_PDF,
  PAYMENT_PROOF_NOT_AWAITING,
  PAYMENT_PROOF_REFERENCE_REQUIRED,
  PAYMENT_REFERENCE_CONTROL_CHARACTERS,
  type PaymentProofView,
} from "#shared/schemas/payment-proofs.ts";
import { type ActorName, type Actors, createActors } from "../support/actors.ts";
import { type FormPart, file, multipart } from "../support/multipart.ts";
import { orderRequest } from "../support/orders.ts";
import { decoded, header, outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let actors: Actors;
let productIds: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const rows = await t.database.db
    .select({ id: products.productId })
    .from(products)
    .where(isNotNull(products.priceUsd))
    .orderBy(asc(products.productId))
    .limit(2);
  productIds = rows.map((r) => r.id);
});
afterAll(() => t?.close());

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a6fb0" } })
    .png()
    .toBuffer();
const PDF = Buffer.from(
  "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

async function placeOrder(who: ActorName = "dealer"): Promise<OrderView> {
  const res = await actors.inject(who, {
    method: "POST",
    url: "/api/orders",
    payload: orderRequest(productIds.map((product_id) => ({ product_id, quantity: 1 }))),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const send = (who: ActorName, orderId: number, parts: FormPart[]) => {
  const body = multipart(parts);
  return actors.inject(who, { method: "POST", url: `/api/orders/${orderId}/payment-proof`, payload: body.payload, headers: body.headers });
};

describe("POST /api/orders/{id}/payment-proof", () => {
  it("stores a bank slip with its reference, lists it in the order JSON, audits it and e-mails the sales address", async () => {
    const order = await placeOrder();
    const before = (await outboxMails(t.dataDir)).length;
    const res = await send("dealer", order.id, [
      { name: "reference", data: "  ZB-2026-118822 " },
      file("file", "bank slip.png", await png()),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const proofs: PaymentProofView[] = res.json();
    expect(proofs).toHaveLength(1);
    expect(proofs[0]).toMatchObject({
      reference: "ZB-2026-118822",
      original_name: "bank slip.png",
      mime_type: "image/png",
      uploaded_by: actors.identity.dealer.fullName,
      url: `/api/orders/${order.id}/payment-proofs/${proofs[0]?.id}/file`,
    });

    const again = await actors.inject("dealer", { method: "GET", url: `/api/orders/${order.id}` });
    expect(again.json().payment_proofs).toEqual(proofs);
    const listed = await actors.inject("admin", { method: "GET", url: `/api/orders/${order.id}/payment-proofs` });
    expect(listed.json()).toEqual(proofs);
    const adminOrder = await actors.inject("admin", { method: "GET", url: `/api/orders/${order.id}` });
    expect(adminOrder.json().payment_proofs).toEqual(proofs);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(order.id)), eq(auditLog.action, "payment_proof")))
      .orderBy(desc(auditLog.id));
    expect(entry?.summary).toContain("ZB-2026-118822");

    const mails = (await outboxMails(t.dataDir)).slice(before);
    const mail = mails.find((m) => header(m, "Subject").includes(`Proof of payment for order ${order.reference}`));
    expect(mail, "the sales address is told").toBeDefined();
    expect(header(mail as string, "To")).toContain("sales@");
    expect(decoded(mail as string)).toContain("ZB-2026-118822");
    expect(decoded(mail as string)).toContain(`/admin/orders/${order.id}`);
  });

  it("takes a PDF too, and an admin reads the file while another dealer and a visitor cannot", async () => {
    const order = await placeOrder();
    const res = await send("dealer", order.id, [
      { name: "reference", data: "ZIPIT 5512" },
      file("file", "zipit.pdf", PDF, "application/pdf"),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [proof] = res.json() as PaymentProofView[];
    expect(proof?.mime_type).toBe("application/pdf");
    const url = proof?.url as string;

    const asAdmin = await actors.inject("admin", { method: "GET", url });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers["content-type"]).toBe("application/pdf");
    expect(asAdmin.headers["cache-control"]).toContain("no-store");
    expect(asAdmin.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const asDealer = await actors.inject("dealer", { method: "GET", url });
    expect(asDealer.statusCode).toBe(200);
    expect((await actors.inject("otherDealer", { method: "GET", url })).statusCode).toBe(404);
    // A role that reads no company's finance is refused before the ids are read (the money rule, money-rule.test.ts).
    expect((await actors.inject("user", { method: "GET", url })).statusCode).toBe(403);
    expect((await actors.inject("anonymous", { method: "GET", url })).statusCode).toBe(401);
    expect((await actors.inject("otherDealer", { method: "GET", url: `/api/orders/${order.id}/payment-proofs` })).statusCode).toBe(404);
    // Never public.
    const [row] = await t.database.db
      .select()
      .from(orderPaymentProofs)
      .where(eq(orderPaymentProofs.id, proof?.id as number));
    expect((await t.inject({ method: "GET", url: `/media/${row?.storageKey}` })).statusCode).toBe(404);
  });

  it("refuses a file that is neither an image nor a PDF, and a missing reference, storing nothing", async () => {
    const order = await placeOrder();
    const svg = await send("dealer", order.id, [
      { name: "reference", data: "REF-1" },
      file("file", "slip.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "image/svg+xml"),
    ]);
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe(ONLY_IMAGE_OR_PDF);
    const text = await send("dealer", order.id, [
      { name: "reference", data: "REF-1" },
      file("file", "slip.png", Buffer.from("not really a picture")),
    ]);
    expect(text.statusCode).toBe(415);
    const noReference = await send("dealer", order.id, [file("file", "slip.png", await png())]);
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().message).toBe(PAYMENT_PROOF_REFERENCE_REQUIRED);
    const rows = await t.database.db.select().from(orderPaymentProofs).where(eq(orderPaymentProofs.orderId, order.id));
    expect(rows).toHaveLength(0);
  });

  it("refuses a reference with a control character (a NUL, an escape, a line break or a tab) with 400 on the field, storing nothing", async () => {
    const order = await placeOrder();
    for (const reference of [
      "ZB-2026\u0000118822",
      "ZB\u001b[2J-118822",
      "ZB-1\r\nPaid in full: USD 0.00",
      "ZB\t118822",
      "ZB\u0085118822",
    ]) {
      const res = await send("dealer", order.id, [{ name: "reference", data: reference }, file("file", "slip.png", await png())]);
      expect({ reference, status: res.statusCode, body: res.json() }).toEqual({
        reference,
        status: 400,
        body: {
          message: PAYMENT_REFERENCE_CONTROL_CHARACTERS,
          issues: [{ path: "body.reference", message: PAYMENT_REFERENCE_CONTROL_CHARACTERS }],
        },
      });
    }
    const rows = await t.database.db.select().from(orderPaymentProofs).where(eq(orderPaymentProofs.orderId, order.id));
    expect(rows).toHaveLength(0);
    // The admin's confirmation takes the same one-line reference.
    const confirm = await actors.inject("admin", {
      method: "PUT",
      url: `/api/orders/${order.id}/confirm-payment`,
      payload: { paymentReference: "ZB-1\nPaid" },
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().message).toBe(PAYMENT_REFERENCE_CONTROL_CHARACTERS);
  });

  it("refuses what the dealer documents' checks refuse: a polyglot image, a PDF with markup after its end, a file over 3 MB", async () => {
    const order = await placeOrder();
    const withZip = Buffer.concat([await png(), Buffer.from("PK\u0003\u0004 a zip archive after the image's end")]);
    const polyglot = await send("dealer", order.id, [{ name: "reference", data: "REF-3" }, file("file", "slip.png", withZip)]);
    expect(polyglot.statusCode).toBe(415);
    const htmlPdf = Buffer.concat([PDF, Buffer.from("<html><script>alert(1)</script></html>".repeat(4))]);
    const pdf = await send("dealer", order.id, [
      { name: "reference", data: "REF-3" },
      file("file", "slip.pdf", htmlPdf, "application/pdf"),
    ]);
    expect(pdf.statusCode).toBe(415);
    const big = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(3 * 1024 * 1024 + 10, 0x20)]);
    const tooLarge = await send("dealer", order.id, [
      { name: "reference", data: "REF-3" },
      file("file", "slip.pdf", big, "application/pdf"),
    ]);
    expect(tooLarge.statusCode).toBe(413);
    const rows = await t.database.db.select().from(orderPaymentProofs).where(eq(orderPaymentProofs.orderId, order.id));
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for another company's order, 401 to a visitor, 403 to a plain user, 409 once the order is paid", async () => {
    const order = await placeOrder();
    const parts = async () => [{ name: "reference", data: "REF-2" }, file("file", "slip.png", await png())];
    const other = await send("dealer", actors.otherDealer.orderId, await parts());
    expect(other.statusCode).toBe(404);
    expect((await send("otherDealer", order.id, await parts())).statusCode).toBe(404);
    expect((await send("anonymous", order.id, await parts())).statusCode).toBe(401);
    expect((await send("user", order.id, await parts())).statusCode).toBe(403);

    const paid = await actors.inject("admin", {
      method: "PUT",
      url: `/api/orders/${order.id}/confirm-payment`,
      payload: { paymentReference: "REF-2" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const late = await send("dealer", order.id, await parts());
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PAYMENT_PROOF_NOT_AWAITING);
  });
});

describe("the dealer's home (issue 25 §5)", () => {
  const actorOf = async (name: "dealer" | "user" | "admin") => {
    const [row] = await t.database.db.select().from(users).where(eq(users.username, actors.identity[name].username));
    if (!row) throw new Error(`no ${name}`);
    return actorFrom(row, "test-session");
  };

  it("gives an approved dealer their status, tier, open quotations and unpaid orders; applicants and admins get none", async () => {
    const order = await placeOrder();
    const dealer = await actorOf("dealer");
    // An approved quotation of the company, valid a week more.
    const [q] = await t.database.db
      .insert(quotations)
      .values({
        userId: dealer?.id as number,
        requesterName: "Farai Dealer",
        requesterAddress: "45 Lytton Road, Harare",
        requesterPhone: "+263 77 123 4567",
        requesterEmail: "dealer@solar-demo.example",
        status: "approved",
        validUntil: new Date(Date.now() + 7 * 86_400_000),
      })
      .returning();
    await t.database.db
      .insert(quotationProducts)
      .values({ quotationId: q?.id as number, productId: productIds[0] as number, productName: "Home quote panel", quantity: 4 });

    const home = await t.app.services.dealerHome.home(dealer);
    expect(home).not.toBeNull();
    expect(home?.status).toBe("Approved");
    expect(home?.tier?.name).toBe("Silver");
    expect(home?.sees_prices).toBe(true);
    const open = home?.quotations?.find((x) => x.id === q?.id);
    expect(open).toMatchObject({ status: "approved", products: [{ name: "Home quote panel", quantity: 4 }] });
    expect(open?.valid_until).not.toBeNull();
    const unpaid = home?.orders.find((o) => o.id === order.id);
    expect(unpaid).toMatchObject({ reference: order.reference, status: "awaiting_payment", total: order.total, currency: "USD" });
    // Orders awaiting payment come first.
    const firstPaid = home?.orders.findIndex((o) => o.status !== "awaiting_payment") ?? -1;
    const lastUnpaid = home?.orders.map((o) => o.status).lastIndexOf("awaiting_payment") ?? -1;
    if (firstPaid >= 0) expect(lastUnpaid).toBeLessThan(firstPaid);
    // The other dealer's order is not theirs.
    expect(home?.orders.some((o) => o.id === actors.otherDealer.orderId)).toBe(false);

    expect(await t.app.services.dealerHome.home(await actorOf("user"))).toBeNull();
    expect(await t.app.services.dealerHome.home(await actorOf("admin"))).toBeNull();
    expect(await t.app.services.dealerHome.home(null)).toBeNull();
  });

  it("leaves amounts, the tier, quotations and invoices out for a technician of the company", async () => {
    const dealer = await actorOf("dealer");
    const technician = {
      ...(dealer as NonNullable<typeof dealer>),
      id: 999_999,
      role: "technician" as const,
      roleId: 5,
      teamRole: "technician" as const,
    };
    const home = await t.app.services.dealerHome.home(technician);
    expect(home?.sees_prices).toBe(false);
    expect(home?.tier).toBeNull();
    expect(home?.quotations).toBeNull();
    expect(home?.invoices).toBeNull();
    expect(home?.orders.length).toBeGreaterThan(0);
    expect(home?.orders.every((o) => o.total === null)).toBe(true);
  });
});
