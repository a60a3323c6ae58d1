import { describe, expect, it } from "vitest";
import {
  canDecideQuotation,
  defaultValidityDate,
  effectiveQuotationStatus,
  endOfHarareDay,
  harareDate,
  QUOTATION_VALIDITY_DAYS,
  quotationStatusView,
  quotationValidUntil,
} from "./quotation-status.ts";

// 10:00 in Harare (UTC+2) on 3 March 2026.
const created = "2026-03-03T08:00:00.000Z";
/** An approval from before admins chose a date: the 30-day rule. */
const legacy = { createdAt: created, validUntil: null };
const harareDay = (d: Date) => new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Africa/Harare" }).format(d);

describe("quotationValidUntil", () => {
  it("without a date of its own, holds to the end of the Harare day 30 days after the quotation's date", () => {
    expect(QUOTATION_VALIDITY_DAYS).toBe(30);
    const until = quotationValidUntil(legacy);
    expect(until.toISOString()).toBe("2026-04-02T21:59:59.999Z");
    expect(harareDay(until)).toBe("2 April 2026");
  });

  it("counts from the Harare date, not the UTC one, late in the evening", () => {
    // 23:30 on 3 March in Harare is still 3 March there, though 21:30 UTC.
    expect(quotationValidUntil({ createdAt: "2026-03-03T21:30:00.000Z", validUntil: null }).toISOString()).toBe("2026-04-02T21:59:59.999Z");
    // 00:30 on 4 March in Harare is 22:30 UTC on 3 March: the day is the 4th.
    expect(quotationValidUntil({ createdAt: "2026-03-03T22:30:00.000Z", validUntil: null }).toISOString()).toBe("2026-04-03T21:59:59.999Z");
  });

  it("takes the admin's date when there is one, as a Date or an ISO string", () => {
    const chosen = endOfHarareDay("2026-03-10");
    expect(chosen.toISOString()).toBe("2026-03-10T21:59:59.999Z");
    expect(quotationValidUntil({ createdAt: created, validUntil: chosen }).getTime()).toBe(chosen.getTime());
    expect(quotationValidUntil({ createdAt: new Date(created), validUntil: chosen.toISOString() }).getTime()).toBe(chosen.getTime());
  });
});

describe("Harare dates", () => {
  it("reads the calendar date in Harare and offers 30 days from today as the default validity", () => {
    expect(harareDate("2026-03-03T21:59:59.999Z")).toBe("2026-03-03");
    expect(harareDate("2026-03-03T22:00:00.000Z")).toBe("2026-03-04");
    expect(defaultValidityDate(new Date("2026-03-03T08:00:00Z"))).toBe("2026-04-02");
    // Across a month end and a leap day.
    expect(defaultValidityDate(new Date("2028-02-10T12:00:00Z"))).toBe("2028-03-11");
  });
});

describe("effectiveQuotationStatus", () => {
  it("shows an approved quotation as approved up to the last moment of its validity, then as expired", () => {
    expect(effectiveQuotationStatus("approved", legacy, new Date("2026-03-20T12:00:00Z"))).toBe("approved");
    expect(effectiveQuotationStatus("approved", legacy, new Date("2026-04-02T21:59:59.999Z"))).toBe("approved");
    expect(effectiveQuotationStatus("approved", legacy, new Date("2026-04-02T22:00:00.000Z"))).toBe("expired");
  });

  it("uses the admin's validity date when set, earlier or later than 30 days", () => {
    const short = { createdAt: created, validUntil: endOfHarareDay("2026-03-05") };
    expect(effectiveQuotationStatus("approved", short, new Date("2026-03-05T21:00:00Z"))).toBe("approved");
    expect(effectiveQuotationStatus("approved", short, new Date("2026-03-05T22:00:00Z"))).toBe("expired");
    const long = { createdAt: created, validUntil: endOfHarareDay("2026-06-30") };
    expect(effectiveQuotationStatus("approved", long, new Date("2026-05-01T00:00:00Z"))).toBe("approved");
  });

  it("leaves every other status as it is, however old", () => {
    const later = new Date("2027-01-01T00:00:00Z");
    for (const status of ["pending", "rejected", "expired", "on_hold"]) {
      expect(effectiveQuotationStatus(status, legacy, later)).toBe(status);
    }
  });
});

describe("canDecideQuotation", () => {
  it("approves or rejects a pending one, reapproves a rejected one, withdraws an approved one, and nothing else", () => {
    expect(canDecideQuotation("pending", "approved")).toBe(true);
    expect(canDecideQuotation("pending", "rejected")).toBe(true);
    expect(canDecideQuotation("rejected", "approved")).toBe(true);
    expect(canDecideQuotation("approved", "rejected")).toBe(true);
    expect(canDecideQuotation("approved", "approved")).toBe(false);
    expect(canDecideQuotation("rejected", "rejected")).toBe(false);
    expect(canDecideQuotation("expired", "approved")).toBe(false);
    expect(canDecideQuotation("expired", "rejected")).toBe(false);
    expect(canDecideQuotation("on_hold", "approved")).toBe(false);
    expect(canDecideQuotation("pending", "expired")).toBe(false);
  });
});

describe("quotationStatusView", () => {
  const now = new Date("2026-03-10T12:00:00Z");

  it.each([
    ["pending", "Pending", "amber"],
    ["approved", "Approved", "green"],
    ["rejected", "Rejected", "red"],
    ["expired", "Expired", "slate-200"],
  ])("gives %s its label and its own style", (status, label, colour) => {
    const view = quotationStatusView(status, legacy, now);
    expect(view).toMatchObject({ status, tone: status, label });
    expect(view.badgeClass).toContain(colour);
  });

  it("gives any other value a neutral style and a readable label", () => {
    const view = quotationStatusView("on_hold", legacy, now);
    expect(view).toMatchObject({ status: "on_hold", tone: "neutral", label: "On hold", approved: false, validUntil: null });
    expect(view.badgeClass).toContain("bg-white");
    expect(quotationStatusView("", legacy, now).label).toBe("Unknown");
  });

  it("reads the stored value case-insensitively", () => {
    expect(quotationStatusView("Approved", legacy, now)).toMatchObject({ tone: "approved", approved: true });
  });

  it("offers prices and validity only while an approved quotation holds", () => {
    const holds = quotationStatusView("approved", legacy, now);
    expect(holds).toMatchObject({ status: "approved", approved: true });
    expect(holds.validUntil?.toISOString()).toBe("2026-04-02T21:59:59.999Z");

    const lapsed = quotationStatusView("approved", legacy, new Date("2026-05-01T00:00:00Z"));
    expect(lapsed).toMatchObject({ status: "expired", tone: "expired", label: "Expired", approved: false });
    // It still knows when it lapsed, for "Expired on …".
    expect(lapsed.validUntil?.toISOString()).toBe("2026-04-02T21:59:59.999Z");

    for (const status of ["pending", "rejected", "expired"]) {
      expect(quotationStatusView(status, legacy, now)).toMatchObject({ approved: false, validUntil: null });
    }
  });

  it("keeps the lapse date of a quotation the API already answers as expired", () => {
    const view = quotationStatusView("expired", { createdAt: created, validUntil: "2026-03-05T21:59:59.999Z" }, now);
    expect(view).toMatchObject({ status: "expired", approved: false });
    expect(view.validUntil?.toISOString()).toBe("2026-03-05T21:59:59.999Z");
  });
});
