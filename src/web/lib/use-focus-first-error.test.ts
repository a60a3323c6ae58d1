import { describe, expect, it } from "vitest";
import { errorPaths } from "./use-focus-first-error.ts";

describe("errorPaths", () => {
  it("names every field with an error by its dotted path, not the elements the errors point at", () => {
    const ref = { name: "customer_name", focus() {} };
    const errors = {
      customer_name: { type: "too_small", message: "Enter your name.", ref },
      products: [{ quantity: { type: "too_small", message: "At least 1." } }],
      installations: { root: { type: "custom", message: "Add one." } },
    };
    expect(errorPaths(errors as never)).toEqual(["customer_name", "products.0.quantity", "installations.root"]);
  });
});
