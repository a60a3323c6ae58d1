// @module-tag db: runs on PostgreSQL too (decision 022)
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FdmsConfig } from "#server/config.ts";
import { users } from "#server/db/schema/accounts.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { orderLines, orderPayments, orders } from "#server/db/schema/commerce.ts";
import { fiscalDays, fiscalDevices } from "#server/db/schema/fiscal.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { taxDocuments } from "#server/db/schema/money.ts";
import { createFiscalService, FISCAL_SUBMIT_JOB, KEPT_BY_FDMS } from "#server/modules/fiscal/fiscal.service.ts";
import type { Actor } from "#server/platform/auth/actor.ts";
import { silentLog } from "#server/platform/log.ts";
import { documentNumber, type FiscalData, type TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import { createActors } from "../support/actors.ts";
import { type FdmsStandInEnv, startFdmsStandInEnv } from "../support/fdms-env.ts";
import { certificateThumbprint, type FdmsStandIn } from "../support/fdms-stand-in.ts";
import { decoded, header, outboxMails } from "../support/outbox.ts";
import { placePaidOrder } from "../support/paid-orders.ts";
import { pdfText } from "../support/pdf-text.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Tax documents fiscalised through ZIMRA's FDMS, against a local stand-in that speaks the Fiscal Device
 * Gateway API (mutual TLS, signatures, hash chain, counters). The issuing service is not here yet: the tests insert
 * the documents and call enqueueFiscalisation in a transaction as it will.
 */

let fdms: FdmsStandIn;
let t: TestApp;
let stand: FdmsStandInEnv;
// Above the demo's own invoice numbers (the seed issues INV-2026-000001 …).
let sequence = 9000;
/** The back office's actions need an admin (the services check; these tests call them directly). */
const admin: Actor = { id: 1, roleId: 1, role: "admin", sessionId: "test", emailVerified: true, companyUserId: 1, teamRole: null };

function content(kind: "invoice" | "credit_note", invoiceNumber?: string): TaxDocumentContent {
  const party = {
    name: "Sunrise Solar",
    // One line, no parts: left out of the receipt, which sends an address only in FDMS's four parts (decision 016, row 38).
    address: "12 Samora Machel Ave, Harare",
    tin: "2000999999",
    vat_number: "220999999",
    email: null,
    phone: null,
  };
  return {
    seller: { ...party, name: "Solar Demo" },
    buyer: party,
    order_reference: "ORD",
    currency: "USD",
    lines: [
      {
        product_id: null,
        name: "Panel 550 W",
        hs_code: "85414300",
        quantity: 2,
        vat_category: "standard",
        vat_rate: "15.50",
        unit_price: "100.00",
        net: "200.00",
        vat: "31.00",
        total: "231.00",
      },
      {
        product_id: null,
        name: "Solar lamp",
        hs_code: "94054000",
        quantity: 1,
        vat_category: "zero_rated",
        vat_rate: "0.00",
        unit_price: "50.00",
        net: "50.00",
        vat: "0.00",
        total: "50.00",
      },
      {
        product_id: null,
        name: "Manual",
        hs_code: null,
        quantity: 1,
        vat_category: "exempt",
        vat_rate: null,
        unit_price: "5.81",
        net: "5.81",
        vat: "0.00",
        total: "5.81",
      },
    ],
    vat_summary: [
      { vat_rate: "15.50", net: "200.00", vat: "31.00" },
      { vat_rate: "0.00", net: "50.00", vat: "0.00" },
      { vat_rate: null, net: "5.81", vat: "0.00" },
    ],
    totals: { subtotal: "255.81", vat: "31.00", total: "286.81" },
    other_currency: null,
    other_totals: null,
    exchange_rate: null,
    rate_date: null,
    credits: kind === "credit_note" ? { number: invoiceNumber ?? "", issued_at: new Date().toISOString() } : null,
    reason: kind === "credit_note" ? "Order cancelled" : "",
  };
}

/**
 * An order and its tax invoice (or the credit note of `invoice`), issued and queued as the issuing service will; `of`
 * gives the order and the document's content instead of the fixed ones.
 */
async function issue(
  app: TestApp,
  kind: "invoice" | "credit_note",
  invoice?: { id: number; orderId: number; number: string },
  of?: { orderId: number; content: TaxDocumentContent },
) {
  const db = app.database.db;
  let orderId = invoice?.orderId ?? of?.orderId;
  if (!orderId) {
    const [user] = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
    const [order] = await db
      .insert(orders)
      .values({ userId: user?.id as number, totalUsd: "286.81", status: "paid" })
      .returning({ id: orders.id });
    orderId = order?.id as number;
  }
  sequence++;
  const number = documentNumber(kind, 2026, sequence);
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .insert(taxDocuments)
      .values({
        kind,
        number,
        year: 2026,
        sequence,
        orderId: orderId as number,
        invoiceId: invoice?.id ?? null,
        issuedAt: new Date(),
        reason: kind === "credit_note" ? "Order cancelled" : "",
        buyerName: "Sunrise Solar",
        buyerTin: "2000999999",
        buyerVatNumber: "220999999",
        currency: "USD",
        subtotal: "255.81",
        vat: "31.00",
        total: "286.81",
        content: of?.content ?? content(kind, invoice?.number),
      })
      .returning({ id: taxDocuments.id });
    const queued = await app.app.services.fiscal.enqueueFiscalisation(tx, doc?.id as number);
    return { id: doc?.id as number, orderId: orderId as number, number, queued };
  });
}

