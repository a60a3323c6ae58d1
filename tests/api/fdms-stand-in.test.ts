import { generateKeyPairSync, type KeyObject, sign, verify, X509Certificate } from "node:crypto";
import { Agent, request } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { certificateRequest } from "#server/modules/fiscal/der.ts";
import { dayString, sortedDayCounters } from "../support/fdms-stand-in/day.ts";
import {
  type RuleContext,
  type RuleError,
  receiptErrors,
  receiptString,
  type StoredReceipt,
  sha256,
  type WireReceipt,
} from "../support/fdms-stand-in/rules.ts";
import { schemaErrors } from "../support/fdms-stand-in/schema.ts";
import { certificateThumbprint, type FdmsStandIn, hararePlain, serverSignatureString, startFdmsStandIn } from "../support/fdms-stand-in.ts";

/**
 * The FDMS stand-in checked on its own (decision 016, "Test stand-in"): its signature string against the public
 * vectors, each receipt rule (API v7.2 §8.2.1, rows 1–36) with one small case, the schema refusal, the answers and the
 * day's close (rows 46–51).
 */

const device = generateKeyPairSync("ec", { namedCurve: "P-256" });
const DEVICE_ID = 24455;

function signed(r: Omit<WireReceipt, "receiptDeviceSignature">, previousHash: string | null, key: KeyObject = device.privateKey) {
  const unsigned = { ...r, receiptDeviceSignature: { hash: "", signature: "" } };
  const text = receiptString(DEVICE_ID, unsigned, previousHash);
  return { ...r, receiptDeviceSignature: { hash: sha256(text), signature: sign("sha256", Buffer.from(text), key).toString("base64") } };
}

/** A valid invoice: a panel at 15.5 %, a lamp at 0 %, a discount at 15.5 %; 180 + 27.90 + 50 = 257.90. */
function invoice(over: Partial<WireReceipt> = {}): Omit<WireReceipt, "receiptDeviceSignature"> {
  return {
    receiptType: "FiscalInvoice",
    receiptCurrency: "USD",
    receiptCounter: 1,
    receiptGlobalNo: 1,
    invoiceNo: "INV-1",
    receiptDate: "2026-11-26T10:00:00",
    receiptLinesTaxInclusive: false,
    receiptLines: [
      line("Sale", 1, "85414300", 100, 2, 200, 3, 15.5),
      line("Sale", 2, "94054000", 50, 1, 50, 2, 0),
      line("Discount", 3, "99001000", -20, 1, -20, 3, 15.5),
    ],
    receiptTaxes: [
      { taxPercent: 0, taxID: 2, taxAmount: 0, salesAmountWithTax: 50 },
      { taxPercent: 15.5, taxID: 3, taxAmount: 27.9, salesAmountWithTax: 207.9 },
    ],
    receiptPayments: [{ moneyTypeCode: "Card", paymentAmount: 257.9 }],
    receiptTotal: 257.9,
    receiptPrintForm: "InvoiceA4",
    ...over,
  };
}

function line(
  type: "Sale" | "Discount",
  no: number,
  hs: string | undefined,
  price: number,
  quantity: number,
  total: number,
  taxID: number,
  taxPercent?: number,
): WireReceipt["receiptLines"][number] {
  return {
    receiptLineType: type,
    receiptLineNo: no,
    ...(hs === undefined ? {} : { receiptLineHSCode: hs }),
    receiptLineName: `Line ${no}`,
    receiptLinePrice: price,
    receiptLineQuantity: quantity,
    receiptLineTotal: total,
    ...(taxPercent === undefined ? {} : { taxPercent }),
    taxID,
  };
}

/** The invoice as FDMS stored it, to credit. */
const original: StoredReceipt = {
  receiptID: 5000,
  fiscalDayNo: 1,
  receipt: signed(invoice({ receiptDate: "2026-11-20T10:00:00", invoiceNo: "INV-0" }), null),
  serverDate: "2026-11-20T10:00:01",
  receiptServerSignature: { certificateThumbprint: "AB", hash: "", signature: "" },
  validationErrors: [],
};

