import { describe, expect, it } from "vitest";
import { offerAvailability } from "./structured-data.ts";

describe("the JSON-LD offer (issue 23 §3)", () => {
  it("maps the status to the JSON-LD offer's availability", () => {
    expect(offerAvailability({ status: "in_stock", branches: [] })).toBe("https://schema.org/InStock");
    expect(offerAvailability({ status: "low_stock", branches: [] })).toBe("https://schema.org/LimitedAvailability");
    expect(offerAvailability({ status: "out_of_stock", branches: [] })).toBe("https://schema.org/OutOfStock");
    expect(offerAvailability({ status: "out_of_stock", branches: [], next_arrival: "2026-12-12" })).toBe("https://schema.org/BackOrder");
    expect(offerAvailability({ status: "on_order", branches: [] })).toBe("https://schema.org/BackOrder");
  });
});