async function documents(ids: number[]) {
  return t.database.db.select().from(taxDocuments).where(inArray(taxDocuments.id, ids)).orderBy(asc(taxDocuments.id));
}

beforeAll(async () => {
  stand = await startFdmsStandInEnv({ FDMS_DELIVERY_HS_CODE: "99002000" });
  fdms = stand.fdms;
  t = await createTestApp({ env: stand.env });
});

afterAll(async () => {
  await t?.close();
  await stand?.close();
});

describe("fiscalisation through FDMS", () => {
  it("registers the device, opens a day, fiscalises 3 invoices and a credit note with a valid chain, and closes the day", async () => {
    const a = await issue(t, "invoice");
    const b = await issue(t, "invoice");
    const c = await issue(t, "invoice");
    const cn = await issue(t, "credit_note", a);
    expect([a, b, c, cn].every((d) => d.queued)).toBe(true);
    expect((await documents([a.id])).map((d) => d.fiscalStatus)).toEqual(["pending"]);

    // Nothing is sent before the job runs; then everything in order.
    expect(fdms.receipts).toHaveLength(0);
    await t.app.jobs.drain();

    expect(fdms.registered()).toBe(true);
    // The device's private key is kept sealed with FDMS_KEY_SECRET (decision 016), and still signs.
    const [device] = await t.database.db.select().from(fiscalDevices);
    expect(device?.privateKey).toMatch(/^fdms-key:v1:/);
    expect(device?.privateKey).not.toContain("PRIVATE KEY");
    const docs = await documents([a.id, b.id, c.id, cn.id]);
    expect(docs.map((d) => d.fiscalStatus)).toEqual(["fiscalised", "fiscalised", "fiscalised", "fiscalised"]);
    // The stand-in accepted each receipt only after checking its counter, global number, hash chain and signature.
    expect(fdms.receipts.map((r) => [r.receipt.invoiceNo, r.receipt.receiptGlobalNo, r.receipt.receiptCounter, r.fiscalDayNo])).toEqual([
      [a.number, 1, 1, 1],
      [b.number, 2, 2, 1],
      [c.number, 3, 3, 1],
      [cn.number, 4, 4, 1],
    ]);
    expect(fdms.receipts[3]?.receipt.receiptType).toBe("CreditNote");
    expect(fdms.receipts[3]?.receipt.creditDebitNote).toMatchObject({ deviceID: fdms.deviceId, receiptGlobalNo: 1, fiscalDayNo: 1 });
    const fiscal = docs[0]?.fiscal as FiscalData;
    expect(fiscal).toMatchObject({
      device_id: fdms.deviceId,
      device_serial: fdms.serialNo,
      fiscal_day_no: 1,
      receipt_counter: 1,
      receipt_global_no: 1,
    });
    expect(fiscal.verification_code).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    expect(fiscal.qr_url).toMatch(
      new RegExp(`^https://fdmstest\\.zimra\\.co\\.zw/${String(fdms.deviceId).padStart(10, "0")}\\d{8}0000000001[0-9A-F]{16}$`),
    );
    expect(fiscal.qr_url.endsWith(fiscal.verification_code.replaceAll("-", ""))).toBe(true);
    expect(fiscal.receipt_id).toBe(fdms.receipts[0]?.receiptID);
    // FDMS's signature on its answer is kept and verified with its certificate (FDMS_SERVER_CERT_FILE).
    expect(fiscal.server_signature).toEqual({
      ...fdms.receipts[0]?.receiptServerSignature,
      certificate_thumbprint: certificateThumbprint(fdms.signingCertificate),
      certificateThumbprint: undefined,
      server_date: fdms.receipts[0]?.serverDate,
      check: "verified",
    });
    expect(docs.every((d) => (d.fiscal as FiscalData).server_signature?.check === "verified")).toBe(true);
    // FDMS found nothing wrong with any of them.
    expect(fdms.receipts.flatMap((r) => r.validationErrors)).toEqual([]);

    // Closing: the counters and their signature match the stand-in's own.
    const closed = await t.app.services.fiscal.closeDay(admin);
    expect(closed).toEqual({ dayNo: 1, status: "closed" });
    expect(fdms.days[0]?.status).toBe("FiscalDayClosed");
    const [day] = await t.database.db.select().from(fiscalDays).where(eq(fiscalDays.dayNo, 1));
    expect(day).toMatchObject({ status: "closed", receiptCounter: 4 });

    // The key never leaves the database: not in the back office's overview.
    const overview = await t.app.services.fiscal.overview(admin);
    expect(JSON.stringify(overview)).not.toMatch(/PRIVATE KEY|CERTIFICATE-----/);
    expect(overview.day).toMatchObject({ dayNo: 1, status: "closed", receiptCounter: 4 });
  });

  it("keeps documents pending while FDMS is down and fiscalises them in order when it is back, none twice", async () => {
    await fdms.down();
    const d1 = await issue(t, "invoice");
    const d2 = await issue(t, "invoice");
    await t.app.jobs.drain();
    expect((await documents([d1.id, d2.id])).map((d) => d.fiscalStatus)).toEqual(["pending", "pending"]);
    const waiting = await t.database.db.select().from(jobs).where(eq(jobs.kind, FISCAL_SUBMIT_JOB)).orderBy(asc(jobs.id));
    const open = waiting.filter((j) => j.status !== "done");
    expect(open.map((j) => j.status)).toEqual(["failed", "failed"]);
    expect(open[0]?.lastError).toMatch(/could not be reached/);
    const overview = await t.app.services.fiscal.overview(admin);
    expect(overview.pending.map((p) => [p.number, p.attempts])).toEqual([
      [d1.number, 1],
      [d2.number, 1],
    ]);

    // 503 and a slow FDMS are failures too (the client's timeout).
    await fdms.up();
    fdms.mode = "http503";
    await t.app.services.fiscal.retryNow(admin);
    await t.app.jobs.drain();
    expect((await documents([d1.id])).map((d) => d.fiscalStatus)).toEqual(["pending"]);
    fdms.mode = "slow";
    await t.app.services.fiscal.retryNow(admin);
    await t.app.jobs.drain();
    expect((await documents([d1.id])).map((d) => d.fiscalStatus)).toEqual(["pending"]);
    fdms.mode = "ok";
    // The slow answers the client gave up on may still have been acted upon (opened the day): that is fine.
    await new Promise((r) => setTimeout(r, fdms.slowMs));

    await t.app.services.fiscal.retryNow(admin);
    await t.app.jobs.drain();
    const docs = await documents([d1.id, d2.id]);
    expect(docs.map((d) => d.fiscalStatus)).toEqual(["fiscalised", "fiscalised"]);
    const numbers = fdms.receipts.map((r) => r.receipt.invoiceNo);
    expect(numbers.slice(-2)).toEqual([d1.number, d2.number]);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(fdms.receipts.slice(-2).map((r) => [r.receipt.receiptGlobalNo, r.receipt.receiptCounter, r.fiscalDayNo])).toEqual([
      [5, 1, 2],
      [6, 2, 2],
    ]);
  });

  it("never submits a document twice when FDMS's reply is lost: the status shows it arrived, the resend gets FDMS's first answer", async () => {
    fdms.mode = "lose-reply";
    const d = await issue(t, "invoice");
    await t.app.jobs.drain();
    expect((await documents([d.id]))[0]?.fiscalStatus).toBe("pending");
    expect(fdms.receipts.filter((r) => r.receipt.invoiceNo === d.number)).toHaveLength(1);
    const [device] = await t.database.db.select().from(fiscalDevices);
    expect(device?.inFlight).toMatchObject({ documentId: d.id });

    fdms.mode = "ok";
    await t.app.services.fiscal.retryNow(admin);
    await t.app.jobs.drain();
    const [doc] = await documents([d.id]);
    expect(doc?.fiscalStatus).toBe("fiscalised");
    expect((doc?.fiscal as FiscalData | undefined)?.receipt_global_no).toBe(7);
    const kept = fdms.receipts.filter((r) => r.receipt.invoiceNo === d.number);
    expect(kept).toHaveLength(1);
    // The same receipt sent again: FDMS answers with the original receiptID and server signature (row 48).
    expect((doc?.fiscal as FiscalData | undefined)?.receipt_id).toBe(kept[0]?.receiptID);
    expect((doc?.fiscal as FiscalData | undefined)?.server_signature).toMatchObject({
      hash: kept[0]?.receiptServerSignature.hash,
      check: "verified",
    });

    // The chain goes on from it.
    const next = await issue(t, "invoice");
    await t.app.jobs.drain();
    expect((await documents([next.id]))[0]?.fiscalStatus).toBe("fiscalised");
    expect(fdms.receipts.at(-1)?.receipt.receiptGlobalNo).toBe(8);
  });
});

