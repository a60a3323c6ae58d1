import { describe, expect, it } from "vitest";
import { effectiveQuotationStatus, QUOTATION_VALIDITY_DAYS, quotationStatusView, quotationValidUntil } from "./quotation-status.ts";

// 10:00 in Harare (UTC+2) on 3 March 2026.
const created = "2026-03-03T08:00:00.000Z";
const harareDay = (d: Date) => new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Africa/Harare" }).format(d);

describe("quotationValidUntil", () => {
  it("holds to the end of the Harare day 30 days after the quotation's date", () => {
    expect(QUOTATION_VALIDITY_DAYS).toBe(30);
    const until = quotationValidUntil(created);
    expect(until.toISOString()).toBe("2026-04-02T21:59:59.999Z");
    expect(harareDay(until)).toBe("2 April 2026");
  });

  it("counts from the Harare date, not the UTC one, late in the evening", () => {
    // 23:30 on 3 March in Harare is still 3 March there, though 21:30 UTC.
    expect(quotationValidUntil("2026-03-03T21:30:00.000Z").toISOString()).toBe("2026-04-02T21:59:59.999Z");
    // 00:30 on 4 March in Harare is 22:30 UTC on 3 March: the day is the 4th.
    expect(quotationValidUntil("2026-03-03T22:30:00.000Z").toISOString()).toBe("2026-04-03T21:59:59.999Z");
  });

  it("accepts a Date as well as an ISO string", () => {
    expect(quotationValidUntil(new Date(created)).getTime()).toBe(quotationValidUntil(created).getTime());
  });
});

describe("effectiveQuotationStatus", () => {
  it("shows an approved quotation as approved up to the last moment of its validity, then as expired", () => {
    expect(effectiveQuotationStatus("approved", created, new Date("2026-03-20T12:00:00Z"))).toBe("approved");
    expect(effectiveQuotationStatus("approved", created, new Date("2026-04-02T21:59:59.999Z"))).toBe("approved");
    expect(effectiveQuotationStatus("approved", created, new Date("2026-04-02T22:00:00.000Z"))).toBe("expired");
  });

  it("leaves every other status as it is, however old", () => {
    const later = new Date("2027-01-01T00:00:00Z");
    for (const status of ["pending", "rejected", "expired", "on_hold"]) {
      expect(effectiveQuotationStatus(status, created, later)).toBe(status);
    }
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
    const view = quotationStatusView(status, created, now);
    expect(view).toMatchObject({ status, tone: status, label });
    expect(view.badgeClass).toContain(colour);
  });

  it("gives any other value a neutral style and a readable label", () => {
    const view = quotationStatusView("on_hold", created, now);
    expect(view).toMatchObject({ status: "on_hold", tone: "neutral", label: "On hold", approved: false, validUntil: null });
    expect(view.badgeClass).toContain("bg-white");
    expect(quotationStatusView("", created, now).label).toBe("Unknown");
  });

  it("reads the stored value case-insensitively", () => {
    expect(quotationStatusView("Approved", created, now)).toMatchObject({ tone: "approved", approved: true });
  });

  it("offers prices and validity only while an approved quotation holds", () => {
    const holds = quotationStatusView("approved", created, now);
    expect(holds).toMatchObject({ status: "approved", approved: true });
    expect(holds.validUntil?.toISOString()).toBe("2026-04-02T21:59:59.999Z");

    const lapsed = quotationStatusView("approved", created, new Date("2026-05-01T00:00:00Z"));
    expect(lapsed).toMatchObject({ status: "expired", tone: "expired", label: "Expired", approved: false });
    // It still knows when it lapsed, for "Expired on …".
    expect(lapsed.validUntil?.toISOString()).toBe("2026-04-02T21:59:59.999Z");

    for (const status of ["pending", "rejected", "expired"]) {
      expect(quotationStatusView(status, created, now)).toMatchObject({ approved: false, validUntil: null });
    }
  });
});
