import { createHash, generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import type { TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import { validatorOf } from "../../../../tests/support/fdms-stand-in/schema.ts";
import { errorsStoppingClose } from "./fdms-client.ts";
import {
  addReceiptToCounters,
  buildReceipt,
  deviceCommonName,
  type FdmsApplicableTax,
  FdmsProtocolError,
  fdmsHash,
  fdmsLocalTime,
  fiscalDaySignatureString,
  receiptQrUrl,
  receiptSignatureString,
  signReceipt,
  signString,
  sortedCounters,
  taxForRate,
  taxValidAt,
  verificationCode,
  verifySignature,
} from "./fdms-protocol.ts";
import { lineKindOf, moneyTypeOfPayment, receiptDateAfter } from "./receipt-lines.ts";

const taxes: FdmsApplicableTax[] = [
  { taxID: 1, taxName: "Exempt" },
  { taxID: 2, taxPercent: 0, taxName: "Zero rated" },
  { taxID: 3, taxPercent: 15.5, taxName: "Standard rated 15.5%" },
];
/** A definition of ZIMRA's test OpenAPI's receipt DTOs, transcribed in tests/fixtures/fdms (its README says how). */
function fdmsSchema(definition: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv, ["int32", "int64", "double", "byte"]);
  // FDMS's dates are local time without a zone (API §4.7), which the OpenAPI calls date-time.
  ajv.addFormat("date-time", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  ajv.addSchema(JSON.parse(readFileSync(new URL("../../../../tests/fixtures/fdms/receipt-schema.json", import.meta.url), "utf8")));
  const validate = ajv.getSchema(`fdms/receipt-schema.json#/$defs/${definition}`);
  if (!validate) throw new Error(`no ${definition} in the FDMS schema`);
  return (value: unknown) => (validate(value) ? [] : validate.errors);
}

/** Two codes apart, to see which one a line gets. */
const chargeHsCodes = { delivery: "99002000", service: "99001000" };

function content(overrides: Partial<TaxDocumentContent> = {}): TaxDocumentContent {
  const party = {
    name: "Sunrise Solar",
    address: "12 Samora Machel Ave, Harare",
    tin: "2000999999",
    vat_number: "220999999",
    email: "a@b.zw",
    phone: "+263771234567",
  };
  return {
    seller: { ...party, name: "Solar Demo" },
    buyer: party,
    order_reference: "ORD-1",
    currency: "USD",
    lines: [
      {
        product_id: 1,
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
        product_id: 2,
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
        product_id: 3,
        name: "Installation manual",
        hs_code: "49019900",
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
    credits: null,
    reason: "",
    ...overrides,
  };
}

describe("receipt signature string and hash (API §13.2.1)", () => {
  it("matches a receipt FDMS accepted: first receipt of the day, exempt (public vector, electrox-pos ZIMRA_RESPONSE_ANALYSIS.md)", () => {
    const r = {
      receiptType: "FiscalInvoice" as const,
      receiptCurrency: "USD",
      receiptGlobalNo: 7,
      receiptDate: "2025-05-06T12:40:34",
      receiptTotal: 5.81,
      receiptTaxes: [{ taxID: 1, taxAmount: 0, salesAmountWithTax: 5.81 }],
    };
    const text = receiptSignatureString(24455, r, null);
    expect(text).toBe("24455FISCALINVOICEUSD72025-05-06T12:40:345810581");
    expect(fdmsHash(text)).toBe("oDCrjJ5wjYdt+DjjqEJ6Z9zEtjttpb5OYLlYh9Avsic=");
  });

  it("chains a credit note to the previous hash, amounts negative (same public vector)", () => {
    const r = {
      receiptType: "CreditNote" as const,
      receiptCurrency: "USD",
      receiptGlobalNo: 8,
      receiptDate: "2025-05-06T12:54:46",
      receiptTotal: -5.81,
      receiptTaxes: [{ taxID: 1, taxAmount: -0, salesAmountWithTax: -5.81 }],
    };
    const text = receiptSignatureString(24455, r, "oDCrjJ5wjYdt+DjjqEJ6Z9zEtjttpb5OYLlYh9Avsic=");
    expect(text).toBe("24455CREDITNOTEUSD82025-05-06T12:54:46-5810-581oDCrjJ5wjYdt+DjjqEJ6Z9zEtjttpb5OYLlYh9Avsic=");
    expect(fdmsHash(text)).toBe("F7ZV6q3zDkgKK2/d2970TkxtrwyyQwg9AUXeu6b1Pr8=");
  });

  it("writes tax codes, percents with two decimals and an empty percent for exempt, ordered by taxID (API document's example)", () => {
    const r = {
      receiptType: "FiscalInvoice" as const,
      receiptCurrency: "ZWL",
      receiptGlobalNo: 432,
      receiptDate: "2019-09-19T15:43:12",
      receiptTotal: 9450,
      receiptTaxes: [
        { taxCode: "D", taxPercent: 15, taxID: 4, taxAmount: 300, salesAmountWithTax: 2300 },
        { taxCode: "A", taxID: 1, taxAmount: 0, salesAmountWithTax: 2500 },
        { taxCode: "C", taxPercent: 15, taxID: 3, taxAmount: 150, salesAmountWithTax: 1150 },
        { taxCode: "B", taxPercent: 0, taxID: 2, taxAmount: 0, salesAmountWithTax: 3500 },
      ],
    };
    expect(receiptSignatureString(321, r, "hNVJXP/ACOiE8McD3pKsDlqBXpuaUqQOfPnMyfZWI9k=")).toBe(
      "321FISCALINVOICEZWL4322019-09-19T15:43:12945000A0250000B0.000350000C15.0015000115000D15.0030000230000hNVJXP/ACOiE8McD3pKsDlqBXpuaUqQOfPnMyfZWI9k=",
    );
  });

  it("signs with the device key and verifies with its public key; another string does not verify", () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const sig = signString("24455FISCALINVOICEUSD72025-05-06T12:40:345810581", privateKey);
    expect(sig.hash).toBe("oDCrjJ5wjYdt+DjjqEJ6Z9zEtjttpb5OYLlYh9Avsic=");
    expect(verifySignature("24455FISCALINVOICEUSD72025-05-06T12:40:345810581", sig, publicKey)).toBe(true);
    expect(verifySignature("24455FISCALINVOICEUSD72025-05-06T12:40:345810582", sig, publicKey)).toBe(false);
  });
});

describe("verification code and QR URL (API §11)", () => {
  it("takes the first 16 hex characters of the MD5 of the signature's bytes", () => {
    const signature = Buffer.from("a fixed signature for the test").toString("base64");
    const md5 = createHash("md5").update("a fixed signature for the test").digest("hex").toUpperCase();
    expect(verificationCode(signature)).toBe(`${md5.slice(0, 4)}-${md5.slice(4, 8)}-${md5.slice(8, 12)}-${md5.slice(12, 16)}`);
    expect(receiptQrUrl("https://fdmstest.zimra.co.zw", 24455, "2025-05-06T12:40:34", 7, signature)).toBe(
      `https://fdmstest.zimra.co.zw/0000024455060520250000000007${md5.slice(0, 16)}`,
    );
  });
});

describe("receipt from a tax document", () => {
  it("has lines excluding VAT with HS codes, one tax per rate (exempt without percent, zero-rated 0) by taxID, the buyer", () => {
    const r = buildReceipt({
      kind: "invoice",
      number: "INV-2026-000001",
      content: content(),
      deviceID: 24455,
      receiptCounter: 1,
      receiptGlobalNo: 1,
      receiptDate: "2026-11-26T10:00:00",
      taxes,
      chargeHsCodes,
    });
    expect(r.receiptType).toBe("FiscalInvoice");
    expect(r.receiptLinesTaxInclusive).toBe(false);
    expect(r.receiptLines[0]).toMatchObject({
      receiptLineHSCode: "85414300",
      receiptLinePrice: 100,
      receiptLineTotal: 200,
      taxPercent: 15.5,
      taxID: 3,
    });
    expect(r.receiptLines[2]).not.toHaveProperty("taxPercent");
    expect(r.receiptLines[2]).toMatchObject({ receiptLineType: "Sale", receiptLineHSCode: "49019900" });
    expect(r.receiptTaxes).toEqual([
      { taxID: 1, taxAmount: 0, salesAmountWithTax: 5.81 },
      { taxID: 2, taxPercent: 0, taxAmount: 0, salesAmountWithTax: 50 },
      { taxID: 3, taxPercent: 15.5, taxAmount: 31, salesAmountWithTax: 231 },
    ]);
    expect(r.receiptTotal).toBe(286.81);
    expect(r.receiptPayments).toEqual([{ moneyTypeCode: "BankTransfer", paymentAmount: 286.81 }]);
    expect(r.buyerData).toMatchObject({ buyerRegisterName: "Sunrise Solar", buyerTIN: "2000999999", vatNumber: "220999999" });
    expect(receiptSignatureString(24455, r, null)).toBe(
      "24455FISCALINVOICEUSD12026-11-26T10:00:0028681" + "0581" + "0.0005000" + "15.50310023100",
    );
  });

  it("makes a credit note's amounts negative, names the invoice and the reason; ZWL is sent as ZWG", () => {
    const r = buildReceipt({
      kind: "credit_note",
      number: "CN-2026-000001",
      content: content({
        currency: "ZWL",
        reason: "Order cancelled",
        credits: { number: "INV-2026-000001", issued_at: "2026-11-26T08:00:00Z" },
      }),
      deviceID: 24455,
      receiptCounter: 2,
      receiptGlobalNo: 2,
      receiptDate: "2026-11-26T10:05:00",
      taxes,
      chargeHsCodes,
      credited: { deviceID: 24455, receiptGlobalNo: 1, fiscalDayNo: 1 },
    });
    expect(r.receiptType).toBe("CreditNote");
    expect(r.receiptCurrency).toBe("ZWG");
    expect(r.receiptTotal).toBe(-286.81);
    expect(r.receiptTaxes.map((t) => t.salesAmountWithTax)).toEqual([-5.81, -50, -231]);
    expect(r.receiptLines[0]?.receiptLinePrice).toBe(-100);
    expect(r.creditDebitNote).toEqual({ deviceID: 24455, receiptGlobalNo: 1, fiscalDayNo: 1 });
    expect(r.receiptNotes).toBe("Order cancelled");
  });

  it("sends a debit note as DebitNote with positive amounts, its invoice and reason; never a note with an empty creditDebitNote", () => {
    const note = {
      number: "DN-2026-000001",
      content: content({ reason: "Price correction", credits: { number: "INV-2026-000001", issued_at: "2026-11-26T08:00:00Z" } }),
      deviceID: 24455,
      receiptCounter: 3,
      receiptGlobalNo: 3,
      receiptDate: "2026-11-26T10:06:00",
      taxes,
      chargeHsCodes,
    };
    const r = buildReceipt({
      ...note,
      kind: "debit_note",
      credited: { receiptID: 77, deviceID: 24455, receiptGlobalNo: 1, fiscalDayNo: 1 },
    });
    expect(r.receiptType).toBe("DebitNote");
    expect(r.receiptTotal).toBe(286.81);
    expect(r.receiptLines[0]?.receiptLinePrice).toBe(100);
    expect(r.receiptTaxes.every((t) => t.salesAmountWithTax > 0)).toBe(true);
    expect(r.creditDebitNote).toEqual({ receiptID: 77, deviceID: 24455, receiptGlobalNo: 1, fiscalDayNo: 1 });
    expect(r.receiptNotes).toBe("Price correction");
    // RCPT015: a note whose invoice FDMS never had is not built at all.
    expect(() => buildReceipt({ ...note, kind: "debit_note" })).toThrow(/RCPT015/);
    expect(() => buildReceipt({ ...note, kind: "credit_note", credited: {} })).toThrow(/RCPT015/);
    // RCPT029: an invoice carries no creditDebitNote.
    expect(buildReceipt({ ...note, kind: "invoice" }).creditDebitNote).toBeUndefined();
  });

  it("refuses a VAT rate FDMS's configuration does not have, and a summary that does not add up", () => {
    expect(() =>
      buildReceipt({
        kind: "invoice",
        number: "X",
        content: content(),
        deviceID: 1,
        receiptCounter: 1,
        receiptGlobalNo: 1,
        receiptDate: "2026-11-26T10:00:00",
        taxes: taxes.slice(0, 2),
        chargeHsCodes,
      }),
    ).toThrow(/no tax for VAT at 15.50/);
    expect(() =>
      buildReceipt({
        kind: "invoice",
        number: "X",
        content: content({ totals: { subtotal: "255.81", vat: "31.00", total: "286.80" } }),
        deviceID: 1,
        receiptCounter: 1,
        receiptGlobalNo: 1,
        receiptDate: "2026-11-26T10:00:00",
        taxes,
        chargeHsCodes,
      }),
    ).toThrow(/does not add up/);
  });
});

/**
 * ZIMRA's 2026 test environment (decision 016, "Rules relied on", TE lordskyzw): 15.5 % is taxID 515 from 1 January
 * 2026; 15 % (ID 3) ended on 31 December 2025. Named as the test OpenAPI names validity, and as the API document does.
 */
const taxes2026: FdmsApplicableTax[] = [
  { taxID: 1, taxName: "Exempt", validFrom: "2023-01-01T00:00:00" },
  { taxID: 2, taxPercent: 0, taxName: "Zero rated 0%", taxValidFrom: "2023-01-01T00:00:00" },
  { taxID: 3, taxPercent: 15, taxName: "Standard rated 15%", validFrom: "2023-01-01T00:00:00", validTill: "2025-12-31T00:00:00" },
  { taxID: 515, taxPercent: 15.5, taxName: "Standard rated 15.5%", taxValidFrom: "2026-01-01T00:00:00", taxValidTill: null },
];

describe("tax validity at the receipt's date (RCPT025, RCPT036)", () => {
  const at15 = content({
    lines: [{ ...(content().lines[0] as TaxDocumentContent["lines"][number]), vat_rate: "15.00", vat: "30.00", total: "230.00" }],
    vat_summary: [{ vat_rate: "15.00", net: "200.00", vat: "30.00" }],
    totals: { subtotal: "200.00", vat: "30.00", total: "230.00" },
  });
  const receipt = (over: Partial<Parameters<typeof buildReceipt>[0]>) =>
    buildReceipt({
      kind: "invoice",
      number: "INV-1",
      content: content(),
      deviceID: 1,
      receiptCounter: 1,
      receiptGlobalNo: 1,
      receiptDate: "2026-01-02T09:00:00",
      taxes: taxes2026,
      chargeHsCodes,
      ...over,
    });

  it("picks the tax valid at the receipt's Harare date, reading both names of the validity fields", () => {
    expect(taxForRate(taxes2026, "15.50", "2026-01-01T00:00:00").taxID).toBe(515);
    expect(taxForRate(taxes2026, "15.00", "2025-12-31T23:59:59").taxID).toBe(3);
    expect(taxForRate(taxes2026, "0.00", "2026-06-01T10:00:00").taxID).toBe(2);
    expect(taxForRate(taxes2026, null, "2026-06-01T10:00:00").taxID).toBe(1);
    const r = receipt({});
    expect(r.receiptTaxes.map((t) => [t.taxID, t.taxPercent])).toEqual([
      [1, undefined],
      [2, 0],
      [515, 15.5],
    ]);
    expect(r.receiptLines[0]).toMatchObject({ taxID: 515, taxPercent: 15.5 });
  });

  it("refuses, before signing, a percent with no tax valid at the receipt's date, and exempt or zero-rated ones likewise", () => {
    expect(() => taxForRate(taxes2026, "15.50", "2025-12-31T23:59:59")).toThrow(FdmsProtocolError);
    expect(() => taxForRate(taxes2026, "15.00", "2026-01-01T00:00:00")).toThrow(/no tax for VAT at 15.00 % valid on 2026-01-01/);
    expect(() => receipt({ content: at15 })).toThrow(/RCPT025/);
    const later = taxes2026.map((t) => ({ ...t, validFrom: "2027-01-01T00:00:00", taxValidFrom: "2027-01-01T00:00:00" }));
    expect(() => taxForRate(later, null, "2026-06-01T10:00:00")).toThrow(/exempt supplies valid on 2026-06-01/);
    expect(() => taxForRate(later, "0.00", "2026-06-01T10:00:00")).toThrow(/VAT at 0.00 % valid on/);
  });

  it("reads a validity given as a date or with a zone as Harare time", () => {
    const tax = (validFrom: string, validTill?: string): FdmsApplicableTax => ({
      taxID: 9,
      taxPercent: 15,
      taxName: "x",
      validFrom,
      validTill,
    });
    expect(taxValidAt(tax("2026-01-01"), "2025-12-31T23:59:59")).toBe(false);
    expect(taxValidAt(tax("2026-01-01"), "2026-01-01T00:00:00")).toBe(true);
    // 22:00 UTC on 31 December is midnight in Harare.
    expect(taxValidAt(tax("2025-12-31T22:00:00Z"), "2026-01-01T00:00:00")).toBe(true);
    expect(taxValidAt(tax("2025-12-31T22:00:00Z"), "2025-12-31T23:59:59")).toBe(false);
    expect(taxValidAt(tax("2023-01-01", "2025-12-31"), "2025-12-31T18:00:00")).toBe(true);
    expect(taxValidAt(tax("2023-01-01", "2025-12-31T12:00:00"), "2025-12-31T18:00:00")).toBe(false);
  });

  it("keeps a credit note on its invoice's tax while FDMS still lists it, else the one valid at the note's date", () => {
    const credit = (taxes: FdmsApplicableTax[]) =>
      receipt({
        kind: "credit_note",
        number: "CN-1",
        content: at15,
        taxes,
        credited: { receiptGlobalNo: 7 },
        creditedDate: "2025-12-31T15:00:00",
      });
    expect(credit(taxes2026).receiptTaxes).toEqual([{ taxID: 3, taxPercent: 15, taxAmount: -30, salesAmountWithTax: -230 }]);
    // The invoice's 15.5 % tax in a later year: the note keeps taxID 515 whatever else FDMS lists for that percent.
    const newer = [...taxes2026, { taxID: 600, taxPercent: 15.5, taxName: "Standard rated 15.5% (new)", validFrom: "2027-01-01T00:00:00" }];
    const n = receipt({
      kind: "credit_note",
      number: "CN-2",
      receiptDate: "2027-02-01T10:00:00",
      taxes: newer,
      credited: { receiptGlobalNo: 8 },
      creditedDate: "2026-12-01T10:00:00",
    });
    expect(n.receiptTaxes.find((t) => t.taxPercent === 15.5)?.taxID).toBe(515);
    // No longer listed: the tax valid at the note's own date, or a refusal when there is none.
    expect(() => credit(taxes2026.filter((t) => t.taxID !== 3))).toThrow(/no tax for VAT at 15.00 %/);
  });
});

describe("hash chain, counters and the fiscal day signature (API §6, §13.3.1)", () => {
  it("chains each receipt to the previous hash and counts sales, tax and balance; credit notes count negative", () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const base = {
      kind: "invoice" as const,
      content: content(),
      deviceID: 24455,
      receiptDate: "2026-11-26T10:00:00",
      taxes,
      chargeHsCodes,
    };
    const first = signReceipt(24455, buildReceipt({ ...base, number: "INV-1", receiptCounter: 1, receiptGlobalNo: 11 }), null, privateKey);
    const second = signReceipt(
      24455,
      buildReceipt({
        ...base,
        kind: "credit_note",
        number: "CN-1",
        receiptCounter: 2,
        receiptGlobalNo: 12,
        credited: { receiptGlobalNo: 11 },
      }),
      first.receiptDeviceSignature.hash,
      privateKey,
    );
    expect(
      verifySignature(receiptSignatureString(24455, second, first.receiptDeviceSignature.hash), second.receiptDeviceSignature, publicKey),
    ).toBe(true);
    expect(verifySignature(receiptSignatureString(24455, second, null), second.receiptDeviceSignature, publicKey)).toBe(false);

    let counters = addReceiptToCounters([], first);
    counters = addReceiptToCounters(counters, second);
    counters = addReceiptToCounters(counters, first);
    const sorted = sortedCounters(counters);
    expect(
      sorted.map((c) => [c.fiscalCounterType, c.fiscalCounterTaxPercent ?? c.fiscalCounterMoneyType ?? "", c.fiscalCounterValue]),
    ).toEqual([
      ["SaleByTax", "", 11.62],
      ["SaleByTax", 0, 100],
      ["SaleByTax", 15.5, 462],
      ["SaleTaxByTax", 15.5, 62],
      ["CreditNoteByTax", "", -5.81],
      ["CreditNoteByTax", 0, -50],
      ["CreditNoteByTax", 15.5, -231],
      ["CreditNoteTaxByTax", 15.5, -31],
      ["BalanceByMoneyType", "BankTransfer", 286.81],
    ]);
    expect(fiscalDaySignatureString(24455, 3, "2026-11-26T07:00:00", counters)).toBe(
      "2445532026-11-26" +
        "SALEBYTAXUSD1162SALEBYTAXUSD0.0010000SALEBYTAXUSD15.5046200SALETAXBYTAXUSD15.506200" +
        "CREDITNOTEBYTAXUSD-581CREDITNOTEBYTAXUSD0.00-5000CREDITNOTEBYTAXUSD15.50-23100CREDITNOTETAXBYTAXUSD15.50-3100" +
        "BALANCEBYMONEYTYPEUSDBANKTRANSFER28681",
    );
  });

  it("writes Harare local time and the CSR's common name", () => {
    expect(fdmsLocalTime(new Date("2026-11-26T22:30:05.123Z"))).toBe("2026-11-27T00:30:05");
    expect(deviceCommonName("SOLAR-VD-001", 24455)).toBe("ZIMRA-SOLAR-VD-001-0000024455");
  });
});

describe("receipt lines, payment and date (decision 016, Rules relied on)", () => {
  const standard = { vat_category: "standard" as const, vat_rate: "15.50" };
  const panel = {
    product_id: 1,
    name: "Panel 550 W",
    hs_code: "85414300",
    quantity: 2,
    unit_price: "100.00",
    net: "200.00",
    vat: "31.00",
    total: "231.00",
  };
  const charge = (name: string, unit: string, vat: string, total: string) => ({
    product_id: null,
    name,
    hs_code: null,
    quantity: 1,
    unit_price: unit,
    net: unit,
    vat,
    total,
  });
  /** An order from a quotation: a panel, its delivery, installation and a discount, all at the standard rate. */
  const quoted = content({
    lines: [
      { ...panel, ...standard },
      { ...charge("Delivery to Mutare", "50.00", "7.75", "57.75"), ...standard },
      { ...charge("Installation", "40.00", "6.20", "46.20"), ...standard },
      { ...charge("Loyalty discount", "-20.00", "-3.10", "-23.10"), ...standard },
    ],
    vat_summary: [{ vat_rate: "15.50", net: "270.00", vat: "41.85" }],
    totals: { subtotal: "270.00", vat: "41.85", total: "311.85" },
  });
  const input = {
    kind: "invoice" as const,
    number: "INV-2026-000009",
    content: quoted,
    deviceID: 24455,
    receiptCounter: 1,
    receiptGlobalNo: 1,
    receiptDate: "2026-11-26T10:00:00",
    taxes,
    chargeHsCodes,
    lineKinds: ["product", "delivery", "installation", "discount"] as const,
  };
  const lines = (r: ReturnType<typeof buildReceipt>) =>
    r.receiptLines.map((l) => [l.receiptLineType, l.receiptLineHSCode, l.receiptLinePrice, l.receiptLineQuantity, l.receiptLineTotal]);

  it("sends a discount as a Discount line, negative on an invoice and positive on a credit note (RCPT022, API §5.4.7)", () => {
    expect(lines(buildReceipt(input))).toEqual([
      ["Sale", "85414300", 100, 2, 200],
      ["Sale", "99002000", 50, 1, 50],
      ["Sale", "99001000", 40, 1, 40],
      ["Discount", "99001000", -20, 1, -20],
    ]);
    const credit = buildReceipt({ ...input, kind: "credit_note", credited: { receiptGlobalNo: 1 } });
    expect(lines(credit).map((l) => [l[0], l[4]])).toEqual([
      ["Sale", -200],
      ["Sale", -50],
      ["Sale", -40],
      ["Discount", 20],
    ]);
    expect(credit.receiptTotal).toBe(-311.85);
  });

  it("writes lines and payments as ZIMRA's test OpenAPI declares them (Discount, HS codes of 8, MobileWallet)", () => {
    const r = buildReceipt({ ...input, moneyType: "MobileWallet" });
    const line = fdmsSchema("ReceiptLine");
    const payment = fdmsSchema("Payment");
    expect(r.receiptLines.map(line)).toEqual([[], [], [], []]);
    expect(r.receiptPayments.map(payment)).toEqual([[]]);
    expect(line({ ...r.receiptLines[0], receiptLineType: "Refund" })).not.toEqual([]);
  });

  describe("every receipt built validates as the whole Receipt of ZIMRA's test OpenAPI (receipt-schema.json)", () => {
    // The stand-in's validator: a "byte" field's maxLength counts bytes (a SHA-256 hash: 32 bytes, 44 characters).
    const receipt = validatorOf("Receipt");
    const check = (r: ReturnType<typeof buildReceipt>) => {
      const signedReceipt = signReceipt(24455, r, null, generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey);
      return receipt(signedReceipt) ? [] : receipt.errors;
    };
    const noBuyer = { ...content().buyer, tin: null, vat_number: null, address: "" };
    // One-line addresses are left out here: FDMS wants them split (decision 016, row 38).
    const buyerNoAddress = { ...content().buyer, address: "" };
    const cases: [string, ReturnType<typeof buildReceipt>][] = [
      ["an invoice at 15.5 %, 0 % and exempt, with a buyer", buildReceipt({ ...input, content: content({ buyer: buyerNoAddress }) })],
      ["an invoice without a buyer's TIN (no buyer data)", buildReceipt({ ...input, content: content({ buyer: noBuyer }) })],
      ["delivery, installation and a discount", buildReceipt({ ...input, content: { ...quoted, buyer: buyerNoAddress } })],
      [
        "a credit note naming its invoice",
        buildReceipt({
          ...input,
          kind: "credit_note",
          content: content({ buyer: buyerNoAddress, reason: "Order cancelled" }),
          credited: { receiptID: 5000, deviceID: 24455, receiptGlobalNo: 1, fiscalDayNo: 1 },
        }),
      ],
      [
        "a credit note with a discount, without a buyer",
        buildReceipt({ ...input, kind: "credit_note", content: { ...quoted, buyer: noBuyer }, credited: { receiptGlobalNo: 1 } }),
      ],
    ];
    it.each(cases)("%s", (_, r) => {
      expect(check(r)).toEqual([]);
    });

    it("and the schema does refuse what FDMS refuses (a 9-digit TIN, an unknown field)", () => {
      // buildReceipt leaves such a buyer out (row 37); the schema would refuse it.
      const r = buildReceipt({ ...input, content: content({ buyer: buyerNoAddress }) });
      expect(check({ ...r, buyerData: { ...(r.buyerData as NonNullable<typeof r.buyerData>), buyerTIN: "200099999" } })).not.toEqual([]);
      expect(check({ ...r, extra: 1 } as ReturnType<typeof buildReceipt>)).not.toEqual([]);
    });

    // Row 38: a one-line address is left out; one in its four parts is sent as FDMS's AddressDto.
    it("a buyer with a one-line address, and one with the address in its parts", () => {
      expect(check(buildReceipt({ ...input, content: content() }))).toEqual([]);
      const parts = { province: "Harare", city: "Harare", street: "Samora Machel Avenue", house_no: "123" };
      const split = buildReceipt({ ...input, content: content({ buyer: { ...content().buyer, address_parts: parts } }) });
      expect(split.buyerData?.buyerAddress).toMatchObject({ houseNo: "123" });
      expect(check(split)).toEqual([]);
    });
  });

  describe("the buyer block FDMS accepts (decision 016 rows 34, 37, 38)", () => {
    const buyer = fdmsSchema("Buyer");
    const parts = { province: "Harare", city: "Harare", street: "Samora Machel Avenue", house_no: "123" };
    const withBuyer = (b: Partial<TaxDocumentContent["buyer"]>) =>
      buildReceipt({ ...input, content: content({ buyer: { ...content().buyer, ...b } }) });

    it("sends TIN, VAT number, contacts and the address in its four parts, as the schema's Buyer declares them", () => {
      const r = withBuyer({ address_parts: parts });
      expect(r.buyerData).toEqual({
        buyerRegisterName: "Sunrise Solar",
        buyerTIN: "2000999999",
        vatNumber: "220999999",
        buyerContacts: { phoneNo: "+263771234567", email: "a@b.zw" },
        buyerAddress: { province: "Harare", city: "Harare", street: "Samora Machel Avenue", houseNo: "123" },
      });
      expect(buyer(r.buyerData)).toEqual([]);
      // The schema would refuse the old shape: a street alone.
      expect(buyer({ ...r.buyerData, buyerAddress: { street: "12 Samora Machel Ave, Harare" } })).not.toEqual([]);
    });

    it("leaves the address out when its parts are missing (a document issued before them, or a one-line address)", () => {
      const r = withBuyer({ address_parts: undefined });
      expect(r.buyerData).not.toHaveProperty("buyerAddress");
      expect(buyer(r.buyerData)).toEqual([]);
      expect(withBuyer({ address_parts: { ...parts, street: " " } }).buyerData).not.toHaveProperty("buyerAddress");
      expect(withBuyer({ address_parts: { ...parts, city: "x".repeat(101) } }).buyerData).not.toHaveProperty("buyerAddress");
    });

    it("leaves the whole block out without a TIN of 10 digits; a VAT number only with 9 digits", () => {
      expect(withBuyer({ tin: null }).buyerData).toBeUndefined();
      expect(withBuyer({ tin: "200099999" }).buyerData).toBeUndefined();
      expect(withBuyer({ tin: "20009999990" }).buyerData).toBeUndefined();
      expect(withBuyer({ tin: "TIN-2000999999" }).buyerData).toBeUndefined();
      expect(withBuyer({ tin: "2000 999-999" }).buyerData).toMatchObject({ buyerTIN: "2000999999" });
      const noVat = withBuyer({ vat_number: "22099999" }).buyerData;
      expect(noVat).not.toHaveProperty("vatNumber");
      expect(buyer(noVat)).toEqual([]);
    });

    it("sends contacts only within the schema's lengths, the e-mail only in its shape", () => {
      const long = withBuyer({ phone: "+263 77 123 4567 ext. 1234", email: `${"a".repeat(96)}@b.zw` }).buyerData;
      expect(long).not.toHaveProperty("buyerContacts");
      const badEmail = withBuyer({ email: "sales at sunrise" }).buyerData;
      expect(badEmail?.buyerContacts).toEqual({ phoneNo: "+263771234567" });
      expect(buyer(badEmail)).toEqual([]);
      expect(buyer(withBuyer({ name: "N".repeat(250) }).buyerData)).toEqual([]);
    });
  });

  it("gives every line an HS code, reading a line's kind from itself when the order's lines are not known", () => {
    expect(lineKindOf({ product_id: 7, unit_price: "10.00" })).toBe("product");
    expect(lineKindOf({ product_id: null, unit_price: "-5.00" })).toBe("discount");
    expect(lineKindOf({ product_id: null, unit_price: "5.00" })).toBe("installation");
    expect(lineKindOf({ product_id: null, unit_price: "5.00" }, "delivery")).toBe("delivery");
    const { lineKinds: _, ...unknown } = input;
    expect(lines(buildReceipt(unknown)).map((l) => [l[0], l[1]])).toEqual([
      ["Sale", "85414300"],
      ["Sale", "99001000"],
      ["Sale", "99001000"],
      ["Discount", "99001000"],
    ]);
  });

  it("refuses, before signing, a VAT payer's product without an HS code, naming it; a non-VAT payer sends it without (RCPT047)", () => {
    const bare = content({
      lines: [{ ...panel, ...standard, hs_code: null }],
      vat_summary: [{ vat_rate: "15.50", net: "200.00", vat: "31.00" }],
      totals: { subtotal: "200.00", vat: "31.00", total: "231.00" },
    });
    expect(() => buildReceipt({ ...input, content: bare, lineKinds: ["product"] })).toThrow(
      /INV-2026-000009: the product "Panel 550 W" has no HS code/,
    );
    // A seller without a VAT number charges none (RCPT021): its exempt line goes without an HS code.
    const notVatSeller = { ...bare.seller, vat_number: null };
    expect(() => buildReceipt({ ...input, content: { ...bare, seller: notVatSeller }, lineKinds: ["product"] })).toThrow(
      /carries VAT at 15\.5 %, but the seller has no VAT number with ZIMRA \(RCPT021\)/,
    );
    const exempt = content({
      seller: notVatSeller,
      lines: [{ ...panel, hs_code: null, vat_category: "exempt", vat_rate: null, vat: "0.00", total: "200.00" }],
      vat_summary: [{ vat_rate: null, net: "200.00", vat: "0.00" }],
      totals: { subtotal: "200.00", vat: "0.00", total: "200.00" },
    });
    const notVat = buildReceipt({ ...input, content: exempt, lineKinds: ["product"] });
    expect(notVat.receiptLines[0]).not.toHaveProperty("receiptLineHSCode");
    expect(notVat.receiptLines[0]).not.toHaveProperty("taxPercent");
  });

  it("sends how the order was paid: Paynow's card page, EcoCash or OneMoney, else a bank transfer (API §5.4.5)", () => {
    expect([moneyTypeOfPayment("web"), moneyTypeOfPayment("ecocash"), moneyTypeOfPayment("onemoney"), moneyTypeOfPayment(null)]).toEqual([
      "Card",
      "MobileWallet",
      "MobileWallet",
      "BankTransfer",
    ]);
    expect(buildReceipt({ ...input, moneyType: "Card" }).receiptPayments).toEqual([{ moneyTypeCode: "Card", paymentAmount: 311.85 }]);
  });

  it("dates a receipt strictly after the day's opening and the previous receipt: the next second when equal (RCPT014, RCPT030)", () => {
    expect(receiptDateAfter("2026-11-26T10:00:05", "2026-11-26T08:00:00", "2026-11-26T10:00:04")).toBe("2026-11-26T10:00:05");
    expect(receiptDateAfter("2026-11-26T08:00:00", "2026-11-26T08:00:00", "")).toBe("2026-11-26T08:00:01");
    expect(receiptDateAfter("2026-11-26T07:59:00", "2026-11-26T08:00:00", "2026-11-25T17:00:00")).toBe("2026-11-26T08:00:01");
    expect(receiptDateAfter("2026-11-26T10:00:05", "2026-11-26T08:00:00", "2026-11-26T10:00:05")).toBe("2026-11-26T10:00:06");
    expect(receiptDateAfter("2026-11-26T23:59:59", "2026-11-26T08:00:00", "2026-11-26T23:59:59")).toBe("2026-11-27T00:00:00");
  });

  it("counts Grey errors, in FDMS's spelling Gray too, with Red ones as stopping the day's close; Yellow ones not (API §8.2.1)", () => {
    const answer = [
      { validationErrorCode: "RCPT011", validationErrorColor: "Gray" as const },
      { validationErrorCode: "RCPT014", validationErrorColor: "Yellow" as const },
      { validationErrorCode: "RCPT020", validationErrorColor: "Red" as const },
      { validationErrorCode: "RCPT012", validationErrorColor: "Grey" as const },
    ];
    expect(errorsStoppingClose(answer).map((e) => e.validationErrorCode)).toEqual(["RCPT011", "RCPT020", "RCPT012"]);
    expect(errorsStoppingClose(undefined)).toEqual([]);
  });
});