describe("a lost openDay answer", () => {
  it("finds the day FDMS opened and goes on in it", async () => {
    await t.app.services.fiscal.closeDay(admin);
    fdms.mode = "lose-reply";
    fdms.loseReplyOf = "OpenDay";
    const d = await issue(t, "invoice");
    await t.app.jobs.drain();
    expect((await documents([d.id]))[0]?.fiscalStatus).toBe("pending");
    const opened = fdms.days.at(-1);
    expect(opened?.status).toBe("FiscalDayOpened");

    fdms.mode = "ok";
    fdms.loseReplyOf = "SubmitReceipt";
    await t.app.services.fiscal.retryNow(admin);
    await t.app.jobs.drain();
    const [doc] = await documents([d.id]);
    expect(doc?.fiscalStatus).toBe("fiscalised");
    expect((doc?.fiscal as FiscalData | undefined)?.fiscal_day_no).toBe(opened?.fiscalDayNo);
    expect(fdms.days.filter((day) => day.fiscalDayNo === opened?.fiscalDayNo)).toHaveLength(1);
    // The back office's actions are in the audit log.
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entity, ["fiscal-day", "fiscal-queue"]));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(["close", "retry"]));
  });
});

describe("a document that needs correction does not stop the rest", () => {
  it("marks a document that cannot be made into a receipt, and one FDMS flags red, and fiscalises the ones after them", async () => {
    const onFiscalised = vi.fn();
    const fiscal = createFiscalService({ db: t.database.db, fdms: t.config.fdms, onFiscalised });
    try {
      await fiscal.runQueue();
      // An invoice whose panel has no HS code (a VAT payer's receipt needs one on every line, RCPT047).
      const noHs = content("invoice");
      const [firstLine, ...rest] = noHs.lines;
      const [user] = await t.database.db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
      const [order] = await t.database.db
        .insert(orders)
        .values({ userId: user?.id as number, totalUsd: "286.81", status: "paid" })
        .returning({ id: orders.id });
      const broken = await issue(t, "invoice", undefined, {
        orderId: order?.id as number,
        content: { ...noHs, lines: [{ ...(firstLine as (typeof noHs.lines)[number]), product_id: 1, hs_code: null }, ...rest] },
      });
      const after = await issue(t, "invoice");
      await fiscal.runQueue();
      const [b, a] = await documents([broken.id, after.id]);
      expect(b?.fiscalStatus).toBe("needs_correction");
      expect(JSON.stringify(b?.fiscalProblems)).toContain("Panel 550 W");
      expect(a?.fiscalStatus).toBe("fiscalised");

      // FDMS keeps a receipt it flags red (HTTP 200): the chain goes on from it, the document needs correction, is
      // neither announced nor printed as fiscal, and the next one is fiscalised.
      const globalBefore = fdms.receipts.at(-1)?.receipt.receiptGlobalNo as number;
      fdms.flagNext = [{ validationErrorCode: "RCPT026", validationErrorColor: "Red" }];
      const flagged = await issue(t, "invoice");
      const next = await issue(t, "invoice");
      onFiscalised.mockClear();
      await fiscal.runQueue();
      const [f, n] = await documents([flagged.id, next.id]);
      expect(f?.fiscalStatus).toBe("needs_correction");
      expect(f?.fiscalProblems).toEqual([
        { code: "RCPT026", color: "Red", message: expect.stringContaining("Incorrectly calculated tax amount") },
      ]);
      expect(n?.fiscalStatus).toBe("fiscalised");
      expect(fdms.receipts.slice(-2).map((r) => r.receipt.receiptGlobalNo)).toEqual([globalBefore + 1, globalBefore + 2]);
      expect(onFiscalised).toHaveBeenCalledExactlyOnceWith(next.id);

      // The back office lists both, with FDMS's code and the words for it.
      const admin: Actor = { id: 1, roleId: 3, role: "admin", sessionId: "test", emailVerified: true, companyUserId: 1, teamRole: null };
      const listed = (await fiscal.overview(admin)).needsCorrection;
      expect(listed.find((d) => d.id === broken.id)).toMatchObject({ keptByFdms: false, problems: [{ code: null }] });
      expect(listed.find((d) => d.id === flagged.id)).toMatchObject({ keptByFdms: true, problems: [{ code: "RCPT026", color: "Red" }] });

      // "Send again": the one FDMS did not keep goes back to the queue (its product still without an HS code, it comes
      // back; once the product has one, the line takes it and the receipt goes through); the one FDMS kept is
      // corrected with a credit note and a new invoice instead; the back office only.
      const [product] = await t.database.db.select({ hsCode: products.hsCode }).from(products).where(eq(products.productId, 1));
      await t.database.db.update(products).set({ hsCode: null }).where(eq(products.productId, 1));
      await fiscal.resubmit(admin, broken.id);
      expect((await documents([broken.id]))[0]).toMatchObject({ fiscalStatus: "pending", fiscalProblems: null });
      await fiscal.runQueue();
      expect((await documents([broken.id]))[0]?.fiscalStatus).toBe("needs_correction");
      await t.database.db
        .update(products)
        .set({ hsCode: product?.hsCode ?? "85414300" })
        .where(eq(products.productId, 1));
      await fiscal.resubmit(admin, broken.id);
      await fiscal.runQueue();
      const [corrected] = await documents([broken.id]);
      expect(corrected?.fiscalStatus).toBe("fiscalised");
      expect((corrected?.content as TaxDocumentContent | undefined)?.lines[0]?.hs_code).toBe(product?.hsCode ?? "85414300");
      expect(fdms.receipts.at(-1)?.receipt.invoiceNo).toBe(broken.number);
      await expect(fiscal.resubmit(admin, flagged.id)).rejects.toMatchObject({ statusCode: 409, message: KEPT_BY_FDMS });
      await expect(fiscal.resubmit(admin, next.id)).rejects.toMatchObject({ statusCode: 409 });

      // The day's close: FDMS takes it, then fails it for the red receipt (rows 50–51); the back office names the
      // document that stops it, with FDMS's code in words.
      await expect(fiscal.closeDay(admin)).rejects.toMatchObject({
        statusCode: 502,
        message: expect.stringContaining("ReceiptsWithValidationErrors"),
      });
      expect(fdms.days.at(-1)).toMatchObject({ status: "FiscalDayCloseFailed", closingErrorCode: "ReceiptsWithValidationErrors" });
      const day = (await fiscal.overview(admin)).day;
      expect(day).toMatchObject({
        status: "close_failed",
        closeError: "ReceiptsWithValidationErrors",
        closeErrorText: expect.stringContaining("red errors"),
      });
      expect(day?.blockedBy.map((d) => [d.number, d.problems.map((p) => p.code)])).toEqual([[flagged.number, ["RCPT026"]]]);
      // FDMS still takes receipts while the close failed (row 47).
      const afterFailure = await issue(t, "invoice");
      await fiscal.runQueue();
      expect((await documents([afterFailure.id]))[0]?.fiscalStatus).toBe("fiscalised");
      // Only ZIMRA can close such a day (API §2.3): "Close fiscal day" then finds it closed and records it so.
      fdms.closeDayManually();
      expect(await fiscal.closeDay(admin)).toEqual({ dayNo: day?.dayNo, status: "closed" });
      expect((await fiscal.overview(admin)).day).toMatchObject({ status: "closed", closeError: null, blockedBy: [] });
      const dealer: Actor = {
        id: 2,
        roleId: 2,
        role: "dealer",
        sessionId: "test",
        emailVerified: true,
        companyUserId: 2,
        teamRole: "owner",
      };
      await expect(fiscal.resubmit(dealer, broken.id)).rejects.toMatchObject({ statusCode: 403 });
    } finally {
      fiscal.close();
    }
  });
});

