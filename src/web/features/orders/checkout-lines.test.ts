import { describe, expect, it } from "vitest";
import { LINE_QUANTITY_MAX } from "#shared/constants.ts";
import { linesParam } from "#shared/order-lines.ts";
import { parseLinesParam } from "#shared/schemas/orders.ts";
import { cartField, checkoutRows } from "./checkout-lines.ts";

describe("checkout lines", () => {
  it("round-trips the cart through the query value", () => {
    const items = [
      { productId: 12, quantity: 2 },
      { productId: 3, quantity: 1 },
    ];
    expect(linesParam(items)).toBe("12x2,3x1");
    expect(parseLinesParam(linesParam(items))).toEqual([
      { product_id: 12, quantity: 2 },
      { product_id: 3, quantity: 1 },
    ]);
  });

  it("leaves out malformed parts and caps the count", () => {
    expect(parseLinesParam("1x0,x2,abc,2x1.5,-1x2,5x3")).toEqual([{ product_id: 5, quantity: 3 }]);
    expect(parseLinesParam(Array.from({ length: 150 }, (_, i) => `${i + 1}x1`).join(","))).toHaveLength(100);
    expect(parseLinesParam("")).toEqual([]);
  });

  it("posts ids and quantities only", () => {
    expect(JSON.parse(cartField([{ productId: 7, quantity: 4 }]))).toEqual([{ product_id: 7, quantity: 4 }]);
  });

  it("lists every cart line: priced, no longer available, or not priced (a quantity above the order limit)", () => {
    const items = [
      { productId: 1, productName: "Panel", quantity: 2 },
      { productId: 2, productName: "Gone inverter", quantity: 1 },
      { productId: 3, productName: "Battery", quantity: LINE_QUANTITY_MAX + 1 },
    ];
    // What the server prices: the query value leaves out the line above the limit; product 2 no longer exists.
    expect(parseLinesParam(linesParam(items))).toEqual([
      { product_id: 1, quantity: 2 },
      { product_id: 2, quantity: 1 },
    ]);
    const preview = { lines: [{ product_id: 1, line_total_usd: "200.00" }], missing: [2] };
    expect(checkoutRows(items, preview)).toEqual([
      { productId: 1, productName: "Panel", quantity: 2, state: "priced", line: preview.lines[0] },
      { productId: 2, productName: "Gone inverter", quantity: 1, state: "gone" },
      { productId: 3, productName: "Battery", quantity: LINE_QUANTITY_MAX + 1, state: "unpriced" },
    ]);
  });
});
