import { describe, expect, it } from "vitest";
import {
  addDays,
  daysIn,
  endOf,
  harareDate,
  lastDays,
  presetOf,
  previousRange,
  resolveRange,
  seriesBuckets,
  startOfDay,
  trendOf,
} from "./date-range.ts";

describe("Harare calendar days", () => {
  it("starts a day at 22:00 UTC the evening before, and a range ends where the next day starts", () => {
    expect(startOfDay("2026-03-01").toISOString()).toBe("2026-02-28T22:00:00.000Z");
    expect(endOf({ from: "2026-03-01", to: "2026-03-07" }).toISOString()).toBe("2026-03-07T22:00:00.000Z");
    expect(harareDate(new Date("2026-02-28T21:59:59.999Z"))).toBe("2026-02-28");
    expect(harareDate(new Date("2026-02-28T22:00:00.000Z"))).toBe("2026-03-01");
  });

  it("counts days over month and leap-year ends", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysIn({ from: "2026-03-01", to: "2026-03-01" })).toBe(1);
    expect(daysIn({ from: "2025-12-31", to: "2026-12-31" })).toBe(366);
  });
});

describe("ranges", () => {
  const now = new Date("2026-05-10T23:30:00Z"); // already 11 May in Harare

  it("defaults to the last 30 days ending today; `range` days, or one end given", () => {
    expect(resolveRange({}, now)).toEqual({ from: "2026-04-12", to: "2026-05-11" });
    expect(resolveRange({ range: 90 }, now)).toEqual(lastDays(90, now));
    expect(resolveRange({ from: "2026-05-01" }, now)).toEqual({ from: "2026-05-01", to: "2026-05-11" });
    expect(resolveRange({ to: "2026-01-31", range: 7 }, now)).toEqual({ from: "2026-01-25", to: "2026-01-31" });
  });

  it("compares with the period of equal length just before", () => {
    expect(previousRange({ from: "2026-03-01", to: "2026-03-07" })).toEqual({ from: "2026-02-22", to: "2026-02-28" });
  });

  it("recognises the presets", () => {
    expect(presetOf(lastDays(90, now), now)).toBe(90);
    expect(presetOf({ from: "2026-01-01", to: "2026-05-11" }, now)).toBeNull();
  });

  it("has a point a day up to 92 days, then a point a week", () => {
    expect(seriesBuckets({ from: "2026-01-01", to: "2026-04-02" })).toHaveLength(92);
    const weeks = seriesBuckets({ from: "2026-01-01", to: "2026-04-03" });
    expect(weeks).toHaveLength(14);
    expect(weeks.at(-1)).toEqual({ start: "2026-04-02", end: "2026-04-03" });
  });
});

it("gives the trend against the previous period", () => {
  expect(trendOf(15, 10)).toEqual({ direction: "up", percent: 50 });
  expect(trendOf(5, 10)).toEqual({ direction: "down", percent: -50 });
  expect(trendOf(3, 0)).toEqual({ direction: "up", percent: null });
  expect(trendOf(0, 0)).toEqual({ direction: "flat", percent: 0 });
});