describe("the hook, the end of the day and who may act", () => {
  it("calls onFiscalised once a document is fiscalised, and closes the day in the last Harare hour only", async () => {
    const onFiscalised = vi.fn();
    let clock = new Date();
    // Another process's service on the same database (and device): the lease keeps them apart, one after the other.
    const fiscal = createFiscalService({ db: t.database.db, fdms: t.config.fdms, onFiscalised, now: () => clock });
    try {
      const d = await issue(t, "invoice");
      await fiscal.runQueue();
      expect(onFiscalised).toHaveBeenCalledExactlyOnceWith(d.id);
      expect((await documents([d.id]))[0]?.fiscalStatus).toBe("fiscalised");

      const dayNo = fdms.days.at(-1)?.fiscalDayNo;
      // 10:00 in Harare (08:00 UTC) on the day it opened: not yet.
      const opened = fdms.days.at(-1)?.fiscalDayOpened.slice(0, 10) as string;
      clock = new Date(`${opened}T08:00:00Z`);
      expect(await fiscal.closeDayIfDue()).toBe(false);
      // 23:10 in Harare: closed, with counters and signature the stand-in checks.
      clock = new Date(`${opened}T21:10:00Z`);
      expect(await fiscal.closeDayIfDue()).toBe(true);
      expect(fdms.days.at(-1)).toMatchObject({ fiscalDayNo: dayNo, status: "FiscalDayClosed" });
      expect(await fiscal.closeDayIfDue()).toBe(false);
    } finally {
      fiscal.close();
    }
  });

  it("pings at FDMS's reporting interval once registered", async () => {
    let clock = new Date();
    const fiscal = createFiscalService({ db: t.database.db, fdms: t.config.fdms, now: () => clock });
    try {
      await issue(t, "invoice");
      await fiscal.runQueue();
      const pings = () => fdms.calls.filter((c) => c.operation === "Ping" && c.status === 200).length;
      const before = pings();
      expect(await fiscal.pingIfDue()).toBe(true);
      expect(pings()).toBe(before + 1);
      // The stand-in asks for a ping every 5 minutes: not again within them, again after.
      clock = new Date(clock.getTime() + 4 * 60_000);
      expect(await fiscal.pingIfDue()).toBe(false);
      clock = new Date(clock.getTime() + 2 * 60_000);
      expect(await fiscal.pingIfDue()).toBe(true);
      expect(pings()).toBe(before + 2);
      const [device] = await t.database.db.select().from(fiscalDevices);
      expect(device?.reportingFrequencyMin).toBe(5);
    } finally {
      fiscal.close();
    }
  });

  it("lets only admins see the screen's data and act", async () => {
    const dealer: Actor = { id: 2, roleId: 2, role: "dealer", sessionId: "test", emailVerified: true, companyUserId: 2, teamRole: "owner" };
    await expect(t.app.services.fiscal.overview(dealer)).rejects.toMatchObject({ statusCode: 403 });
    await expect(t.app.services.fiscal.closeDay(null)).rejects.toMatchObject({ statusCode: 401 });
    await expect(t.app.services.fiscal.retryNow(dealer)).rejects.toMatchObject({ statusCode: 403 });
  });
});