/** A credit note of 50.00 of the lamp (0 %). */
function creditNote(over: Partial<WireReceipt> = {}): Omit<WireReceipt, "receiptDeviceSignature"> {
  return invoice({
    receiptType: "CreditNote",
    invoiceNo: "CN-1",
    receiptNotes: "Returned",
    creditDebitNote: { deviceID: DEVICE_ID, receiptGlobalNo: original.receipt.receiptGlobalNo, fiscalDayNo: 1 },
    receiptLines: [line("Sale", 1, "94054000", -50, 1, -50, 2, 0)],
    receiptTaxes: [{ taxPercent: 0, taxID: 2, taxAmount: 0, salesAmountWithTax: -50 }],
    receiptPayments: [{ moneyTypeCode: "Card", paymentAmount: -50 }],
    receiptTotal: -50,
    ...over,
  });
}

function context(over: Partial<RuleContext> = {}): RuleContext {
  return {
    deviceID: DEVICE_ID,
    day: { fiscalDayNo: 2, fiscalDayOpened: "2026-11-26T08:00:00", receiptCounter: 0, lastDate: null, lastHash: null },
    lastReceiptGlobalNo: 0,
    receipts: [original],
    taxes: [
      { taxID: 1, taxName: "Exempt", validFrom: "2023-01-01T00:00:00" },
      { taxID: 2, taxPercent: 0, taxName: "Zero rated", validFrom: "2023-01-01T00:00:00" },
      { taxID: 3, taxPercent: 15.5, taxName: "Standard", validFrom: "2023-01-01T00:00:00" },
    ],
    currencies: ["USD", "ZWG"],
    vatNumber: "220123456",
    taxPayerDayMaxHrs: 24,
    now: "2026-11-26T12:00:00",
    allowedMinutesAhead: 5,
    devicePublicKey: device.publicKey,
    ...over,
  };
}

/** The errors of a receipt, signed as it is (so only the rule under test speaks). */
const errorsOf = (r: Omit<WireReceipt, "receiptDeviceSignature">, ctx = context()): RuleError[] =>
  receiptErrors(ctx, signed(r, ctx.day.receiptCounter === 0 ? null : ctx.day.lastHash));
const red = (code: string): RuleError => ({ code, color: "Red" });

describe("the stand-in's signature string (API §13.2.1, the public vectors of fdms-protocol.test.ts)", () => {
  const base = { receiptCounter: 1, invoiceNo: "X", receiptLinesTaxInclusive: false, receiptLines: [], receiptPayments: [] };
  it("writes the accepted receipts' strings and hashes", () => {
    const first = {
      ...base,
      receiptType: "FiscalInvoice" as const,
      receiptCurrency: "USD",
      receiptGlobalNo: 7,
      receiptDate: "2025-05-06T12:40:34",
      receiptTotal: 5.81,
      receiptTaxes: [{ taxID: 1, taxAmount: 0, salesAmountWithTax: 5.81 }],
      receiptDeviceSignature: { hash: "", signature: "" },
    };
    expect(receiptString(24455, first, null)).toBe("24455FISCALINVOICEUSD72025-05-06T12:40:345810581");
    expect(sha256(receiptString(24455, first, null))).toBe("oDCrjJ5wjYdt+DjjqEJ6Z9zEtjttpb5OYLlYh9Avsic=");
    const credit = {
      ...first,
      receiptType: "CreditNote" as const,
      receiptGlobalNo: 8,
      receiptDate: "2025-05-06T12:54:46",
      receiptTotal: -5.81,
      receiptTaxes: [{ taxID: 1, taxAmount: -0, salesAmountWithTax: -5.81 }],
    };
    expect(sha256(receiptString(24455, credit, "oDCrjJ5wjYdt+DjjqEJ6Z9zEtjttpb5OYLlYh9Avsic="))).toBe(
      "F7ZV6q3zDkgKK2/d2970TkxtrwyyQwg9AUXeu6b1Pr8=",
    );
  });

  it("writes the API document's example: tax codes, two-decimal percents, exempt empty, ordered by taxID", () => {
    const r = {
      ...base,
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
      receiptDeviceSignature: { hash: "", signature: "" },
    };
    expect(receiptString(321, r, "hNVJXP/ACOiE8McD3pKsDlqBXpuaUqQOfPnMyfZWI9k=")).toBe(
      "321FISCALINVOICEZWL4322019-09-19T15:43:12945000A0250000B0.000350000C15.0015000115000D15.0030000230000hNVJXP/ACOiE8McD3pKsDlqBXpuaUqQOfPnMyfZWI9k=",
    );
  });
});

