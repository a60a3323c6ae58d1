import { describe, expect, it } from "vitest";
import { formatMoney, isMislabelledPrice, listPriceIn, quotationFigures, toCents, unitPriceOf } from "./quotation-totals.ts";

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

describe("prices in the chosen currency (issue 17 §8)", () => {
  const line = { price: "149.00", price_zwl: "18492.00" };

  it("starts an approval from the USD snapshot in USD and the product's secondary price in ZWG or ZWL", () => {
    expect(listPriceIn(line, "USD")).toBe("149.00");
    expect(listPriceIn(line, "ZWG")).toBe("18492.00");
    expect(listPriceIn(line, "ZWL")).toBe("18492.00");
    expect(listPriceIn({ price: "149.00", price_zwl: null }, "ZWG")).toBeNull();
  });

  it("calls a USD figure labelled ZWG mislabelled, and the other way round", () => {
    const prices = { usd: ["149.00", "150.00"], secondary: "18492.00" };
    expect(isMislabelledPrice("149", "ZWG", prices)).toBe(true);
    expect(isMislabelledPrice("150.00", "ZWG", prices)).toBe(true);
    expect(isMislabelledPrice("18,492.00".replace(",", ""), "USD", prices)).toBe(true);
  });

  it("accepts the chosen currency's price, any other figure, and lines without a price in the chosen currency", () => {
    const prices = { usd: ["149.00"], secondary: "18492.00" };
    expect(isMislabelledPrice("18492", "ZWG", prices)).toBe(false);
    expect(isMislabelledPrice("17000", "ZWG", prices)).toBe(false);
    expect(isMislabelledPrice("149.00", "USD", prices)).toBe(false);
    expect(isMislabelledPrice("140", "USD", prices)).toBe(false);
    // No ZWG price: nothing to tell a USD figure from.
    expect(isMislabelledPrice("149.00", "ZWG", { usd: ["149.00"], secondary: null })).toBe(false);
    // The same figure in both currencies is both prices.
    expect(isMislabelledPrice("100", "ZWG", { usd: ["100.00"], secondary: "100.00" })).toBe(false);
    expect(isMislabelledPrice("100", "USD", { usd: ["100.00"], secondary: "100.00" })).toBe(false);
  });
});
