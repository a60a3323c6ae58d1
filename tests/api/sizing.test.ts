import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SizingAnswer } from "#shared/schemas/sizing.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// POST /api/sizing against the demo catalogue.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const SMALL_HOME = [
  { name: "Fridge", watts: 150, hours_per_day: 10, quantity: 1 },
  { name: "LED light", watts: 10, hours_per_day: 5, quantity: 6 },
  { name: "TV", watts: 80, hours_per_day: 5, quantity: 1 },
];

async function size(payload: unknown, headers: Record<string, string> = {}) {
  const res = await t.inject({ method: "POST", url: "/api/sizing", payload: payload as object, headers });
  return { status: res.statusCode, body: res.json() as SizingAnswer & { message?: string; issues?: { path: string; message: string }[] } };
}

describe("POST /api/sizing", () => {
  it("sizes a small home (fridge, six lights, TV, 8 h backup) from the catalogue, in the documented shape", async () => {
    const { status, body } = await size({ appliances: SMALL_HOME, backup_hours: 8 });
    expect(status).toBe(200);
    // By hand: 150 × 10 + 6 × 10 × 5 + 80 × 5 = 1500 + 300 + 400 = 2200 Wh; peak 150 + 60 + 80 = 290 W;
    // surge (the fridge starts at 3×) 450 + 60 + 80 = 590 W.
    expect(body).toMatchObject({ daily_kwh: 2.2, peak_kw: 0.29, surge_kw: 0.59, backup_hours: 8, sun_hours: 6 });
    expect(Object.keys(body).sort()).toEqual(
      ["backup_hours", "checks", "daily_kwh", "items", "peak_kw", "summary", "sun_hours", "surge_kw", "working"].sort(),
    );
    expect(body.items.map((i) => i.role)).toEqual(["inverter", "battery", "panel"]);
    // The inverter must carry max(0.29 × 1.25, 0.59 ÷ 2) = 0.3625 kW: the smallest single-phase one is the 1.5 kW 12 V.
    expect(body.items[0]).toMatchObject({ quantity: 1, product_name: "Highveld Hybrid 1.5kW 12V", key_spec: "1.5 kW · 12 V" });
    for (const item of body.items) {
      expect(Object.keys(item).sort()).toEqual(["availability", "image", "key_spec", "product_id", "product_name", "quantity", "role"]);
      expect(item.quantity).toBeGreaterThanOrEqual(1);
    }
    expect(body.checks.map((c) => [c.id, c.ok])).toEqual([
      ["inverter", true],
      ["battery", true],
      ["panels", true],
    ]);
    expect(body.working[0]).toBe("Your appliances use 2.2 kWh a day (each one's watts × hours a day × quantity, added up).");
    expect(body.summary).toContain("1 × Fridge (150 W, 10 h a day); 6 × LED light (10 W, 5 h a day); 1 × TV (80 W, 5 h a day)");
    expect(body.summary).toContain("1 × Highveld Hybrid 1.5kW 12V (inverter)");
  });

  it("shows no price to anyone, dealers included (prices only break ties inside the service)", async () => {
    const dealer = await t.loginAs("dealer");
    for (const headers of [{}, dealer]) {
      const res = await t.inject({ method: "POST", url: "/api/sizing", payload: { appliances: SMALL_HOME, backup_hours: 8 }, headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/price|usd|\$/i);
    }
  });

  it("takes the request's sun hours, else the site's setting", async () => {
    expect((await size({ appliances: SMALL_HOME, backup_hours: 8, sun_hours: 5.5 })).body.sun_hours).toBe(5.5);
    const admin = await t.loginAs("admin");
    const all = (await t.inject({ method: "GET", url: "/api/settings/all", headers: admin })).json();
    const put = await t.inject({ method: "PUT", url: "/api/settings", headers: admin, payload: { ...all, sunHours: 6.5 } });
    expect(put.statusCode).toBe(200);
    const { body } = await size({ appliances: SMALL_HOME, backup_hours: 8 });
    expect(body.sun_hours).toBe(6.5);
    expect(body.working.some((w) => w.includes("With 6.5 sun hours a day"))).toBe(true);
    await t.inject({ method: "PUT", url: "/api/settings", headers: admin, payload: { ...all, sunHours: 6 } });
  });

  it("says when no inverter in the catalogue can carry the load, and recommends nothing for it", async () => {
    const { status, body } = await size({
      appliances: [{ name: "Kettle", watts: 2000, hours_per_day: 0.25, quantity: 10 }],
      backup_hours: 4,
    });
    expect(status).toBe(200);
    expect(body.peak_kw).toBe(20);
    expect(body.items).toEqual([]);
    expect(body.checks.find((c) => c.id === "inverter")).toEqual({
      id: "inverter",
      ok: false,
      // 20 × 1.25 = 25 kW; the largest single-phase demo inverter is 8 kW.
      text: "No inverter in the catalogue can carry 25 kW: split the load or ask us for a three-phase system.",
    });
    expect(body.summary).toContain("Kit: nothing in the catalogue fits.");
  });

  it("refuses a wrong request with 400 and the field's message", async () => {
    const cases: [unknown, string, string][] = [
      [
        { appliances: [{ ...SMALL_HOME[0], watts: -150 }], backup_hours: 8 },
        "body.appliances.0.watts",
        "The power of an appliance must be more than zero.",
      ],
      [{ appliances: [], backup_hours: 8 }, "body.appliances", "List at least one appliance."],
      [{ appliances: SMALL_HOME, backup_hours: 0 }, "body.backup_hours", "The hours of backup must be more than zero."],
      [{ appliances: SMALL_HOME }, "body.backup_hours", "Enter the hours of backup as a number."],
      [{ appliances: [{ ...SMALL_HOME[0], name: " " }], backup_hours: 8 }, "body.appliances.0.name", "Name each appliance."],
      [{ appliances: SMALL_HOME, backup_hours: 8, sun_hours: 20 }, "body.sun_hours", "The sun hours can be at most 12 a day."],
    ];
    for (const [payload, path, message] of cases) {
      const { status, body } = await size(payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.issues).toContainEqual({ path, message });
      expect(body.message).toBe(body.issues?.[0]?.message);
    }
  });
});