async function newOrderId(): Promise<number> {
  const db = t.database.db;
  const [user] = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  const [order] = await db
    .insert(orders)
    .values({ userId: user?.id as number, totalUsd: "286.81", status: "paid" })
    .returning({ id: orders.id });
  return order?.id as number;
}

describe("receipts FDMS refuses, and its signature", () => {
  it("marks a receipt its schema refuses (400) and one it refuses (422), fiscalises the ones after them and closes the day", async () => {
    // An HS code of 9 digits (a document issued with a mistyped code): FDMS's schema takes at most 8 (decision 016, row 39).
    const longHs = content("invoice");
    const bySchema = await issue(t, "invoice", undefined, {
      orderId: await newOrderId(),
      content: { ...longHs, lines: longHs.lines.map((l, i) => (i === 0 ? { ...l, hs_code: "854143001" } : l)) },
    });
    const next = await issue(t, "invoice");
    await t.app.jobs.drain();
    fdms.refuseNext("RCPT02", 422, "Receipt structure is not valid");
    const refused = await issue(t, "invoice");
    const after = await issue(t, "invoice");
    await t.app.jobs.drain();
    const docs = await documents([bySchema.id, next.id, refused.id, after.id]);
    expect(docs.map((d) => d.fiscalStatus)).toEqual(["needs_correction", "fiscalised", "needs_correction", "fiscalised"]);
    expect(docs[0]?.fiscalProblems).toEqual([
      { code: null, color: "Red", message: expect.stringContaining("receiptLineHSCode must NOT have more than 8 characters") },
    ]);
    expect(docs[2]?.fiscalProblems).toEqual([
      { code: "RCPT02", color: "Red", message: expect.stringContaining("Receipt structure is not valid") },
    ]);
    // FDMS kept neither, and the chain went on without them.
    const numbers = fdms.receipts.map((r) => r.receipt.invoiceNo);
    expect(numbers).not.toContain(bySchema.number);
    expect(numbers).not.toContain(refused.number);
    expect(numbers.slice(-2)).toEqual([next.number, after.number]);
    const overview = await t.app.services.fiscal.overview(admin);
    expect(overview.needsCorrection.filter((d) => [bySchema.id, refused.id].includes(d.id)).map((d) => [d.number, d.keptByFdms])).toEqual([
      [refused.number, false],
      [bySchema.number, false],
    ]);
    // They do not stop the day's close: FDMS never had them.
    expect(overview.day?.blockedBy).toEqual([]);
    expect(await t.app.services.fiscal.closeDay(admin)).toMatchObject({ status: "closed" });
  });

  it("records a server signature that does not verify with the configured certificate, logs it and lists it", async () => {
    // A certificate that is not FDMS's signing one.
    const wrongCert = path.join(path.dirname(stand.env.FDMS_CA_FILE as string), "not-fdms.pem");
    await writeFile(wrongCert, fdms.caCertificate);
    const errors: string[] = [];
    const log = { ...silentLog, error: (_: unknown, message?: string) => errors.push(String(message)) };
    const fiscal = createFiscalService({ db: t.database.db, fdms: { ...(t.config.fdms as FdmsConfig), serverCertFile: wrongCert }, log });
    try {
      const d = await issue(t, "invoice");
      await fiscal.runQueue();
      const [doc] = await documents([d.id]);
      // FDMS kept it: fiscalised, but the signature is marked as failed and why.
      expect(doc?.fiscalStatus).toBe("fiscalised");
      expect((doc?.fiscal as FiscalData | undefined)?.server_signature).toMatchObject({
        check: "failed",
        problem: expect.stringContaining("not the configured one"),
      });
      expect(errors.join("\n")).toContain("did not verify");
      const overview = await fiscal.overview(admin);
      expect(overview.unverified.map((u) => u.number)).toContain(d.number);
      expect(overview.device?.lastError).toContain("did not verify");
    } finally {
      fiscal.close();
    }
  });
});

