import { describe, expect, it } from "vitest";
import { availabilityLabel, branchAvailabilityLabel, shortLineWarning } from "./availability.ts";
import { type Availability, branchCoverageLabel, branchLineNote, branchShortLines, cityNamedIn, servingBranch } from "./schemas/stock.ts";

const dealerView: Availability = {
  status: "low_stock",
  branches: [
    { branch_id: 1, name: "Harare", status: "low_stock", available: 1 },
    { branch_id: 2, name: "Bulawayo", status: "low_stock", available: 2 },
  ],
  next_arrival: "2026-12-12",
};
const visitorView: Availability = {
  status: "low_stock",
  branches: dealerView.branches.map(({ available: _, ...b }) => b),
  next_arrival: "2026-12-12",
};

describe("availability in words (issue 23 §3)", () => {
  it("labels the four statuses, the out-of-stock one with its expected day", () => {
    expect(availabilityLabel({ status: "in_stock" })).toBe("In stock");
    expect(availabilityLabel({ status: "low_stock" })).toBe("Low stock");
    expect(availabilityLabel({ status: "on_order" })).toBe("On order");
    expect(availabilityLabel({ status: "out_of_stock" })).toBe("Out of stock");
    expect(availabilityLabel({ status: "out_of_stock", next_arrival: "2026-12-12" })).toBe("Out of stock — expected 12 Dec");
  });

  it("says a branch's quantity only when it is given", () => {
    expect(dealerView.branches.map(branchAvailabilityLabel)).toEqual(["Harare: 1 left", "Bulawayo: 2 left"]);
    expect(visitorView.branches.map(branchAvailabilityLabel)).toEqual(["Harare: low stock", "Bulawayo: low stock"]);
    expect(branchAvailabilityLabel({ name: "Harare", status: "in_stock", available: 24 })).toBe("Harare: 24 in stock");
  });

  it("warns about a short line: quantities for a dealer, the status for a visitor, nothing when it is there", () => {
    expect(shortLineWarning(dealerView, 5)).toBe("Only 3 available; more expected 12 Dec. The rest will be backordered.");
    expect(shortLineWarning(dealerView, 3)).toBeNull();
    expect(shortLineWarning(visitorView, 5)).toBe("Low stock: the quantity may not all be available.");
    expect(shortLineWarning({ status: "on_order", branches: [] }, 1)).toBe("On order: supplied for your order, allow extra time.");
  });
});

describe("checkout's branch and city (issue 23 §5)", () => {
  it("finds the fee table's city an address names last, multi-word cities too", () => {
    const cities = ["Harare", "Bulawayo", "Victoria Falls"];
    expect(cityNamedIn("45 Lytton Road, Workington, Harare", cities)).toBe("Harare");
    expect(cityNamedIn("Harare Street 3, Bulawayo", cities)).toBe("Bulawayo");
    expect(cityNamedIn("12 Park Way, VICTORIA FALLS", cities)).toBe("Victoria Falls");
    expect(cityNamedIn("Harareville", cities)).toBeUndefined();
  });

  it("counts the lines a branch cannot supply in full; unknown without quantities", () => {
    const stock = new Map([[7, dealerView]]);
    expect(branchShortLines(1, [{ productId: 7, quantity: 1 }], stock)).toBe(0);
    expect(branchShortLines(1, [{ productId: 7, quantity: 2 }], stock)).toBe(1);
    expect(branchShortLines(2, [{ productId: 7, quantity: 2 }], stock)).toBe(0);
    expect(branchShortLines(1, [{ productId: 7, quantity: 1 }], new Map([[7, visitorView]]))).toBeNull();
    expect([0, 1, 2].map(branchCoverageLabel)).toEqual(["Has everything", "1 line short", "2 lines short"]);
  });

  it("sends a delivery from the branch with the most lines in full, and says what it lacks", () => {
    const panels: Availability = {
      status: "in_stock",
      branches: [
        { branch_id: 1, name: "Harare", status: "in_stock", available: 40 },
        { branch_id: 2, name: "Bulawayo", status: "out_of_stock", available: 0 },
      ],
    };
    const stock = new Map([
      [7, dealerView],
      [8, panels],
    ]);
    const lines = [
      { productId: 7, quantity: 2 },
      { productId: 8, quantity: 4 },
    ];
    // Harare has the panels in full, Bulawayo the inverters: a tie on full lines, Harare has more units.
    expect(servingBranch(lines, stock)).toEqual({ branch_id: 1, name: "Harare" });
    expect(branchLineNote(dealerView, 1, 2)).toBe("Only 1 at Harare now: 1 backordered, more expected 12 Dec.");
    expect(branchLineNote(panels, 2, 4)).toBe("None at Bulawayo now: 4 backordered.");
    expect(branchLineNote(panels, 1, 4)).toBeNull();
    expect(branchLineNote(visitorView, 1, 9)).toBeNull();
    expect(servingBranch(lines, new Map([[7, visitorView]]))).toBeUndefined();
  });
});