describe("the stand-in's receipt rules (API §8.2.1; decision 016 rows 1–36)", () => {
  it("finds nothing wrong with a valid invoice and a valid credit note", () => {
    expect(errorsOf(invoice())).toEqual([]);
    expect(errorsOf(creditNote())).toEqual([]);
  });

  it("RCPT010 currency, RCPT013 invoice number, RCPT014 before the day (Yellow)", () => {
    expect(errorsOf(invoice({ receiptCurrency: "ZWL" }))).toContainEqual(red("RCPT010"));
    expect(errorsOf(invoice({ invoiceNo: "INV-0" }))).toEqual([red("RCPT013")]);
    expect(errorsOf(invoice({ receiptDate: "2026-11-26T08:00:00" }))).toEqual([{ code: "RCPT014", color: "Yellow" }]);
  });

  it("RCPT011 / RCPT012: Red for a repeat, Grey for a gap", () => {
    const later = context({
      day: { fiscalDayNo: 2, fiscalDayOpened: "2026-11-26T08:00:00", receiptCounter: 3, lastDate: "2026-11-26T09:00:00", lastHash: "h" },
      lastReceiptGlobalNo: 10,
    });
    expect(errorsOf(invoice({ receiptCounter: 4, receiptGlobalNo: 11 }), later)).toEqual([]);
    expect(errorsOf(invoice({ receiptCounter: 3, receiptGlobalNo: 10 }), later)).toEqual([red("RCPT011"), red("RCPT012")]);
    expect(errorsOf(invoice({ receiptCounter: 6, receiptGlobalNo: 13 }), later)).toEqual([
      { code: "RCPT011", color: "Grey" },
      { code: "RCPT012", color: "Grey" },
    ]);
  });

  it("takes a debit note (positive amounts) naming its invoice", () => {
    const debit = invoice({
      receiptType: "DebitNote",
      invoiceNo: "DN-1",
      receiptNotes: "Price corrected",
      creditDebitNote: { receiptID: 5000 },
      receiptLines: [line("Sale", 1, "94054000", 10, 1, 10, 2, 0)],
      receiptTaxes: [{ taxPercent: 0, taxID: 2, taxAmount: 0, salesAmountWithTax: 10 }],
      receiptPayments: [{ moneyTypeCode: "Card", paymentAmount: 10 }],
      receiptTotal: 10,
    });
    expect(errorsOf(debit)).toEqual([]);
    expect(errorsOf({ ...debit, creditDebitNote: null })).toEqual([red("RCPT015")]);
    expect(errorsOf({ ...debit, receiptTotal: -10, receiptPayments: [{ moneyTypeCode: "Card", paymentAmount: -10 }] })).toContainEqual(
      red("RCPT040"),
    );
  });

  it("RCPT015 a note without its original, RCPT029 an invoice naming one, RCPT034 a note without notes", () => {
    expect(errorsOf(creditNote({ creditDebitNote: {} }))).toEqual([red("RCPT015")]);
    expect(errorsOf(invoice({ creditDebitNote: { receiptID: 5000 } }))).toEqual([red("RCPT029")]);
    expect(errorsOf(creditNote({ receiptNotes: "" }))).toEqual([red("RCPT034")]);
  });

  it("RCPT016–018: no lines, no taxes, no payments", () => {
    expect(errorsOf(invoice({ receiptLines: [] }))).toContainEqual(red("RCPT016"));
    expect(errorsOf(invoice({ receiptTaxes: [] }))).toContainEqual(red("RCPT017"));
    expect(errorsOf(invoice({ receiptPayments: [] }))).toContainEqual(red("RCPT018"));
  });

  it("RCPT019 lines including tax that do not add up to the total", () => {
    const inclusive = invoice({
      receiptLinesTaxInclusive: true,
      receiptLines: [line("Sale", 1, "85414300", 115.5, 1, 115.5, 3, 15.5)],
      receiptTaxes: [{ taxPercent: 15.5, taxID: 3, taxAmount: 15.5, salesAmountWithTax: 115.5 }],
      receiptPayments: [{ moneyTypeCode: "Cash", paymentAmount: 115.5 }],
      receiptTotal: 115.5,
    });
    expect(errorsOf(inclusive)).toEqual([]);
    expect(errorsOf({ ...inclusive, receiptTotal: 116 })).toContainEqual(red("RCPT019"));
  });

  it("RCPT020 a signature that is not the device's, or over another string", () => {
    const other = generateKeyPairSync("ec", { namedCurve: "P-256" });
    expect(receiptErrors(context(), signed(invoice(), null, other.privateKey))).toEqual([red("RCPT020")]);
    const r = signed(invoice(), null);
    expect(receiptErrors(context(), { ...r, receiptDate: "2026-11-26T10:00:01" })).toEqual([red("RCPT020")]);
  });

  it("RCPT021 VAT while the taxpayer is no VAT payer", () => {
    expect(errorsOf(invoice(), context({ vatNumber: null }))).toContainEqual(red("RCPT021"));
  });

  it("RCPT022 signs of lines, RCPT023 quantity, RCPT024 price × quantity", () => {
    const [panel, lamp, discount] = invoice().receiptLines as [
      WireReceipt["receiptLines"][number],
      WireReceipt["receiptLines"][number],
      WireReceipt["receiptLines"][number],
    ];
    expect(errorsOf(invoice({ receiptLines: [panel, lamp, { ...discount, receiptLinePrice: 20, receiptLineTotal: 20 }] }))).toContainEqual(
      red("RCPT022"),
    );
    expect(errorsOf(invoice({ receiptLines: [{ ...panel, receiptLineQuantity: 0 }, lamp, discount] }))).toContainEqual(red("RCPT023"));
    expect(errorsOf(invoice({ receiptLines: [{ ...panel, receiptLinePrice: 99 }, lamp, discount] }))).toEqual([red("RCPT024")]);
    // A credit note's sales are negative.
    const cnLine = creditNote().receiptLines[0] as WireReceipt["receiptLines"][number];
    expect(errorsOf(creditNote({ receiptLines: [{ ...cnLine, receiptLinePrice: 50 }] }))).toContainEqual(red("RCPT022"));
  });

  it("RCPT025 a tax FDMS does not have, with another percent, or not valid at the receipt's date", () => {
    expect(errorsOf(invoice({ receiptTaxes: invoice().receiptTaxes.map((t) => ({ ...t, taxID: t.taxID + 10 })) }))).toContainEqual(
      red("RCPT025"),
    );
    const taxes = context().taxes.map((t) => (t.taxID === 3 ? { ...t, taxPercent: 15 } : t));
    expect(errorsOf(invoice(), context({ taxes }))).toContainEqual(red("RCPT025"));
    const expired = context().taxes.map((t) => (t.taxID === 3 ? { ...t, validTill: "2026-01-01T00:00:00" } : t));
    expect(errorsOf(invoice(), context({ taxes: expired }))).toEqual([red("RCPT025")]);
    const notYet = context().taxes.map((t) => (t.taxID === 3 ? { ...t, validFrom: "2027-01-01T00:00:00" } : t));
    expect(errorsOf(invoice(), context({ taxes: notYet }))).toEqual([red("RCPT025")]);
  });

  it("RCPT026 / RCPT027: each group's tax on the sum of its lines, rounded once (4 × 0.87 at 15.5 % is 0.54)", () => {
    const four = (taxAmount: number) =>
      invoice({
        receiptLines: [line("Sale", 1, "85414300", 0.87, 4, 3.48, 3, 15.5)],
        receiptTaxes: [{ taxPercent: 15.5, taxID: 3, taxAmount, salesAmountWithTax: 3.48 + taxAmount }],
        receiptPayments: [{ moneyTypeCode: "Cash", paymentAmount: 3.48 + taxAmount }],
        receiptTotal: 3.48 + taxAmount,
      });
    expect(errorsOf(four(0.54))).toEqual([]);
    expect(errorsOf(four(0.52))).toEqual([red("RCPT026"), red("RCPT027")]);
    const wrongSales = invoice().receiptTaxes.map((t) => (t.taxID === 2 ? { ...t, salesAmountWithTax: 51 } : t));
    expect(errorsOf(invoice({ receiptTaxes: wrongSales }))).toContainEqual(red("RCPT027"));
  });

  it("RCPT028 payment signs, RCPT039 payments against the total, RCPT040 the total's sign", () => {
    expect(errorsOf(creditNote({ receiptPayments: [{ moneyTypeCode: "Card", paymentAmount: 50 }] }))).toContainEqual(red("RCPT028"));
    expect(errorsOf(invoice({ receiptPayments: [{ moneyTypeCode: "Card", paymentAmount: 250 }] }))).toEqual([red("RCPT039")]);
    expect(errorsOf(creditNote({ receiptTotal: 50 }))).toContainEqual(red("RCPT040"));
  });

  it("RCPT030 not after the previous receipt, RCPT031 in the future (Yellow), RCPT041 after the day's end (Yellow)", () => {
    const later = context({
      day: { fiscalDayNo: 2, fiscalDayOpened: "2026-11-26T08:00:00", receiptCounter: 1, lastDate: "2026-11-26T10:00:00", lastHash: "h" },
      lastReceiptGlobalNo: 1,
    });
    expect(errorsOf(invoice({ receiptCounter: 2, receiptGlobalNo: 2 }), later)).toEqual([red("RCPT030")]);
    // Grey when receipts between are missing: the date may be right once they arrive.
    expect(errorsOf(invoice({ receiptCounter: 3, receiptGlobalNo: 2 }), later)).toEqual([
      { code: "RCPT011", color: "Grey" },
      { code: "RCPT030", color: "Grey" },
    ]);
    expect(errorsOf(invoice({ receiptDate: "2026-11-26T12:10:00" }))).toEqual([{ code: "RCPT031", color: "Yellow" }]);
    expect(errorsOf(invoice({ receiptDate: "2026-11-27T09:00:00" }), context({ now: "2026-11-27T10:00:00" }))).toEqual([
      { code: "RCPT041", color: "Yellow" },
    ]);
  });

  it("RCPT032 an original FDMS does not have, RCPT033 one over 12 months old", () => {
    expect(errorsOf(creditNote({ creditDebitNote: { receiptID: 999 } }))).toEqual([red("RCPT032")]);
    expect(errorsOf(creditNote({ creditDebitNote: { deviceID: 1, receiptGlobalNo: 1, fiscalDayNo: 1 } }))).toEqual([red("RCPT032")]);
    expect(errorsOf(creditNote({ creditDebitNote: { receiptID: 5000 } }))).toEqual([]);
    const old = { ...original, receipt: { ...original.receipt, receiptDate: "2025-11-25T10:00:00" } };
    expect(errorsOf(creditNote(), context({ receipts: [old] }))).toEqual([red("RCPT033")]);
  });

  it("RCPT035 credited more than the original net of earlier notes, RCPT036 other taxes, RCPT042 other currency", () => {
    const earlier: StoredReceipt = {
      ...original,
      receiptID: 5001,
      receipt: { ...signed(creditNote({ invoiceNo: "CN-0", receiptTotal: -220 }), null) },
    };
    expect(errorsOf(creditNote(), context({ receipts: [original, earlier] }))).toEqual([red("RCPT035")]);
    const exempt = creditNote({
      receiptLines: [line("Sale", 1, "94054000", -5, 1, -5, 1)],
      receiptTaxes: [{ taxID: 1, taxAmount: 0, salesAmountWithTax: -5 }],
      receiptPayments: [{ moneyTypeCode: "Card", paymentAmount: -5 }],
      receiptTotal: -5,
    });
    expect(errorsOf(exempt)).toEqual([red("RCPT036")]);
    expect(errorsOf(creditNote({ receiptCurrency: "ZWG" }))).toEqual([red("RCPT042")]);
  });

  it("RCPT037 / RCPT038: the total against the lines and taxes, and against the tax table", () => {
    expect(errorsOf(invoice({ receiptTotal: 258, receiptPayments: [{ moneyTypeCode: "Card", paymentAmount: 258 }] }))).toEqual([
      red("RCPT037"),
      red("RCPT038"),
    ]);
  });

  it("RCPT043 buyer data without name or TIN", () => {
    expect(errorsOf(invoice({ buyerData: { buyerRegisterName: "Sunrise Solar", buyerTIN: "2000999999" } }))).toEqual([]);
    expect(errorsOf(invoice({ buyerData: { buyerRegisterName: "Sunrise Solar" } }))).toEqual([red("RCPT043")]);
  });

  it("RCPT047 a VAT payer's line without an HS code, RCPT048 its length (8 digits at 0 % or exempt)", () => {
    const [panel, lamp, discount] = invoice().receiptLines as [
      WireReceipt["receiptLines"][number],
      WireReceipt["receiptLines"][number],
      WireReceipt["receiptLines"][number],
    ];
    const { receiptLineHSCode: _, ...bare } = panel;
    expect(errorsOf(invoice({ receiptLines: [bare, lamp, discount] }))).toEqual([red("RCPT047")]);
    expect(errorsOf(invoice({ receiptLines: [{ ...panel, receiptLineHSCode: "8541" }, lamp, discount] }))).toEqual([]);
    expect(errorsOf(invoice({ receiptLines: [panel, { ...lamp, receiptLineHSCode: "9405" }, discount] }))).toEqual([red("RCPT048")]);
    expect(errorsOf(invoice({ receiptLines: [{ ...panel, receiptLineHSCode: "854143" }, lamp, discount] }))).toEqual([red("RCPT048")]);
  });
});