describe("a paid order's invoice, fiscalised (issue 21 §4–§5 together)", () => {
  it("is queued when the payment is confirmed, fiscalised, printed as a FISCAL TAX INVOICE with its numbers and e-mailed only then", async () => {
    const actors = await createActors(t);
    const [product] = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(1);
    const order = await placePaidOrder(actors, [{ product_id: product?.id as number, quantity: 2 }]);
    // Issued and queued in the payment's transaction.
    const [issued] = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    expect(issued?.kind).toBe("invoice");
    // Reading the outbox runs the queue: FDMS fiscalises it, then its mail goes.
    const mails = await outboxMails(t.dataDir);
    const [done] = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    expect(done?.fiscalStatus).toBe("fiscalised");
    const fiscal = done?.fiscal as FiscalData;
    const mail = mails.find((m) => header(m, "Subject")?.startsWith(`Tax invoice ${done?.number}`));
    expect(mail).toBeDefined();
    expect(decoded(mail as string)).toContain(fiscal.verification_code);
    const pdf = await actors.inject("dealer", { method: "GET", url: `/api/orders/${order.id}/invoice.pdf` });
    // The answer first, whole (a refusal once read as an empty PDF in a clean-clone run and never again).
    expect({ status: pdf.statusCode, type: pdf.headers["content-type"], body: pdf.statusCode === 200 ? "" : pdf.body }).toEqual({
      status: 200,
      type: "application/pdf",
      body: "",
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("FISCAL TAX INVOICE");
    expect(text).toContain(fiscal.verification_code);
    expect(text).toContain(String(fiscal.device_id));
    expect(fdms.receipts.at(-1)?.receipt.invoiceNo).toBe(done?.number);
    // The dealer's registered address in FDMS's four parts (decision 016, row 38).
    expect(fdms.receipts.at(-1)?.receipt.buyerData).toMatchObject({
      buyerAddress: { province: expect.any(String), city: expect.any(String), street: expect.any(String), houseNo: expect.any(String) },
    });
  });
});

describe("what the order says: its line kinds and how it was paid", () => {
  it("sends a quotation's delivery and discount lines with their own HS codes, the discount negative, paid by EcoCash", async () => {
    const db = t.database.db;
    const [user] = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
    const [order] = await db
      .insert(orders)
      .values({ userId: user?.id as number, totalUsd: "265.65", status: "paid" })
      .returning({ id: orders.id });
    const orderId = order?.id as number;
    const charge = { productId: null, hsCode: null, quantity: 1, vatRate: "15.50" };
    await db.insert(orderLines).values([
      { orderId, kind: "product", productName: "Panel 550 W", hsCode: "85414300", quantity: 2, unitPriceUsd: "100.00", vatRate: "15.50" },
      { orderId, kind: "delivery", productName: "Delivery to Mutare", unitPriceUsd: "50.00", ...charge },
      { orderId, kind: "discount", productName: "Loyalty discount", unitPriceUsd: "-20.00", ...charge },
    ]);
    await db
      .insert(orderPayments)
      .values({ orderId, method: "ecocash", status: "paid", amount: "265.65", currency: "USD", reference: `o${orderId}` });
    const line = (name: string, hs: string | null, quantity: number, unit: string, net: string, vat: string, total: string) => ({
      product_id: null,
      name,
      hs_code: hs,
      quantity,
      vat_category: "standard" as const,
      vat_rate: "15.50",
      unit_price: unit,
      net,
      vat,
      total,
    });
    const doc = await issue(t, "invoice", undefined, {
      orderId,
      content: {
        ...content("invoice"),
        lines: [
          line("Panel 550 W", "85414300", 2, "100.00", "200.00", "31.00", "231.00"),
          line("Delivery to Mutare", null, 1, "50.00", "50.00", "7.75", "57.75"),
          line("Loyalty discount", null, 1, "-20.00", "-20.00", "-3.10", "-23.10"),
        ],
        vat_summary: [{ vat_rate: "15.50", net: "230.00", vat: "35.65" }],
        totals: { subtotal: "230.00", vat: "35.65", total: "265.65" },
      },
    });
    await t.app.jobs.drain();
    expect((await documents([doc.id]))[0]?.fiscalStatus).toBe("fiscalised");
    const sent = fdms.receipts.at(-1)?.receipt;
    expect(sent?.invoiceNo).toBe(doc.number);
    expect(sent?.receiptLines.map((l) => [l.receiptLineType, l.receiptLineHSCode, l.receiptLineTotal])).toEqual([
      ["Sale", "85414300", 200],
      ["Sale", "99002000", 50],
      ["Discount", "99001000", -20],
    ]);
    expect(sent?.receiptPayments).toEqual([{ moneyTypeCode: "MobileWallet", paymentAmount: 265.65 }]);
    // The PDF prints each line's code as FDMS got it: the delivery's and the discount's are the configured ones.
    const { pdf } = await t.app.services.taxDocuments.pdfOf(await t.app.services.taxDocuments.byId(doc.id));
    const printed = pdfText(Buffer.from(pdf))
      .split("\n")
      .filter((l) => l.startsWith("HS "));
    expect(printed).toEqual(["HS 8541.43.00", "HS 9900.20.00", "HS 9900.10.00"]);
  });
});

describe("with FDMS off", () => {
  it("queues nothing and leaves documents not requiring fiscalisation", async () => {
    const off = await createTestApp();
    try {
      const d = await issue(off, "invoice");
      expect(d.queued).toBe(false);
      const [doc] = await off.database.db.select().from(taxDocuments).where(eq(taxDocuments.id, d.id));
      expect(doc?.fiscalStatus).toBe("not_required");
      expect(await off.database.db.select().from(jobs).where(eq(jobs.kind, FISCAL_SUBMIT_JOB))).toHaveLength(0);
      expect(off.app.services.fiscal.enabled).toBe(false);
      expect((await off.app.services.fiscal.overview(admin)).enabled).toBe(false);
    } finally {
      await off.close();
    }
  });
});
