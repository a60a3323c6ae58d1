import { createHash, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import {
  addReceiptToCounters,
  buildReceipt,
  deviceCommonName,
  type FdmsApplicableTax,
  fdmsHash,
  fdmsLocalTime,
  fiscalDaySignatureString,
  receiptQrUrl,
  receiptSignatureString,
  signReceipt,
  signString,
  sortedCounters,
  verificationCode,
  verifySignature,
} from "./fdms-protocol.ts";

const taxes: FdmsApplicableTax[] = [
  { taxID: 1, taxName: "Exempt" },
  { taxID: 2, taxPercent: 0, taxName: "Zero rated" },
  { taxID: 3, taxPercent: 15.5, taxName: "Standard rated 15.5%" },
];

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
    expect(r.receiptLines[2]).not.toHaveProperty("receiptLineHSCode");
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
      }),
    ).toThrow(/does not add up/);
  });
});

describe("hash chain, counters and the fiscal day signature (API §6, §13.3.1)", () => {
  it("chains each receipt to the previous hash and counts sales, tax and balance; credit notes count negative", () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const base = { kind: "invoice" as const, content: content(), deviceID: 24455, receiptDate: "2026-11-26T10:00:00", taxes };
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
