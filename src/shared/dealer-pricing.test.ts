import { describe, expect, it } from "vitest";
import { breakFor, breakTable, type PriceRule, secondaryUnitCents, unitCents } from "./dealer-pricing.ts";
import { discountedCents } from "./money.ts";

const rule = (over: Partial<PriceRule> = {}): PriceRule => ({
  listCents: 11_800n,
  tierPercent: "5.00",
  tierPriceCents: null,
  breaks: [
    { minQuantity: 40, percent: "6.00" },
    { minQuantity: 10, percent: "3.00" },
  ],
  ...over,
});

describe("a dealer's unit price (issue 24 §2)", () => {
  it("is the list price less the tier's discount below the first break", () => {
    expect(unitCents(rule(), 1)).toBe(11_210n);
    expect(unitCents(rule(), 9)).toBe(11_210n);
  });

  it("takes the break's discount on top of the tier's from its quantity on, the highest break reached", () => {
    // 118.00 × 0.95 × 0.97 = 108.737 → 108.74; × 0.95 × 0.94 = 105.374 → 105.37
    expect(unitCents(rule(), 10)).toBe(10_874n);
    expect(unitCents(rule(), 39)).toBe(10_874n);
    expect(unitCents(rule(), 40)).toBe(10_537n);
    expect(unitCents(rule(), 500)).toBe(10_537n);
    expect(breakFor(rule().breaks, 25)?.minQuantity).toBe(10);
    expect(breakFor(rule().breaks, 2)).toBeNull();
  });

  it("rounds once, at the end, half away from zero", () => {
    // 0.50 × 0.95 × 0.97 = 0.46075 → 0.46; step by step it would be 0.475 → 0.48, then 0.4656 → 0.47
    expect(unitCents(rule({ listCents: 50n }), 10)).toBe(46n);
    expect(discountedCents(50n, ["5", "3"])).toBe(46n);
    // 10.10 × 0.95 = 9.595 → 9.60 (half up)
    expect(discountedCents(1_010n, ["5"])).toBe(960n);
    expect(discountedCents(1_234n, [])).toBe(1_234n);
  });

  it("uses the tier's own price of a product in place of its discount, with the breaks still on top", () => {
    const own = rule({ tierPriceCents: 10_384n });
    expect(unitCents(own, 1)).toBe(10_384n);
    expect(unitCents(own, 10)).toBe(10_072n); // 103.84 × 0.97 = 100.7248
  });

  it("without a tier (none made, or an admin looking) is the list price", () => {
    expect(unitCents(rule({ tierPercent: "0", breaks: [] }), 50)).toBe(11_800n);
  });

  it("draws the break table from 1, then each break's minimum, lowest first", () => {
    expect(breakTable(rule())).toEqual([
      { minQuantity: 1, cents: 11_210n },
      { minQuantity: 10, cents: 10_874n },
      { minQuantity: 40, cents: 10_537n },
    ]);
    expect(breakTable(rule({ breaks: [] }))).toEqual([{ minQuantity: 1, cents: 11_210n }]);
  });

  it("discounts an admin's secondary list price as the USD one, and converts a tier's own USD price at the rate", () => {
    expect(secondaryUnitCents(rule(), 10, 300_000n, "26.8015")).toBe(discountedCents(300_000n, ["5.00", "3.00"]));
    expect(secondaryUnitCents(rule(), 1, null, "26.8015")).toBe(300_445n); // 112.10 × 26.8015 = 3004.448…
    expect(secondaryUnitCents(rule({ tierPriceCents: 10_384n }), 1, 300_000n, "26.8015")).toBe(278_307n); // 103.84 × 26.8015
    expect(secondaryUnitCents(rule(), 1, null, null)).toBeNull();
  });

  it("refuses a discount of 100 % or more", () => {
    expect(() => discountedCents(100n, ["100"])).toThrow();
  });
});