describe("the stand-in's schema (ZIMRA's test OpenAPI, receipt-schema.json)", () => {
  it("takes a valid body and names each field it refuses", () => {
    expect(schemaErrors({ receipt: signed(invoice(), null) })).toBeNull();
    const errors = schemaErrors({
      receipt: {
        ...signed(invoice(), null),
        receiptType: "Invoice",
        buyerData: { buyerRegisterName: "X", buyerTIN: "123", buyerAddress: { street: "12 Samora Machel Ave" } },
        extra: 1,
      },
    });
    expect(Object.keys(errors ?? {}).sort()).toEqual([
      "receipt.buyerData.buyerAddress.city",
      "receipt.buyerData.buyerAddress.houseNo",
      "receipt.buyerData.buyerAddress.province",
      "receipt.buyerData.buyerTIN",
      "receipt.extra",
      "receipt.receiptType",
    ]);
    // A hash is 32 bytes, whatever its base64 text's length; 33 bytes are too many.
    const r = signed(invoice(), null);
    expect(
      schemaErrors({
        receipt: { ...r, receiptDeviceSignature: { ...r.receiptDeviceSignature, hash: Buffer.alloc(33).toString("base64") } },
      }),
    ).toEqual({
      "receipt.receiptDeviceSignature.hash": [expect.any(String)],
    });
  });
});

