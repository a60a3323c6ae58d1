import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/audit.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { quotationProducts } from "#server/db/schema/commerce.ts";
import { dealers } from "#server/db/schema/dealers.ts";
import type { DealerApplication } from "#shared/schemas/dealers.ts";
import { type DealerTierRow, TIER_IN_USE, TIER_NAME_TAKEN } from "#shared/schemas/pricing.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import { type ActorName, type Actors, createActors } from "../support/actors.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Dealer prices in the back office: the tiers (add, rename, unique names, delete refused while
 * dealers are in one, move), a dealer's tier (set, audited, shown in the application), a product's price rules and
 * their messages, and the RRP and list price on a quotation's lines for admins only.
 */

let t: TestApp;
let actors: Actors;
/** An accessory (no demo breaks) whose rules the tests replace. */
let accessoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  // Accessories are category 5 (seed/categories.ts).
  const [row] = await t.database.db
    .select({ id: products.productId })
    .from(products)
    .where(eq(products.categoryId, 5))
    .orderBy(asc(products.productId))
    .limit(1);
  if (!row) throw new Error("the demo has no accessory");
  accessoryId = row.id;
});
afterAll(() => t?.close());

const as = (who: ActorName, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  actors.inject(who, { method, url, ...(payload ? { payload } : {}) });
const admin = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => as("admin", method, url, payload);

async function tiers(): Promise<DealerTierRow[]> {
  const res = await admin("GET", "/api/dealer-tiers");
  expect(res.statusCode).toBe(200);
  return res.json();
}
const tierNamed = async (name: string) => (await tiers()).find((x) => x.name === name) as DealerTierRow;
const issues = (res: { json(): unknown }) => (res.json() as { issues?: { path: string; message: string }[] }).issues ?? [];
/** The message under a field of the body ("tier_prices.0.tier_id"). */
const issueAt = (res: { json(): unknown }, path: string) => issues(res).find((i) => i.path.replace(/^body\./, "") === path)?.message;

describe("dealer tiers", () => {
  it("lists the demo's tiers lowest first, each with its dealers (those without a tier count in the lowest)", async () => {
    const rows = await tiers();
    expect(rows.slice(0, 3).map((r) => [r.name, r.discount_percent])).toEqual([
      ["Bronze", "0.00"],
      ["Silver", "5.00"],
      ["Gold", "10.00"],
    ]);
    expect(rows.find((r) => r.name === "Silver")?.dealers).toBeGreaterThanOrEqual(1);
    expect(rows.find((r) => r.name === "Gold")?.dealers).toBeGreaterThanOrEqual(1);
  });

  it("adds a tier last, renames it, refuses a name in use (whatever its case) and a discount of 100 %", async () => {
    const added = await admin("POST", "/api/dealer-tiers", { name: "Platinum", discount_percent: "12.5" });
    expect(added.statusCode).toBe(201);
    const id = added.json().id as number;
    expect((await tiers()).at(-1)).toMatchObject({ id, name: "Platinum", discount_percent: "12.50", dealers: 0 });

    const taken = await admin("POST", "/api/dealer-tiers", { name: "gold", discount_percent: "1" });
    expect(taken.statusCode).toBe(400);
    expect(issueAt(taken, "name")).toBe(TIER_NAME_TAKEN);
    const renamedOnto = await admin("PUT", `/api/dealer-tiers/${id}`, { name: "SILVER", discount_percent: "12.5" });
    expect(renamedOnto.statusCode).toBe(400);
    expect(issueAt(renamedOnto, "name")).toBe(TIER_NAME_TAKEN);
    const whole = await admin("POST", "/api/dealer-tiers", { name: "Free", discount_percent: "100" });
    expect(whole.statusCode).toBe(400);
    expect(issueAt(whole, "discount_percent")).toBe("The discount must be less than 100 %.");
    const empty = await admin("POST", "/api/dealer-tiers", { name: " ", discount_percent: "1" });
    expect(issueAt(empty, "name")).toBe("Enter the tier's name.");

    const renamed = await admin("PUT", `/api/dealer-tiers/${id}`, { name: "Platinum Plus", discount_percent: "15" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: "Platinum Plus", discount_percent: "15.00" });
    // Its own name, unchanged, is no clash.
    expect((await admin("PUT", `/api/dealer-tiers/${id}`, { name: "Platinum Plus", discount_percent: "14" })).statusCode).toBe(200);
    expect((await admin("DELETE", `/api/dealer-tiers/${id}`)).statusCode).toBe(200);
    expect((await tiers()).some((x) => x.id === id)).toBe(false);
  });

  it("moves a tier up and down; the first cannot go up", async () => {
    const added = await admin("POST", "/api/dealer-tiers", { name: "Moving", discount_percent: "3" });
    const id = added.json().id as number;
    const names = async () => (await tiers()).map((x) => x.name);
    const last = (await names()).indexOf("Moving");
    const up = await admin("POST", `/api/dealer-tiers/${id}/move`, { direction: "up" });
    expect(up.statusCode).toBe(200);
    expect((await names()).indexOf("Moving")).toBe(last - 1);
    expect((await admin("POST", `/api/dealer-tiers/${id}/move`, { direction: "down" })).statusCode).toBe(200);
    expect((await names()).indexOf("Moving")).toBe(last);
    const bronze = await tierNamed("Bronze");
    const top = await admin("POST", `/api/dealer-tiers/${bronze.id}/move`, { direction: "up" });
    expect(top.statusCode).toBeGreaterThanOrEqual(200);
    expect((await tiers())[0]?.name).toBe("Bronze");
    await admin("DELETE", `/api/dealer-tiers/${id}`);
  });

  it("refuses (409) to delete a tier dealers are in, with what to do", async () => {
    const gold = await tierNamed("Gold");
    const res = await admin("DELETE", `/api/dealer-tiers/${gold.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TIER_IN_USE);
    expect((await tiers()).some((x) => x.id === gold.id)).toBe(true);
  });

  it("is for admins only", async () => {
    for (const who of ["dealer", "user"] as const) {
      expect((await as(who, "GET", "/api/dealer-tiers")).statusCode).toBe(403);
      expect((await as(who, "POST", "/api/dealer-tiers", { name: "Mine", discount_percent: "50" })).statusCode).toBe(403);
      expect((await as(who, "PUT", `/api/dealer/tier/${actors.identity.dealer.id}`, { tier_id: 1 })).statusCode).toBe(403);
      expect((await as(who, "PUT", `/api/products/${accessoryId}/price-rules`, { breaks: [], tier_prices: [] })).statusCode).toBe(403);
    }
    expect((await as("anonymous", "GET", "/api/dealer-tiers")).statusCode).toBe(401);
  });
});

describe("a dealer's tier", () => {
  const dealerId = () => actors.identity.dealer.id;
  const application = async (): Promise<DealerApplication> => (await admin("GET", `/api/dealer/${dealerId()}`)).json();

  it("shows in the application and the dealers' list; an admin changes it, audited with before and after", async () => {
    const silver = await tierNamed("Silver");
    const gold = await tierNamed("Gold");
    expect((await application()).tier).toEqual({ id: silver.id, name: "Silver", discount_percent: "5.00" });
    const listed = (await admin("GET", "/api/dealer/?page_size=100")).json().rows as DealerApplication[];
    expect(listed.find((d) => d.id === dealerId())?.tier?.name).toBe("Silver");
    try {
      const res = await admin("PUT", `/api/dealer/tier/${dealerId()}`, { tier_id: gold.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: gold.id, name: "Gold" });
      expect((await application()).tier?.name).toBe("Gold");
      expect((await tierNamed("Gold")).dealers).toBe(gold.dealers + 1);
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "dealer"), eq(auditLog.entityId, String(dealerId()))))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry?.summary).toMatch(/moved to tier “?"?Gold/);
      expect(entry?.before).toEqual({ tier: "Silver" });
      expect(entry?.after).toEqual({ tier: "Gold" });
    } finally {
      await admin("PUT", `/api/dealer/tier/${dealerId()}`, { tier_id: silver.id });
    }
    expect((await application()).tier?.name).toBe("Silver");
  });

  it("an application without a tier of its own is shown at the lowest; an account that never applied, at none", async () => {
    const [without] = await t.database.db
      .select({ userId: dealers.userId })
      .from(dealers)
      .where(isNull(dealers.tierId))
      .orderBy(asc(dealers.id))
      .limit(1);
    if (!without) throw new Error("the demo has applications without a tier");
    const app = (await admin("GET", `/api/dealer/${without.userId}`)).json() as DealerApplication;
    expect(app.tier?.name).toBe("Bronze");
    const never = (await admin("GET", `/api/dealer/${actors.identity.user.id}`)).json() as DealerApplication;
    expect(never.tier).toBeNull();
  });

  it("refuses a tier that does not exist, and a user who is no dealer", async () => {
    const bad = await admin("PUT", `/api/dealer/tier/${dealerId()}`, { tier_id: 2_147_483_000 });
    expect(bad.statusCode).toBe(400);
    expect(issueAt(bad, "tier_id")).toBe("Choose one of the tiers.");
    const silver = await tierNamed("Silver");
    const nobody = await admin("PUT", `/api/dealer/tier/${actors.identity.user.id}`, { tier_id: silver.id });
    expect(nobody.statusCode).toBe(404);
  });
});

describe("a product's price rules", () => {
  const url = () => `/api/products/${accessoryId}/price-rules`;

  it("saves breaks and a tier's own price, reads them back in order, and audits the change", async () => {
    const gold = await tierNamed("Gold");
    const res = await admin("PUT", url(), {
      breaks: [
        { min_quantity: 20, discount_percent: "8" },
        { min_quantity: 5, discount_percent: "2.5" },
      ],
      tier_prices: [{ tier_id: gold.id, price_usd: "1.50" }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      breaks: [
        { min_quantity: 5, discount_percent: "2.50" },
        { min_quantity: 20, discount_percent: "8.00" },
      ],
      tier_prices: [{ tier_id: gold.id, price_usd: "1.50" }],
    });
    expect((await admin("GET", url())).json()).toEqual(res.json());
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, String(accessoryId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.summary).toContain("2 quantity breaks, 1 tier prices");
    // Both lists are whole: an empty one removes them.
    expect((await admin("PUT", url(), { breaks: [], tier_prices: [] })).json()).toEqual({ breaks: [], tier_prices: [] });
  });

  it("says by field what is wrong: breaks must deepen, no two at one quantity, a known tier, each once, at most 6", async () => {
    const shallow = await admin("PUT", url(), {
      breaks: [
        { min_quantity: 10, discount_percent: "5" },
        { min_quantity: 40, discount_percent: "5" },
      ],
      tier_prices: [],
    });
    expect(shallow.statusCode).toBe(400);
    expect(issueAt(shallow, "breaks.1.discount_percent")).toBe("The break from 40 must take off more than the one from 10.");

    const twice = await admin("PUT", url(), {
      breaks: [
        { min_quantity: 10, discount_percent: "5" },
        { min_quantity: 10, discount_percent: "6" },
      ],
      tier_prices: [],
    });
    expect(issueAt(twice, "breaks.1.min_quantity")).toBe("Two breaks start at 10.");

    const one = await admin("PUT", url(), { breaks: [{ min_quantity: 1, discount_percent: "0" }], tier_prices: [] });
    expect(issueAt(one, "breaks.0.min_quantity")).toBe("A break starts at 2 units or more.");
    expect(issueAt(one, "breaks.0.discount_percent")).toBe("The break's discount must be more than 0 %.");

    const unknown = await admin("PUT", url(), { breaks: [], tier_prices: [{ tier_id: 2_147_483_000, price_usd: "2" }] });
    expect(unknown.statusCode).toBe(400);
    expect(issueAt(unknown, "tier_prices.0.tier_id")).toBe("Choose one of the tiers.");

    const gold = await tierNamed("Gold");
    const doubled = await admin("PUT", url(), {
      breaks: [],
      tier_prices: [
        { tier_id: gold.id, price_usd: "2" },
        { tier_id: gold.id, price_usd: "3" },
      ],
    });
    expect(issueAt(doubled, "tier_prices.1.tier_id")).toBe("This tier is priced twice.");
    const free = await admin("PUT", url(), { breaks: [], tier_prices: [{ tier_id: gold.id, price_usd: "0" }] });
    expect(issueAt(free, "tier_prices.0.price_usd")).toBe("The tier's price must be more than 0.");

    const seven = await admin("PUT", url(), {
      breaks: Array.from({ length: 7 }, (_, i) => ({ min_quantity: 2 + i, discount_percent: String(1 + i) })),
      tier_prices: [],
    });
    expect(issueAt(seven, "breaks")).toBe("At most 6 quantity breaks.");
    // Nothing of the refused ones was kept.
    expect((await admin("GET", url())).json()).toEqual({ breaks: [], tier_prices: [] });
  });

  it("answers 404 for a product that does not exist", async () => {
    expect((await admin("PUT", "/api/products/2147483000/price-rules", { breaks: [], tier_prices: [] })).statusCode).toBe(404);
  });
});

describe("a quotation's lines: RRP and dealer list price for admins only", () => {
  it("an admin sees each line's product RRP and list price; the owner (visitor or dealer) never does", async () => {
    const [product] = await t.database.db
      .select({ id: products.productId, retail: products.retailPriceUsd, list: products.priceUsd, name: products.productName })
      .from(products)
      .where(eq(products.productId, accessoryId));
    if (!product) throw new Error("no product");
    const email = actors.identity.dealer.email;
    const asVisitor = await t.inject({
      method: "POST",
      url: "/api/quotations",
      remoteAddress: "10.24.1.1",
      payload: {
        customer_name: "Tendai Pricing",
        customer_address: "3 Samora Machel Avenue, Harare",
        // The demo user's address: signed in, they see it among their own.
        customer_email: actors.identity.user.email,
        customer_phone: "+263 77 555 0199",
        notes: "",
        products: [{ product_id: product.id, quantity: 2 }],
      },
    });
    expect(asVisitor.statusCode).toBe(201);
    const visitorId = asVisitor.json().id as number;
    const asDealer = await actors.inject("dealer", {
      method: "POST",
      url: "/api/quotations",
      payload: {
        customer_name: actors.identity.dealer.fullName,
        customer_address: "3 Samora Machel Avenue, Harare",
        customer_email: email,
        customer_phone: "+263 77 555 0198",
        notes: "",
        products: [{ product_id: product.id, quantity: 2 }],
      },
    });
    expect(asDealer.statusCode).toBe(201);
    const dealerQuoteId = asDealer.json().id as number;

    const listed = (await admin("GET", `/api/quotations/?q=${visitorId}`)).json().rows as QuotationView[];
    const line = listed.find((q) => q.id === visitorId)?.products[0];
    expect(line).toMatchObject({ retail_price_usd: product.retail, list_price_usd: product.list });
    // A visitor's request is priced from the RRP.
    const [snapshot] = await t.database.db
      .select({ price: quotationProducts.priceUsd })
      .from(quotationProducts)
      .where(eq(quotationProducts.quotationId, visitorId));
    expect(line?.price).toBe(snapshot?.price);

    const mine = (await actors.inject("dealer", { method: "GET", url: "/api/quotations/get-by-user" })).json() as QuotationView[];
    const own = mine.find((q) => q.id === dealerQuoteId);
    expect(own?.products[0]?.price).not.toBeNull();
    for (const q of mine) for (const p of q.products) expect([p.retail_price_usd, p.list_price_usd]).toEqual([null, null]);
    const users = (await as("user", "GET", "/api/quotations/get-by-user")).json() as QuotationView[];
    expect(users.some((q) => q.id === visitorId)).toBe(true);
    for (const q of users) for (const p of q.products) expect([p.price, p.retail_price_usd, p.list_price_usd]).toEqual([null, null, null]);
  });
});
