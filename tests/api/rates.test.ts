import { asc, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import {
  type ExchangeRate,
  NO_RATE,
  RATE_BEFORE_ZWG,
  RATE_DATE_TAKEN,
  RATE_NOT_FOUND,
  TAX_DATE_TAKEN,
  TAX_RATE_FROM_TOMORROW,
  TAX_RATE_IN_FORCE,
} from "#shared/schemas/rates.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { silverAt } from "../support/prices.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// The dated tables of the ZWG exchange rate and the VAT rate, read on the day a clock says.

let t: TestApp;
let actors: Actors;
/** The services' clock: each test sets the moment it needs. */
let now = new Date("2026-11-26T08:00:00Z");

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  actors = await createActors(t);
  // Decision 035: rates are the Owner's (rates.edit), each change within ten minutes of a code given again.
  await actors.stepUp("super", actors.headers("super"));
});
afterAll(() => t?.close());

const get = (url: string) => actors.inject("anonymous", { method: "GET", url });
const post = (who: Parameters<Actors["inject"]>[0], url: string, payload: object) => actors.inject(who, { method: "POST", url, payload });

describe("exchange rates", () => {
  it("answers the rate in force today, by the company's calendar (Africa/Harare)", async () => {
    now = new Date("2026-11-26T08:00:00Z");
    const current = await get("/api/exchange-rates/current");
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ currency: "ZWG", rate: "26.8015", effective_date: "2026-11-24" });
    // 23:30 UTC on 23 November is already the 24th in Harare.
    now = new Date("2026-11-23T22:30:00Z");
    expect((await get("/api/exchange-rates/current")).json().effective_date).toBe("2026-11-24");
    now = new Date("2026-11-23T21:30:00Z");
    expect((await get("/api/exchange-rates/current")).json().effective_date).toBe("2026-01-05");
  });

  it("lists the history newest first", async () => {
    const history = (await get("/api/exchange-rates")).json() as { effective_date: string }[];
    const days = history.map((r) => r.effective_date);
    expect(days.slice(-2)).toEqual(["2024-09-27", "2024-04-08"]);
    expect([...days].sort().reverse()).toEqual(days);
  });

  it("lets an admin enter a future day's rate, which takes effect that day, and logs it", async () => {
    now = new Date("2026-11-26T08:00:00Z");
    const added = await post("super", "/api/exchange-rates", {
      currency: "ZWG",
      rate: "27.1234",
      effective_date: "2026-11-28",
      source: "RBZ interbank mid-rate",
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ rate: "27.1234", effective_date: "2026-11-28" });
    expect((await get("/api/exchange-rates/current")).json().rate).toBe("26.8015");
    expect((await get("/api/exchange-rates")).json()[0].effective_date).toBe("2026-11-28");
    now = new Date("2026-11-28T06:00:00Z");
    expect((await get("/api/exchange-rates/current")).json().rate).toBe("27.1234");

    const log = (await actors.inject("admin", { method: "GET", url: "/api/audit?entity=exchange-rate" })).json();
    expect(log.rows[0].summary).toBe("ZWG at 27.1234 per USD from 2026-11-28 (RBZ interbank mid-rate)");

    // One rate per day: a second one for the same day is a conflict, not a silent change.
    const again = await post("super", "/api/exchange-rates", { rate: "27.5", effective_date: "2026-11-28", source: "RBZ" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RATE_DATE_TAKEN);
  });

  it("refuses rates that are not positive numbers with at most 4 decimals, and impossible days", async () => {
    for (const body of [
      { rate: "0", effective_date: "2026-12-01", source: "RBZ" },
      { rate: "-3", effective_date: "2026-12-01", source: "RBZ" },
      { rate: "26.80155", effective_date: "2026-12-01", source: "RBZ" },
      { rate: "1e3", effective_date: "2026-12-01", source: "RBZ" },
      { rate: "26.8", effective_date: "2026-02-30", source: "RBZ" },
      { rate: "26.8", effective_date: "2026-12-01", source: " " },
      { currency: "ZWL", rate: "26.8", effective_date: "2026-12-01", source: "RBZ" },
    ]) {
      const res = await post("super", "/api/exchange-rates", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("is entered by admins only", async () => {
    const body = { rate: "26.9", effective_date: "2026-12-02", source: "RBZ" };
    expect((await post("anonymous", "/api/exchange-rates", body)).statusCode).toBe(401);
    expect((await post("dealer", "/api/exchange-rates", body)).statusCode).toBe(403);
  });

  it("answers 404 with a clear message before any rate is in force", async () => {
    now = new Date("2020-01-01T08:00:00Z");
    const res = await get("/api/exchange-rates/current");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NO_RATE);
  });
});

describe("a rate far from the last one, or dated before ZWG existed", () => {
  it("refuses a rate more than 20 % from the last one under the rate (400) unless the admin confirms it", async () => {
    now = new Date("2026-11-26T08:00:00Z");
    // 100 times the rate in force: a slipped decimal point.
    const body = { rate: "2680.15", effective_date: "2026-12-03", source: "RBZ" };
    const refused = await post("super", "/api/exchange-rates", body);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().issues[0].path).toBe("body.rate");
    // The last rate before that day is the one the file's earlier test scheduled for 28 November.
    expect(refused.json().message).toBe(
      'ZWG 2680.15 per USD is 9,781 % above the last rate, 27.1234 from 2026-11-28. If it is right, tick "The rate is right" and save again.',
    );
    expect((await get("/api/exchange-rates")).json().some((r: ExchangeRate) => r.effective_date === "2026-12-03")).toBe(false);
    // Within 20 %: no question asked; confirmed: saved.
    expect((await post("super", "/api/exchange-rates", { ...body, rate: "31.5", effective_date: "2026-12-04" })).statusCode).toBe(201);
    expect((await post("super", "/api/exchange-rates", { ...body, confirm: true })).statusCode).toBe(201);
  });

  it("refuses a correction more than 20 % from the rate before it unless confirmed", async () => {
    now = new Date("2026-11-26T08:00:00Z");
    const added = (
      await post("super", "/api/exchange-rates", { rate: "27.0000", effective_date: "2026-12-10", source: "RBZ", confirm: true })
    ).json() as ExchangeRate;
    const patch = (payload: object) => actors.inject("super", { method: "PATCH", url: `/api/exchange-rates/${added.id}`, payload });
    const refused = await patch({ rate: "0.2700", source: "RBZ", reason: "Typo" });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toMatch(/^ZWG 0\.2700 per USD is \d+ % below the last rate/);
    expect((await patch({ rate: "0.2700", source: "RBZ", reason: "Typo", confirm: true })).statusCode).toBe(200);
  });

  it("refuses a ZWG rate dated before 5 April 2024", async () => {
    const res = await post("super", "/api/exchange-rates", { rate: "26.8", effective_date: "2020-01-01", source: "RBZ" });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "body.effective_date", message: RATE_BEFORE_ZWG }]);
  });
});

