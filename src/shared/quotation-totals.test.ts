import { describe, expect, it } from "vitest";
import { formatMoney, quotationFigures, toCents, unitPriceOf } from "./quotation-totals.ts";

describe("quotation figures", () => {
  it("reads decimal text as whole cents and prints it with thousands separators", () => {
    expect(toCents("1234.5")).toBe(123450n);
    expect(toCents("0")).toBe(0n);
    expect(toCents("-1")).toBeNull();
    expect(toCents("abc")).toBeNull();
    expect(toCents(null)).toBeNull();
    expect(formatMoney(123450n)).toBe("1,234.50");
    expect(formatMoney(5n)).toBe("0.05");
    // Past what a double holds exactly: ZWL totals can be this large.
    expect(formatMoney((toCents("9999999999999.99") as bigint) * 10_000n)).toBe("99,999,999,999,999,900.00");
  });

  it("uses the quoted price; for a USD approval without one, the list price; otherwise none", () => {
    expect(unitPriceOf({ quantity: 1, price: "10.00", quoted_price: "12.00" }, "ZWL")).toBe("12.00");
    expect(unitPriceOf({ quantity: 1, price: "10.00", quoted_price: null }, "USD")).toBe("10.00");
    expect(unitPriceOf({ quantity: 1, price: "10.00", quoted_price: null }, "ZWL")).toBeNull();
  });

  it("totals the priced lines and says whether every line had a price", () => {
    const lines = [
      { quantity: 2, price: null, quoted_price: "1250.50" },
      { quantity: 3, price: null, quoted_price: "99.00" },
    ];
    expect(quotationFigures(lines, "USD")).toMatchObject({ totalCents: 279800n, complete: true });
    const partly = quotationFigures([...lines, { quantity: 1, price: null, quoted_price: null }], "USD");
    expect(partly).toMatchObject({ totalCents: 279800n, complete: false });
    expect(partly.lines[2]).toMatchObject({ unitCents: null, lineCents: null });
  });
});
