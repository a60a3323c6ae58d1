import { describe, expect, it } from "vitest";
import { closeDue } from "./fiscal-day.ts";

// A day FDMS opened at 06:00 in Harare (04:00 UTC) on 2 March 2026.
const day = { openedAt: new Date("2026-03-02T04:00:00Z"), openedLocal: "2026-03-02T06:00:00" };
const harare = (local: string) => new Date(`${local}+02:00`);

describe("when the fiscal day is closed", () => {
  it("waits through the Harare day, and closes in its last hour or on a later date", () => {
    expect(closeDue(harare("2026-03-02T12:00:00"), day, 24)).toBe(false);
    expect(closeDue(harare("2026-03-02T22:59:00"), day, 24)).toBe(false);
    expect(closeDue(harare("2026-03-02T23:05:00"), day, 24)).toBe(true);
    expect(closeDue(harare("2026-03-03T00:30:00"), day, 24)).toBe(true);
  });

  it("closes within the hour before the taxpayer's longest day ends (taxPayerDayMaxHrs, RCPT041)", () => {
    // At most 8 hours: due from 13:00, an hour before 14:00.
    expect(closeDue(harare("2026-03-02T12:59:00"), day, 8)).toBe(false);
    expect(closeDue(harare("2026-03-02T13:00:00"), day, 8)).toBe(true);
    // Without the figure (an older getConfig answer), the Harare day alone decides.
    expect(closeDue(harare("2026-03-02T13:00:00"), day, undefined)).toBe(false);
  });
});
