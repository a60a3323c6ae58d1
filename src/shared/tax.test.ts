import { describe, expect, it } from "vitest";
import { vatShares } from "./money.ts";
import { sellerIsVatRegistered, taxTotals } from "./tax.ts";

describe("taxTotals (decision 031)", () => {
  it("rounds each rate's VAT once on its lines' sum, as FDMS does (4 × 0.87 at 15.5 %: 0.54, not 4 × 0.13)", () => {
    const four = Array.from({ length: 4 }, () => ({ unit: "0.87", quantity: 1, vatRate: "15.50" }));
    const group = taxTotals(four);
    expect(group.vat).toBe(54n);
    expect(group.summary).toEqual([{ vatRate: "15.50", net: 348n, vat: 54n }]);
    // Each line carries its share: its own 0.13, two of them a cent more, so the lines add up to the rate's VAT.
    expect(group.lines.map((l) => l.vat)).toEqual([14n, 14n, 13n, 13n]);
    expect(group.lines.map((l) => l.gross)).toEqual([101n, 101n, 100n, 100n]);
    expect(group.gross).toBe(402n);
    // Documents issued before keep rounding per line.
    expect(taxTotals(four, "line").vat).toBe(52n);
    expect(taxTotals(four, "line").lines.map((l) => l.vat)).toEqual([13n, 13n, 13n, 13n]);
  });

  it("keeps every line's own VAT when the group's rounding agrees, and rates apart", () => {
    const t = taxTotals([
      { unit: "100.00", quantity: 2, vatRate: "15.50" },
      { unit: "50.00", quantity: 1, vatRate: "0.00" },
      { unit: "5.81", quantity: 1, vatRate: null },
      { unit: "10.10", quantity: 1, vatRate: "15.50" },
    ]);
    expect(t.lines.map((l) => l.vat)).toEqual([3100n, 0n, 0n, 157n]);
    expect(t.summary).toEqual([
      { vatRate: "15.50", net: 21010n, vat: 3257n },
      { vatRate: "0.00", net: 5000n, vat: 0n },
      { vatRate: null, net: 581n, vat: 0n },
    ]);
    expect([t.net, t.vat, t.gross]).toEqual([26591n, 3257n, 29848n]);
  });

  it("takes a discount line off its rate's sum before rounding", () => {
    // 0.03 × 15 % = 0.0045 → 0.00 on each line, −0.01 → −0.0015 → 0.00; the group's 0.08 → 0.012 → 0.01.
    const input = [
      { unit: "0.03", quantity: 1, vatRate: "15.00" },
      { unit: "0.03", quantity: 1, vatRate: "15.00" },
      { unit: "0.03", quantity: 1, vatRate: "15.00" },
      { unit: "-0.01", quantity: 1, vatRate: "15.00" },
    ];
    const t = taxTotals(input);
    expect(t.summary).toEqual([{ vatRate: "15.00", net: 8n, vat: 1n }]);
    expect(t.lines.map((l) => l.vat)).toEqual([1n, 0n, 0n, 0n]);
    expect(taxTotals(input, "line").vat).toBe(0n);
    expect(taxTotals([{ unit: "-10.10", quantity: 1, vatRate: "15.50" }]).vat).toBe(-157n);
  });
});

describe("vatShares", () => {
  it("moves cents onto the lines rounded furthest from exact, first lines first on a tie", () => {
    // 0.03 × 15.5 % = 0.00465 → 0.00 each; three of them 0.01395 → 0.01 on the sum.
    expect(vatShares([3n, 3n, 3n], "15.50")).toEqual({ vat: 1n, shares: [1n, 0n, 0n] });
    // 0.10 → 0.0155 → 0.02 and 0.07 → 0.01085 → 0.01: the sum's 0.02635 → 0.03 agrees, nothing moves.
    expect(vatShares([10n, 7n], "15.50")).toEqual({ vat: 3n, shares: [2n, 1n] });
    // 0.13 → 0.02015 (0.02, down) twice: 0.0403 → 0.04, nothing moves.
    expect(vatShares([13n, 13n], "15.50")).toEqual({ vat: 4n, shares: [2n, 2n] });
    // 0.04 → 0.0062 (0.01, up by 0.0038) and 0.03 → 0.00465 (0.00, down): sum 0.01085 → 0.01, nothing moves.
    expect(vatShares([4n, 3n], "15.50")).toEqual({ vat: 1n, shares: [1n, 0n] });
    // 0.04 twice: 0.0124 → 0.01 on the sum; the first line gives its cent back.
    expect(vatShares([4n, 4n], "15.50")).toEqual({ vat: 1n, shares: [0n, 1n] });
  });

  it("reads a seller with a VAT number as VAT-registered", () => {
    expect(sellerIsVatRegistered("220123456")).toBe(true);
    expect(sellerIsVatRegistered("  ")).toBe(false);
    expect(sellerIsVatRegistered(null)).toBe(false);
  });
});
