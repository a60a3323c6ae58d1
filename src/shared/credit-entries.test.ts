import { describe, expect, it } from "vitest";
import { entryCurrencyNote, entryDescription } from "./credit-entries.ts";
import { formatDay } from "./dates.ts";
import { holdMessage, holdReason, holdRemedy, type LedgerEntry } from "./schemas/credit.ts";

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  kind: "invoice",
  id: 1,
  date: "2026-11-02",
  reference: "INV-2026-000012",
  order_reference: "ORD-2026-000040",
  due_on: "2026-12-02",
  currency: "USD",
  amount: "115.50",
  exchange_rate: null,
  debit: "115.50",
  credit: "0.00",
  balance: "115.50",
  open: "115.50",
  ...over,
});

describe("a statement's entries in words (decision 034)", () => {
  it("names a document with its order and due day, and a payment by its method", () => {
    expect(entryDescription(entry({}))).toBe("Tax invoice INV-2026-000012 (ORD-2026-000040), due 2 December 2026");
    expect(entryDescription(entry({ kind: "credit_note", reference: "CN-2026-000001", due_on: null }))).toBe(
      "Credit note CN-2026-000001 (ORD-2026-000040)",
    );
    expect(entryDescription(entry({ kind: "payment", reference: "bank_transfer: FT: 2611", order_reference: null, due_on: null }))).toBe(
      "Payment (Bank transfer), reference FT: 2611",
    );
  });

  it("gives a ZWG document its own amount and rate, and a USD one nothing", () => {
    expect(entryCurrencyNote(entry({}))).toBe("");
    expect(entryCurrencyNote(entry({ currency: "ZWG", amount: "3095.62", exchange_rate: "26.8015" }))).toBe(
      "ZWG\u00a03,095.62 at 26.8015 per USD",
    );
  });

  it("reads a calendar day the same in any time zone", () => {
    expect(formatDay("2026-01-01")).toBe("1 January 2026");
  });
});

describe("the hold's words", () => {
  const hold = { invoice: "INV-2026-000003", due_on: "2026-10-01", days_overdue: 35, hold_days: 30 };
  it("say why and what lifts it, with the overdue amount when given", () => {
    expect(holdReason(hold)).toBe("Orders on account are paused: invoice INV-2026-000003 is 35 days overdue.");
    expect(holdMessage(hold)).toBe(
      "Orders on account are paused: invoice INV-2026-000003 is 35 days overdue. Pay the overdue balance to order on account again; you can still pay for orders before dispatch.",
    );
    expect(holdRemedy("1250.00")).toBe(
      "Pay the overdue balance of USD\u00a01,250.00 to order on account again; you can still pay for orders before dispatch.",
    );
  });
});
