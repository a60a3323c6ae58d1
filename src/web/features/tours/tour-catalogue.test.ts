import { describe, expect, it } from "vitest";
import { TOURS, tourOf, toursFor } from "./tour-catalogue.ts";
import { ADMIN_TOUR_TYPES, DEALER_TOUR_TYPES } from "./tour-types.ts";

describe("the tour catalogue", () => {
  it("has the five dealer tours and the eight admin tours, once each", () => {
    expect(TOURS.map((t) => t.type).sort()).toEqual([...DEALER_TOUR_TYPES, ...ADMIN_TOUR_TYPES].sort());
  });

  it("gives every step a data-tour target and words that are more than a label", () => {
    for (const tour of TOURS) {
      expect(tour.steps.length, tour.type).toBeGreaterThan(0);
      for (const step of tour.steps) {
        expect(step.target, tour.type).toMatch(/^\[data-tour="[a-z0-9-]+"\]$/);
        expect(step.content.length, `${tour.type} ${step.target}`).toBeGreaterThan(40);
      }
      expect(tour.path.startsWith(tour.audience === "admin" ? "/admin" : "/dealer/")).toBe(true);
    }
  });

  it("lists the tours of the signed-in role only", () => {
    // Spec §2: admin and super see the eight admin tours.
    expect(toursFor("super").map((t) => t.type)).toEqual([...ADMIN_TOUR_TYPES]);
    expect(toursFor("admin").map((t) => t.type)).toEqual([...ADMIN_TOUR_TYPES]);
    expect(toursFor("dealer").map((t) => t.type)).toEqual([...DEALER_TOUR_TYPES]);
    expect(toursFor("user")).toEqual([]);
    expect(toursFor(null)).toEqual([]);
    expect(tourOf("dealer-profile")?.path).toBe("/dealer/profile");
    expect(tourOf("nope")).toBeUndefined();
  });
});
