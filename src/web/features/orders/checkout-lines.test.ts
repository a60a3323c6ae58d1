import { describe, expect, it } from "vitest";
import { cartField, linesParam, parseLinesParam } from "./checkout-lines.ts";

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
});
