import { describe, expect, it } from "vitest";
import { allocationError, allocationField, paymentReferenceLabel, typedAllocations } from "./credit-form.ts";

function formOf(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
}

describe("a by-hand allocation as a form posts it", () => {
  it("takes the invoices given an amount, in the list's order, and keeps what was typed", () => {
    const form = formOf([
      ["invoice", "12"],
      [allocationField(12), " 100.50 "],
      ["invoice", "7"],
      [allocationField(7), ""],
      ["invoice", "30"],
      [allocationField(30), "20"],
    ]);
    expect(typedAllocations(form)).toEqual({
      allocations: [
        { invoice_id: "12", amount: "100.50" },
        { invoice_id: "30", amount: "20" },
      ],
      typed: { "12": "100.50", "30": "20" },
    });
  });

  it("ignores an invoice listed twice or not a number, and amounts of invoices not listed", () => {
    const form = formOf([
      ["invoice", "5"],
      ["invoice", "5"],
      ["invoice", "x1"],
      [allocationField(5), "1"],
      [allocationField(9), "2"],
    ]);
    expect(typedAllocations(form).allocations).toEqual([{ invoice_id: "5", amount: "1" }]);
  });

  it("finds a refusal of a line under its invoice, by the line's place among those sent", () => {
    const sent = [
      { invoice_id: "12", amount: "100" },
      { invoice_id: "30", amount: "999" },
    ];
    const errors = { "allocations.1.amount": "More than the invoice's open amount." };
    expect(allocationError(errors, sent, 30)).toBe("More than the invoice's open amount.");
    expect(allocationError(errors, sent, 12)).toBeUndefined();
    expect(allocationError(errors, sent, 99)).toBeUndefined();
    expect(allocationError({ "allocations.0.invoice_id": "No such invoice." }, sent, 12)).toBe("No such invoice.");
    expect(allocationError(undefined, sent, 12)).toBeUndefined();
  });
});

describe("a payment's ledger reference", () => {
  it("names the method as people say it", () => {
    expect(paymentReferenceLabel("bank_transfer: FBC 1234")).toBe("Bank transfer: FBC 1234");
    expect(paymentReferenceLabel("ecocash: MP2611.1234")).toBe("EcoCash: MP2611.1234");
  });
  it("leaves a reference without a known method as it is", () => {
    expect(paymentReferenceLabel("cheque: 001")).toBe("cheque: 001");
    expect(paymentReferenceLabel("FBC 1234")).toBe("FBC 1234");
  });
});