describe("the stand-in over HTTPS: answers, resends and the day's close (rows 46–51)", () => {
  let fdms: FdmsStandIn;
  let agent: Agent;
  const key = generateKeyPairSync("ec", { namedCurve: "P-256" });

  function call(area: "Public" | "Device", op: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = request(
        `${fdms.url}/${area}/v1/${fdms.deviceId}/${op}`,
        {
          method: payload ? "POST" : "GET",
          agent: area === "Device" ? agent : new Agent({ ca: fdms.caCertificate }),
          headers: { DeviceModelName: "Test", DeviceModelVersion: "1", ...(payload ? { "content-type": "application/json" } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString() || "{}") }));
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }

  const day = () => fdms.days.at(-1) as NonNullable<FdmsStandIn["days"][number]>;
  let counter = 0;
  let global = 0;
  /** The next receipt of the open day, signed by the device and chained; `over` changes it before signing. */
  function next(over: Partial<WireReceipt> = {}) {
    const d = day();
    const r = signed(
      invoice({
        receiptCounter: ++counter,
        receiptGlobalNo: ++global,
        invoiceNo: `INV-${global}`,
        receiptDate: hararePlain(new Date(Date.now() - 60_000 + global * 1000)),
        ...over,
      }),
      d.receiptCounter === 0 ? null : d.lastHash,
      key.privateKey,
    );
    return r;
  }
  async function openDay() {
    counter = 0;
    const opened = hararePlain(new Date(Date.now() - 10 * 60_000));
    expect((await call("Device", "OpenDay", { fiscalDayNo: fdms.days.length + 1, fiscalDayOpened: opened })).status).toBe(200);
  }
  function closeBody() {
    const d = day();
    const text = dayString(fdms.deviceId, d);
    return {
      fiscalDayNo: d.fiscalDayNo,
      receiptCounter: d.receiptCounter,
      fiscalDayCounters: sortedDayCounters(d).map((c) => ({
        fiscalCounterType: c.type,
        fiscalCounterCurrency: c.currency,
        ...(c.taxID === undefined ? {} : { fiscalCounterTaxID: c.taxID }),
        ...(c.taxPercent === undefined ? {} : { fiscalCounterTaxPercent: c.taxPercent }),
        ...(c.moneyType === undefined ? {} : { fiscalCounterMoneyType: c.moneyType }),
        fiscalCounterValue: c.cents / 100,
      })),
      fiscalDayDeviceSignature: { hash: sha256(text), signature: sign("sha256", Buffer.from(text), key.privateKey).toString("base64") },
    };
  }
  const status = async () => (await call("Device", "GetStatus")).json;

  beforeAll(async () => {
    fdms = await startFdmsStandIn();
    const csr = certificateRequest({ CN: `ZIMRA-${fdms.serialNo}-${String(fdms.deviceId).padStart(10, "0")}` }, key.privateKey);
    const registered = await call("Public", "RegisterDevice", { certificateRequest: csr, activationKey: fdms.activationKey });
    expect(registered.status).toBe(200);
    agent = new Agent({
      ca: fdms.caCertificate,
      cert: registered.json.certificate as string,
      key: key.privateKey.export({ type: "pkcs8", format: "pem" }),
    });
  });
  afterAll(async () => {
    agent?.destroy();
    await fdms?.close();
  });

  it("refuses a receipt on a closed day (422 RCPT01) and a malformed one (400 ValidationProblemDetails), storing nothing", async () => {
    const closed = await call("Device", "SubmitReceipt", { receipt: signed(invoice(), null, key.privateKey) });
    expect(closed).toMatchObject({ status: 422, json: { errorCode: "RCPT01", status: 422 } });
    await openDay();
    const r = next();
    global--;
    counter--;
    const bad = await call("Device", "SubmitReceipt", { receipt: { ...r, buyerData: { buyerRegisterName: "X", buyerTIN: "200099999" } } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ "receipt.buyerData.buyerTIN": [expect.stringContaining("10")] });
    fdms.refuseNext("RCPT02", 422, "Receipt structure is not valid");
    expect(await call("Device", "SubmitReceipt", { receipt: r })).toMatchObject({ status: 422, json: { errorCode: "RCPT02" } });
    expect(fdms.receipts).toHaveLength(0);
  });

  it("answers 200 with a server signature over signature ‖ receiptID ‖ serverDate (Harare time), and the first answer again on a resend", async () => {
    const r = next();
    const first = await call("Device", "SubmitReceipt", { receipt: r });
    expect(first.status).toBe(200);
    const { receiptID, serverDate, receiptServerSignature, validationErrors, operationID } = first.json as {
      receiptID: number;
      serverDate: string;
      operationID: string;
      validationErrors: unknown[];
      receiptServerSignature: { hash: string; signature: string; certificateThumbprint: string };
    };
    expect(validationErrors).toEqual([]);
    expect(serverDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(Math.abs(new Date(`${serverDate}Z`).getTime() - (Date.now() + 2 * 3_600_000))).toBeLessThan(60_000);
    const text = serverSignatureString(r.receiptDeviceSignature.signature, receiptID, serverDate);
    expect(receiptServerSignature.hash).toBe(sha256(text));
    const cert = new X509Certificate(fdms.signingCertificate);
    expect(verify("sha256", Buffer.from(text), cert.publicKey, Buffer.from(receiptServerSignature.signature, "base64"))).toBe(true);
    expect(receiptServerSignature.certificateThumbprint).toBe(certificateThumbprint(fdms.signingCertificate));
    expect(cert.fingerprint.replaceAll(":", "")).toBe(receiptServerSignature.certificateThumbprint);

    const again = await call("Device", "SubmitReceipt", { receipt: r });
    expect(again.json).toMatchObject({ receiptID, serverDate, receiptServerSignature });
    expect(again.json.operationID).not.toBe(operationID);
    expect(fdms.receipts).toHaveLength(1);
  });

  it("keeps a red receipt, fails the day's close for it, takes receipts while the close failed, and closes once clean", async () => {
    const wrong = next({ receiptPayments: [{ moneyTypeCode: "Card", paymentAmount: 250 }] });
    const flagged = await call("Device", "SubmitReceipt", { receipt: wrong });
    expect(flagged).toMatchObject({
      status: 200,
      json: { validationErrors: [{ validationErrorCode: "RCPT039", validationErrorColor: "Red" }] },
    });
    expect(fdms.receipts).toHaveLength(2);
    expect((await call("Device", "CloseDay", closeBody())).status).toBe(200);
    expect(await status()).toMatchObject({
      fiscalDayStatus: "FiscalDayCloseFailed",
      fiscalDayClosingErrorCode: "ReceiptsWithValidationErrors",
    });
    // Receipts are taken while the close failed (row 47).
    expect((await call("Device", "SubmitReceipt", { receipt: next() })).status).toBe(200);
    // A bad day signature is the first reason (API §5.4.9).
    expect((await call("Device", "CloseDay", { ...closeBody(), fiscalDayDeviceSignature: { hash: "x", signature: "eA==" } })).status).toBe(
      200,
    );
    expect(await status()).toMatchObject({ fiscalDayClosingErrorCode: "BadCertificateSignature" });
    fdms.closeDayManually();
    expect(await status()).toMatchObject({ fiscalDayStatus: "FiscalDayClosed" });
  });

  it("answers Grey (or Gray, as the test environment spells it) for a gap and fails the close with MissingReceipts", async () => {
    await openDay();
    fdms.greySpelling = "Gray";
    // The day's first receipt never arrives: the second is the first FDMS sees.
    counter++;
    global++;
    const gap = await call("Device", "SubmitReceipt", { receipt: next() });
    expect(gap.json.validationErrors).toEqual([
      { validationErrorCode: "RCPT011", validationErrorColor: "Gray" },
      { validationErrorCode: "RCPT012", validationErrorColor: "Gray" },
    ]);
    expect((await call("Device", "CloseDay", closeBody())).status).toBe(200);
    expect(await status()).toMatchObject({ fiscalDayStatus: "FiscalDayCloseFailed", fiscalDayClosingErrorCode: "MissingReceipts" });
    fdms.greySpelling = "Grey";
  });

  it("counts a debit note as DebitNoteByTax, and answers DEV01 while the device is Offline", async () => {
    fdms.closeDayManually();
    await openDay();
    const sale = next();
    expect((await call("Device", "SubmitReceipt", { receipt: sale })).status).toBe(200);
    const debit = next({
      receiptType: "DebitNote",
      receiptNotes: "Price corrected",
      creditDebitNote: { deviceID: fdms.deviceId, receiptGlobalNo: sale.receiptGlobalNo, fiscalDayNo: day().fiscalDayNo },
      receiptLines: [line("Sale", 1, "94054000", 10, 1, 10, 2, 0)],
      receiptTaxes: [{ taxPercent: 0, taxID: 2, taxAmount: 0, salesAmountWithTax: 10 }],
      receiptPayments: [{ moneyTypeCode: "Card", paymentAmount: 10 }],
      receiptTotal: 10,
    });
    expect(await call("Device", "SubmitReceipt", { receipt: debit })).toMatchObject({ status: 200, json: { validationErrors: [] } });
    expect(sortedDayCounters(day()).filter((c) => c.type.startsWith("DebitNote"))).toEqual([
      { type: "DebitNoteByTax", currency: "USD", taxID: 2, taxPercent: 0, cents: 1000 },
    ]);
    expect((await call("Device", "CloseDay", closeBody())).status).toBe(200);
    expect(await status()).toMatchObject({ fiscalDayStatus: "FiscalDayClosed" });
    fdms.operatingMode = "Offline";
    expect(await call("Device", "GetStatus")).toMatchObject({ status: 422, json: { errorCode: "DEV01" } });
    expect((await call("Device", "GetConfig")).json).toMatchObject({ deviceOperatingMode: "Offline" });
    fdms.operatingMode = "Online";
  });
});
