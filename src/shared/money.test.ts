import { describe, expect, it } from "vitest";
import {
  amountScale,
  centsNumber,
  centsToDecimal,
  convertCents,
  decimalUnits,
  formatCents,
  rateNote,
  shownPrice,
  vatCents,
} from "./money.ts";

describe("exact money", () => {
  it("reads decimals as whole units, refusing what is malformed or too precise", () => {
    expect(decimalUnits("26.8", 4)).toBe(268000n);
    expect(decimalUnits("26.80155", 4)).toBeNull();
    expect(decimalUnits("-1", 4)).toBeNull();
    expect(decimalUnits("1e3", 4)).toBeNull();
    expect(decimalUnits("15.5", 2)).toBe(1550n);
  });

  it("converts USD to ZWG at a rate, to the cent, rounding half up", () => {
    // USD 118.00 at 26.8015 = 3162.577 → 3162.58
    expect(centsToDecimal(convertCents(11800n, "26.8015"))).toBe("3162.58");
    // USD 0.01 at 24.3902 = 0.243902 → 0.24
    expect(convertCents(1n, "24.3902")).toBe(24n);
    // A half cent rounds up: USD 0.50 at 0.0050 is 0.25 of a cent, USD 1.00 at 0.0050 is half a cent.
    expect(convertCents(100n, "0.005")).toBe(1n);
    // Large amounts stay exact where a double would not.
    expect(centsToDecimal(convertCents(999_999_999_99n, "26.8015"))).toBe("26801499999.73");
  });

  it("works VAT out on an amount excluding VAT, at 15 % and 15.5 %", () => {
    expect(centsToDecimal(vatCents(11800n, "15"))).toBe("17.70");
    expect(centsToDecimal(vatCents(11800n, "15.5"))).toBe("18.29");
    expect(centsToDecimal(vatCents(1n, "15.5"))).toBe("0.00");
    expect(centsToDecimal(vatCents(4n, "15.5"))).toBe("0.01");
    expect(vatCents(-11800n, "15.5")).toBe(-1829n);
  });

  it("prints prices exactly, grouped, and none for zero or nonsense; names the rate an amount was made at", () => {
    expect(formatCents(316258n)).toBe("3,162.58");
    expect(formatCents(2680149999973n)).toBe("26,801,499,999.73");
    expect(shownPrice("1450")).toBe("1,450.00");
    expect(shownPrice("0.00")).toBeNull();
    expect(shownPrice(null)).toBeNull();
    expect(shownPrice("12.345")).toBeNull();
    expect(rateNote("ZWG", "26.8015", "2026-11-24")).toBe("ZWG at 26.8015 per USD, rate of 24 November 2026");
  });

  it("reads whole cents exactly and gives a chart its scale, refusing anything else", () => {
    expect(centsNumber("1234567")).toBe(1234567);
    expect(centsNumber(-250n)).toBe(-250);
    expect(() => centsNumber("12.50")).toThrow(/not whole cents/);
    expect(amountScale("1234.50")).toBe(1234.5);
    expect(amountScale("-0.10")).toBe(-0.1);
    expect(amountScale("abc")).toBe(0);
  });
});