describe("correcting a mistyped exchange rate (PATCH /api/exchange-rates/{id})", () => {
  const patch = (who: Parameters<Actors["inject"]>[0], id: number, payload: object) =>
    actors.inject(who, { method: "PATCH", url: `/api/exchange-rates/${id}`, payload });
  const inForce = async () => (await get("/api/exchange-rates/current")).json() as ExchangeRate;

  it("lets an admin correct the rate and its source, with the reason in the audit log; prices follow from then on", async () => {
    now = new Date("2026-11-26T08:00:00Z");
    const current = await inForce();
    expect(current.rate).toBe("26.8015");
    const [product] = await t.database.db
      .select({ id: products.productId, priceUsd: products.priceUsd })
      .from(products)
      .where(isNull(products.priceZwl))
      .orderBy(asc(products.productId))
      .limit(1);
    if (!product) throw new Error("the demo has no product priced from the rate");
    // The demo dealer's price (Silver) at the rate.
    const priceAt = (rate: string) => silverAt(product.priceUsd, rate);
    const priceZwl = async () =>
      (await actors.inject("dealer", { method: "GET", url: `/api/products/get-product-by-id/${product.id}` })).json()[0].price_zwl;
    expect(await priceZwl()).toBe(priceAt("26.8015"));

    const res = await patch("super", current.id, {
      rate: "26.9015",
      source: "RBZ interbank mid-rate (corrected)",
      reason: "Typed 8 for 9",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: current.id,
      rate: "26.9015",
      effective_date: "2026-11-24",
      source: "RBZ interbank mid-rate (corrected)",
    });
    expect(await inForce()).toMatchObject({ id: current.id, rate: "26.9015" });
    expect(await priceZwl()).toBe(priceAt("26.9015"));

    const log = (await actors.inject("admin", { method: "GET", url: "/api/audit?entity=exchange-rate&action=correct" })).json();
    expect(log.rows[0]).toMatchObject({ entityId: String(current.id), action: "correct" });
    expect(log.rows[0].summary).toContain("Typed 8 for 9");
    expect(log.rows[0].before).toMatchObject({ rate: "26.8015", source: current.source });
    expect(log.rows[0].after).toMatchObject({ rate: "26.9015", reason: "Typed 8 for 9" });
  });

  it("is for admins only", async () => {
    const current = await inForce();
    const body = { rate: "1.0000", source: "RBZ", reason: "No" };
    expect((await patch("anonymous", current.id, body)).statusCode).toBe(401);
    expect((await patch("dealer", current.id, body)).statusCode).toBe(403);
    expect((await inForce()).rate).toBe(current.rate);
  });

  it("answers 404 for an unknown rate and 400 for a bad rate or a missing reason", async () => {
    const unknown = await patch("super", 2_147_483_000, { rate: "27", source: "RBZ", reason: "Typo" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(RATE_NOT_FOUND);
    const current = await inForce();
    for (const [body, path] of [
      [{ rate: "26.80155", source: "RBZ", reason: "Typo" }, "body.rate"],
      [{ rate: "0", source: "RBZ", reason: "Typo" }, "body.rate"],
      [{ rate: "26.8", source: "RBZ" }, "body.reason"],
      [{ rate: "26.8", source: "RBZ", reason: "  " }, "body.reason"],
    ] as const) {
      const res = await patch("super", current.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await inForce()).rate).toBe(current.rate);
  });
});

describe("VAT rates", () => {
  it("holds 15 % and 15.5 % from 1 January 2026 in every database, and the rate of a day is the one in force", async () => {
    expect((await get("/api/tax-rates")).json()).toEqual([
      expect.objectContaining({ rate: "15.00", valid_from: "2023-01-01" }),
      expect.objectContaining({ rate: "15.50", valid_from: "2026-01-01" }),
    ]);
    expect((await t.app.services.rates.taxRateOn("2025-12-31"))?.rate).toBe("15.00");
    expect((await t.app.services.rates.taxRateOn("2026-01-01"))?.rate).toBe("15.50");
  });

  it("lets an admin add a rate from a day (one per day), refuses others and nonsense", async () => {
    const added = await post("super", "/api/tax-rates", { rate: "16", valid_from: "2027-01-01" });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ rate: "16.00", valid_from: "2027-01-01" });
    expect((await post("super", "/api/tax-rates", { rate: "17", valid_from: "2027-01-01" })).json().message).toBe(TAX_DATE_TAKEN);
    expect((await post("super", "/api/tax-rates", { rate: "101", valid_from: "2027-02-01" })).statusCode).toBe(400);
    expect((await post("super", "/api/tax-rates", { rate: "15.555", valid_from: "2027-02-01" })).statusCode).toBe(400);
    expect((await post("dealer", "/api/tax-rates", { rate: "16", valid_from: "2027-03-01" })).statusCode).toBe(403);
  });

  it("refuses a rate back-dated or from today (it would take effect at once, under documents already issued): 400 on valid_from", async () => {
    now = new Date("2026-11-26T08:00:00Z");
    for (const valid_from of ["2026-11-26", "2026-11-25", "2024-01-01"]) {
      const res = await post("super", "/api/tax-rates", { rate: "18", valid_from });
      expect({ valid_from, status: res.statusCode, issues: res.json().issues }).toEqual({
        valid_from,
        status: 400,
        issues: [{ path: "body.valid_from", message: TAX_RATE_FROM_TOMORROW }],
      });
    }
    // 22:30 UTC on the 26th is already the 27th in Harare: the 27th has begun.
    now = new Date("2026-11-26T22:30:00Z");
    expect((await post("super", "/api/tax-rates", { rate: "18", valid_from: "2026-11-27" })).statusCode).toBe(400);
    now = new Date("2026-11-26T08:00:00Z");
    expect((await t.app.services.rates.taxRateOn("2026-11-26"))?.rate).toBe("15.50");
  });

  it("corrects a rate not yet in force, its rate and its day, with the reason in the audit log; one in force is 409", async () => {
    now = new Date("2026-11-26T08:00:00Z");
    const added = await post("super", "/api/tax-rates", { rate: "61", valid_from: "2028-03-01" });
    expect(added.statusCode).toBe(201);
    const id = added.json().id as number;
    const patch = (who: Parameters<Actors["inject"]>[0], rateId: number, payload: object) =>
      actors.inject(who, { method: "PATCH", url: `/api/tax-rates/${rateId}`, payload });
    const corrected = await patch("super", id, {
      rate: "16.5",
      valid_from: "2028-04-01",
      reason: "Typed 61 for 16.5; the budget says April.",
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toEqual({ id, rate: "16.50", valid_from: "2028-04-01" });
    const [entry] = (await actors.inject("admin", { method: "GET", url: `/api/audit?entity=tax-rate&action=correct&q=${id}` })).json().rows;
    expect(entry).toMatchObject({
      summary: "VAT 61.00 % from 2028-03-01 corrected to 16.50 % from 2028-04-01: Typed 61 for 16.5; the budget says April.",
      before: { rate: "61.00", valid_from: "2028-03-01" },
      after: { rate: "16.50", valid_from: "2028-04-01", reason: "Typed 61 for 16.5; the budget says April." },
    });
    // Its day stays after today, and no reason is no correction.
    expect((await patch("super", id, { rate: "16.5", valid_from: "2026-11-26", reason: "Now" })).json().issues).toEqual([
      { path: "body.valid_from", message: TAX_RATE_FROM_TOMORROW },
    ]);
    expect((await patch("super", id, { rate: "16.5", valid_from: "2028-04-01", reason: " " })).statusCode).toBe(400);
    // The rate in force (15.5 % from 1 January 2026) and a past one are never changed.
    const inForce = (await t.app.services.rates.taxRateOn()) as { id: number };
    const refused = await patch("super", inForce.id, { rate: "15", valid_from: "2027-06-01", reason: "Try" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TAX_RATE_IN_FORCE);
    expect((await t.app.services.rates.taxRateOn())?.rate).toBe("15.50");
    expect((await patch("super", 2_147_483_000, { rate: "15", valid_from: "2027-06-01", reason: "Try" })).statusCode).toBe(404);
    expect((await patch("dealer", id, { rate: "15", valid_from: "2027-06-01", reason: "Try" })).statusCode).toBe(403);
  });
});
