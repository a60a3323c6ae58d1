import { describe, expect, it } from "vitest";
import { readCalculator, STARTING_VALUES } from "./calculator-form.ts";

const query = (rows: [string, string, string, string][], rest: Record<string, string> = {}) => {
  const q = new URLSearchParams();
  for (const [name, watts, hours, qty] of rows) {
    q.append("name", name);
    q.append("watts", watts);
    q.append("hours", hours);
    q.append("qty", qty);
  }
  for (const [k, v] of Object.entries(rest)) q.append(k, v);
  return q;
};

describe("readCalculator", () => {
  it("starts with a small home: a fridge, six lights, a TV and 8 h of backup", () => {
    const state = readCalculator(new URLSearchParams());
    expect(state).toEqual({ values: STARTING_VALUES, request: null, errors: {}, focusRow: null });
    expect(STARTING_VALUES.rows.map((r) => `${r.qty} × ${r.name}`)).toEqual(["1 × Fridge", "6 × LED light", "1 × TV"]);
  });

  it("reads the rows, the backup and the sun hours as the request; blank rows are left out", () => {
    const state = readCalculator(
      query(
        [
          ["Fridge", "150", "10", "1"],
          ["", "", "", "1"],
          ["Pump", "750", "2,5", "1"],
        ],
        { backup: "8", sun: "5.5" },
      ),
    );
    expect(state.errors).toEqual({});
    expect(state.request).toEqual({
      appliances: [
        { name: "Fridge", watts: 150, hours_per_day: 10, quantity: 1 },
        { name: "Pump", watts: 750, hours_per_day: 2.5, quantity: 1 },
      ],
      backup_hours: 8,
      sun_hours: 5.5,
    });
    expect(state.values.rows).toHaveLength(3);
  });

  it("puts each message next to its field, counting the rows as shown", () => {
    const state = readCalculator(
      query(
        [
          ["", "", "", "1"],
          ["Fridge", "-150", "10", "1"],
          ["TV", "80", "abc", ""],
        ],
        { backup: "", sun: "" },
      ),
    );
    expect(state.request).toBeNull();
    expect(state.errors).toEqual({
      "appliance-1-watts": "The power of an appliance must be more than zero.",
      "appliance-2-hours": "Enter the hours a day an appliance runs as a number.",
      "appliance-2-qty": "Enter how many of each appliance as a number.",
      backup: "Enter the hours of backup as a number.",
    });
  });

  it("adds a common appliance's row, or an empty one, keeping what was typed and sizing nothing", () => {
    const typed = query([["Fridg", "15", "", "1"]], { backup: "8", sun: "", intent: "add", add_what: "Borehole pump" });
    const state = readCalculator(typed);
    expect(state.request).toBeNull();
    expect(state.errors).toEqual({});
    expect(state.values.rows).toEqual([
      { name: "Fridg", watts: "15", hours: "", qty: "1" },
      { name: "Borehole pump", watts: "750", hours: "3", qty: "1" },
    ]);
    expect(state.focusRow).toBe(1);
    typed.set("add_what", "");
    expect(readCalculator(typed).values.rows[1]).toEqual({ name: "", watts: "", hours: "", qty: "1" });
  });

  it("removes a row, keeping the others as typed", () => {
    const state = readCalculator(
      query(
        [
          ["Fridge", "150", "10", "1"],
          ["TV", "80", "5", "2"],
        ],
        { backup: "6", remove: "0" },
      ),
    );
    expect(state.values).toEqual({ rows: [{ name: "TV", watts: "80", hours: "5", qty: "2" }], backup: "6", sun: "" });
    expect(state.request).toBeNull();
  });
});
