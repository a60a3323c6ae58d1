import { describe, expect, it } from "vitest";
import type { OrderPreview } from "#shared/schemas/orders.ts";
import { accountRefusal } from "./checkout-account.ts";

const preview = (over: Partial<OrderPreview>): OrderPreview => ({
  lines: [],
  missing: [],
  delivery: null,
  vat_rate: "15.5",
  subtotal_usd: "100.00",
  vat_usd: "15.50",
  total_usd: "115.50",
  subtotal_secondary: null,
  vat_secondary: null,
  total_secondary: null,
  secondary_currency: "ZWG",
  exchange_rate: null,
  rate_date: null,
  ...over,
});
const account = { dueOn: "2026-12-14", available: "115.50", hold: null };

describe("the checkout's On account option (decision 034)", () => {
  it("is open for an order within the credit left, and before the order is priced", () => {
    expect(accountRefusal(account, preview({}), "USD")).toBeNull();
    expect(accountRefusal(account, null, "USD")).toBeNull();
  });

  it("says by how much a USD order is over the credit left", () => {
    expect(accountRefusal(account, preview({ total_usd: "120.00" }), "USD")).toBe(
      "This order is USD\u00a04.50 over your available credit: pay for it before dispatch, or pay your balance first.",
    );
  });

  it("counts an order in the secondary currency at the preview's rate, as the service does", () => {
    // ZWG 3,216.00 at 26.8 per USD is USD 120.00, whatever the USD total says.
    const zwg = preview({ total_usd: "100.00", total_secondary: "3216.00", exchange_rate: "26.8" });
    expect(accountRefusal(account, zwg, "ZWG")).toContain("USD\u00a04.50 over");
    expect(accountRefusal(account, zwg, "USD")).toBeNull();
  });

  it("is closed with the hold's words while the account is on hold", () => {
    expect(accountRefusal({ ...account, hold: "Orders on account are paused." }, preview({}), "USD")).toBe("Orders on account are paused.");
  });
});
