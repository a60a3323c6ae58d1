import { expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates.ts";

it("prints dates in Harare time whatever the machine's zone, and nothing for a non-date", () => {
  // 23:30 UTC on 20 November is already 21 November in Harare (UTC+2).
  expect(formatDate("2026-11-20T23:30:00Z")).toBe("21 November 2026");
  expect(formatDateTime("2026-11-20T23:30:00Z")).toBe("21 Nov 2026, 01:30");
  expect(formatDate("not a date")).toBe("");
});
