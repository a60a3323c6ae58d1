import { describe, expect, it } from "vitest";
import type { DocumentLine, TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import { creditLines, debitLines, positionsOf, remainingLines, remainingNet, remainingQuantity } from "./tax-note-lines.ts";

const line = (over: Partial<DocumentLine>): DocumentLine => ({
  product_id: 1,
  name: "Panel 550 W",
  hs_code: "85414300",
  quantity: 3,
  vat_category: "standard",
  vat_rate: "15.50",
  unit_price: "100.00",
  net: "300.00",
  vat: "46.50",
  total: "346.50",
  ...over,
});

const invoice = {
  lines: [
    line({}),
    line({
      product_id: null,
      name: "Installation",
      hs_code: null,
      quantity: 1,
      unit_price: "50.00",
      net: "50.00",
      vat: "7.75",
      total: "57.75",
    }),
    line({
      product_id: null,
      name: "Discount",
      hs_code: null,
      quantity: 1,
      unit_price: "-20.00",
      net: "-20.00",
      vat: "-3.10",
      total: "-23.10",
    }),
  ],
} as TaxDocumentContent;

const note = (id: number, kind: "credit_note" | "debit_note", lines: Partial<DocumentLine>[]) => ({
  id,
  kind,
  content: { lines: lines.map(line) } as TaxDocumentContent,
});

describe("what remains of an invoice (decision 016, RCPT035)", () => {
  it("counts units returned, amounts credited and debited, and a debit note's added charge as a line of its own", () => {
    const positions = positionsOf(invoice, [
      note(5, "credit_note", [{ of_line: "0", returned: 1, quantity: 1, net: "100.00" }]),
      note(6, "debit_note", [
        { of_line: "1", quantity: 1, unit_price: "10.00", net: "10.00" },
        { of_line: "+", name: "Courier", product_id: null, quantity: 1, unit_price: "25.00", net: "25.00" },
      ]),
      note(7, "credit_note", [{ of_line: "1", returned: 0, quantity: 1, unit_price: "5.00", net: "5.00" }]),
    ]);
    const panel = positions.get("0");
    expect(panel && [remainingQuantity(panel), remainingNet(panel)]).toEqual([2, 20000n]);
    const installation = positions.get("1");
    expect(installation && remainingNet(installation)).toBe(5500n);
    expect(positions.get("n6.1")?.name).toBe("Courier");
  });

  it("reads a credit note from before lines were named as the invoice's mirror: nothing remains", () => {
    const mirror = note(9, "credit_note", invoice.lines);
    expect(remainingLines(positionsOf(invoice, [mirror]))).toEqual([]);
  });

  it("refuses more units or money than remain, and a discount line, in words", () => {
    const positions = positionsOf(invoice, [note(5, "credit_note", [{ of_line: "0", returned: 2, quantity: 2, net: "200.00" }])]);
    expect(() => creditLines(positions, { reason: "r", lines: [{ line: "0", quantity: 2 }] }, "USD")).toThrow(
      /Only 1 of "Panel 550 W" remains/,
    );
    expect(() => creditLines(positions, { reason: "r", lines: [{ line: "0", amount: "100.01" }] }, "USD")).toThrow(/Only USD 100.00/);
    expect(() => creditLines(positions, { reason: "r", lines: [{ line: "2", amount: "1.00" }] }, "USD")).toThrow(/is a discount/);
    expect(creditLines(positions, { reason: "r", lines: [{ line: "0", quantity: 1 }] }, "USD")).toEqual([
      expect.objectContaining({ of_line: "0", quantity: 1, unit_price: "100.00", returned: 1 }),
    ]);
  });

  it("credits the rest: whole units at their price, else what remains as one amount", () => {
    const positions = positionsOf(invoice, [
      note(5, "credit_note", [{ of_line: "1", returned: 0, quantity: 1, unit_price: "5.00", net: "5.00" }]),
    ]);
    const rest = remainingLines(positions);
    expect(rest.map((l) => [l.name, l.quantity, l.unit_price])).toEqual([
      ["Panel 550 W", 3, "100.00"],
      ["Installation (balance)", 1, "45.00"],
      ["Discount", 1, "-20.00"],
    ]);
  });

  it("takes a debit note's charge only at one of the invoice's rates (RCPT036)", () => {
    const positions = positionsOf(invoice, []);
    const input = { reason: "r", lines: [], charges: [{ name: "Courier", amount: "25.00", vat_rate: "15.5" }] };
    expect(debitLines(positions, input, ["15.50"])[0]).toMatchObject({ vat_rate: "15.50", of_line: "+", vat_category: "standard" });
    expect(() =>
      debitLines(positions, { ...input, charges: [{ ...input.charges[0], vat_rate: "exempt" }] } as typeof input, ["15.50"]),
    ).toThrow(/VAT rates/);
  });
});
