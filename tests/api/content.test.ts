import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteSettings } from "#server/db/schema/content.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get(url: string, headers?: Record<string, string>) {
  const res = await t.inject({ method: "GET", url, headers });
  return { status: res.statusCode, body: res.json() };
}

/** A list answer: 200, `n` items, each with exactly the spec's field names. */
async function expectList(url: string, n: number, keys: string[]) {
  const { status, body } = await get(url);
  expect(status).toBe(200);
  expect(body).toHaveLength(n);
  for (const item of body) expect(Object.keys(item).sort()).toEqual([...keys].sort());
  return body;
}

async function expectMissing(url: string, message: string) {
  expect(await get(url)).toEqual({ status: 404, body: { message } });
}

async function expectMalformed(url: string) {
  const { status, body } = await get(url);
  expect(status).toBe(400);
  expect(typeof body.message).toBe("string");
}

const TESTIMONIAL = ["id", "person", "person_role", "message", "image"];
const BLOG = ["id", "title", "author", "story", "createdAt", "images"];
const CASE_STUDY = ["id", "projectName", "location", "systemCapacity", "description", "images", "video"];
const ARTICLE = ["article_id", "article_title", "article_description", "article_ref", "category", "createdAt"];
const FAQ = ["id", "question", "answer"];
const FEATURED = ["id", "name", "image", "product_id", "product_name", "images"];

describe("testimonials", () => {
  it("lists the six demo testimonials in the admin's order", async () => {
    const list = await expectList("/api/testimonials/get-testimonials", 6, TESTIMONIAL);
    expect(list[0]).toMatchObject({ person: "Chiedza M.", person_role: "Homeowner, Borrowdale", image: "chiedza-m.webp" });
  });

  it("answers one testimonial by id, 404 for an unknown id and 400 for a malformed one", async () => {
    const [first] = (await get("/api/testimonials/get-testimonials")).body;
    const one = await get(`/api/testimonials/get-testimonial/${first.id}`);
    expect(one).toEqual({ status: 200, body: first });
    await expectMissing("/api/testimonials/get-testimonial/999999", "Testimonial not found.");
    await expectMalformed("/api/testimonials/get-testimonial/abc");
    await expectMalformed("/api/testimonials/get-testimonial/0");
  });
});

describe("team, awards, certificates, positions, overview, brands", () => {
  it("lists the six team members with their pictures", async () => {
    const team = await expectList("/api/team/get-team", 6, ["id", "name", "position", "bio", "picture"]);
    expect(team[0]).toMatchObject({ name: "Tatenda Mukwena", position: "Managing Director", picture: "tatenda-mukwena.webp" });
  });

  it("lists the four awards with their years", async () => {
    const list = await expectList("/api/awards/", 4, ["id", "name", "image", "year"]);
    expect(list.map((a: { year: number }) => a.year)).toEqual([2025, 2024, 2023, 2022]);
  });

  it("lists the three certificates with their PDF file names", async () => {
    const list = await expectList("/api/certificates", 3, ["id", "title", "path"]);
    for (const c of list) expect(c.path).toMatch(/\.pdf$/);
  });

  it("lists the positions", async () => {
    const list = await expectList("/api/positions/", 6, ["id", "name"]);
    expect(list[0].name).toBe("Managing Director");
  });

  it("answers the overview", async () => {
    const { status, body } = await get("/api/overview");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      ["story", "vision", "mission", "values", "directorName", "directorMessage", "directorPhoto"].sort(),
    );
    expect(body.values).toContain("Integrity");
    expect(body.directorName).toBe("Tatenda Mukwena");
  });

  it("lists the brands by id and name only", async () => {
    const { status, body } = await get("/api/brands/min");
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    for (const b of body) expect(Object.keys(b).sort()).toEqual(["id", "name"]);
  });
});

describe("blogs", () => {
  it("lists the six blogs newest first, images comma-separated", async () => {
    const list = await expectList("/api/blogs/", 6, BLOG);
    const dates = list.map((b: { createdAt: string }) => Date.parse(b.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(list[0].title).toBe("How to size a solar system for load-shedding");
    expect(list[0].images.split(",")).toHaveLength(2);
    expect(list[1].images.split(",")).toHaveLength(1);
  });

  it("answers a blog by id as a one-element list; 404 and 400 otherwise", async () => {
    const [first] = (await get("/api/blogs/")).body;
    const one = await get(`/api/blogs/${first.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual([first]);
    await expectMissing("/api/blogs/999999", "Blog not found.");
    await expectMalformed("/api/blogs/not-a-number");
  });
});

describe("case studies", () => {
  it("lists the four case studies", async () => {
    const list = await expectList("/api/case-study", 4, CASE_STUDY);
    expect(list[0]).toMatchObject({ projectName: "Marondera Tobacco Estate", systemCapacity: "40kW", video: "x7Kq9TnP2aB" });
    expect(list[0].images.split(",")).toHaveLength(3);
  });

  it("answers one case study by id; 404 and 400 otherwise", async () => {
    const [first] = (await get("/api/case-study")).body;
    expect(await get(`/api/case-study/${first.id}`)).toEqual({ status: 200, body: first });
    await expectMissing("/api/case-study/999999", "Case study not found.");
    await expectMalformed("/api/case-study/1.5");
  });
});

describe("articles", () => {
  it("lists the twelve articles newest first", async () => {
    const list = await expectList("/api/articles", 12, ARTICLE);
    const dates = list.map((a: { createdAt: string }) => Date.parse(a.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // The demo's articles are pages of this site (a product, a blog, the FAQs…), never a host that does not exist.
    for (const a of list) expect(a.article_ref).toMatch(/^\/(product|blog)\/\d+$|^\/(dealer|contact|faqs|products|about)$/);
  });

  it("groups the articles by the four categories, three in each", async () => {
    const { status, body } = await get("/api/articles/category");
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(["Recent", "Trending", "Expert Opinion", "News"]);
    for (const [category, list] of Object.entries(body) as [string, { category: string }[]][]) {
      expect(list).toHaveLength(3);
      for (const a of list) {
        expect(a.category).toBe(category);
        expect(Object.keys(a).sort()).toEqual([...ARTICLE].sort());
      }
    }
  });

  it("answers one article by id; 404 and 400 otherwise", async () => {
    const [first] = (await get("/api/articles")).body;
    expect(await get(`/api/articles/${first.article_id}`)).toEqual({ status: 200, body: first });
    await expectMissing("/api/articles/999999", "Article not found.");
    await expectMalformed("/api/articles/-3");
  });
});

describe("FAQs", () => {
  it("lists the five FAQs in the admin's order", async () => {
    const list = await expectList("/api/faqs", 5, FAQ);
    expect(list[0].question).toBe("How long does an installation take?");
  });

  it("answers one FAQ by id; 404 and 400 otherwise", async () => {
    const [first] = (await get("/api/faqs")).body;
    expect(await get(`/api/faqs/${first.id}`)).toEqual({ status: 200, body: first });
    await expectMissing("/api/faqs/999999", "FAQ not found.");
    await expectMalformed("/api/faqs/x");
  });
});

describe("featured products", () => {
  it("lists the featured products with their product's images", async () => {
    const list = await expectList("/api/featured/get-featured", 6, FEATURED);
    expect(list[0]).toMatchObject({ name: "SunVolt 550W Bifacial", product_name: "SunVolt 550W Bifacial" });
    // Every featured product has at least one image, each a stored file's name (no empty entry between commas).
    for (const f of list) expect(f.images).toMatch(/^[\w.-]+\.\w+(,[\w.-]+\.\w+)*$/);
    // Half of them have artwork of their own.
    expect(list.filter((f: { image: string | null }) => f.image === null)).toHaveLength(3);
  });

  it("answers one featured product by id; 404 and 400 otherwise", async () => {
    const [first] = (await get("/api/featured/get-featured")).body;
    expect(await get(`/api/featured/get-featured/${first.id}`)).toEqual({ status: 200, body: first });
    await expectMissing("/api/featured/get-featured/999999", "Featured product not found.");
    await expectMalformed("/api/featured/get-featured/abc");
  });
});

describe("GET /api/products/get-all-products", () => {
  it("pages through every product with the default page size and withholds prices from visitors", async () => {
    const first = await get("/api/products/get-all-products");
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(44);
    expect(first.body.rows).toHaveLength(12);
    for (const p of first.body.rows) expect(p).toMatchObject({ price_usd: null, price_zwl: null });

    const last = await get("/api/products/get-all-products?page=4&pageSize=12");
    expect(last.body.rows).toHaveLength(44 - 36);
    const ids = new Set([...first.body.rows, ...last.body.rows].map((p: { product_id: number }) => p.product_id));
    expect(ids.size).toBe(12 + 8);

    const beyond = await get("/api/products/get-all-products?page=99");
    expect(beyond.body).toEqual({ rows: [], count: 44 });
  });

  it("names the secondary currency of price_zwl: ZWG on the demo site, and the setting's label when an admin changes it (issue 17)", async () => {
    const page = await get("/api/products/get-all-products?pageSize=3");
    expect(page.body.rows).toHaveLength(3);
    for (const p of page.body.rows) expect(p.secondary_currency).toBe("ZWG");
    const one = await get(`/api/products/get-product-by-id/${page.body.rows[0].product_id}`);
    expect(one.body[0].secondary_currency).toBe("ZWG");
    await t.database.db.insert(siteSettings).values({ key: "site", value: { ...DEFAULT_SITE_SETTINGS, secondaryCurrency: "ZWL" } });
    try {
      const relabelled = await get("/api/products/get-all-products?pageSize=1");
      expect(relabelled.body.rows[0].secondary_currency).toBe("ZWL");
    } finally {
      await t.database.db.delete(siteSettings).where(eq(siteSettings.key, "site"));
    }
  });

  it("filters by category id or slug, with the same rows as get-product-by-category", async () => {
    const bySlug = await get("/api/products/get-all-products?category=energy-storage&pageSize=48");
    const byId = await get("/api/products/get-all-products?category=6&pageSize=48");
    const byCategory = await get("/api/products/get-product-by-category/6?pageSize=48");
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.count).toBeGreaterThan(0);
    expect(bySlug.body).toEqual(byId.body);
    // The category's answer adds its facets.
    const { facets, ...page } = byCategory.body as typeof byCategory.body & { facets: unknown[] };
    expect(facets.length).toBeGreaterThan(0);
    expect(bySlug.body).toEqual(page);
    for (const p of bySlug.body.rows) expect(p.category_slug).toBe("energy-storage");
    expect((await get("/api/products/get-all-products?category=")).body.count).toBe(44);
  });

  it("names each product's brand (issue 20 §3: the card's brand line), the same in the list and by id", async () => {
    const list = await get("/api/products/get-all-products?category=energy-storage&pageSize=48");
    const kariba = list.body.rows.find((p: { product_name: string }) => p.product_name === "Kariba PowerStack 15kWh");
    expect(kariba?.brand_name).toBe("Kariba Power");
    const one = await get(`/api/products/get-product-by-id/${kariba?.product_id}`);
    expect(one.body[0].brand_name).toBe("Kariba Power");
  });

  it("rejects a malformed page, page size or category", async () => {
    await expectMalformed("/api/products/get-all-products?page=0");
    await expectMalformed("/api/products/get-all-products?pageSize=1000");
    await expectMalformed("/api/products/get-all-products?category=kettles");
  });

  it("shows prices to a dealer", async () => {
    const headers = await t.loginAs("dealer");
    const { status, body } = await get("/api/products/get-all-products?pageSize=6", headers);
    expect(status).toBe(200);
    expect(body.rows).toHaveLength(6);
    for (const p of body.rows) expect(p.price_usd).toMatch(/^\d+\.\d{2}$/);
  });
});

describe("OpenAPI document", () => {
  it("describes the content reads", async () => {
    const res = await t.inject({ method: "GET", url: "/api/docs/json" });
    const paths = Object.keys(res.json().paths);
    for (const path of [
      "/api/testimonials/get-testimonials",
      "/api/team/get-team",
      "/api/blogs/{id}",
      "/api/articles/category",
      "/api/products/get-all-products",
      "/api/featured/get-featured/{id}",
      "/api/brands/min",
      "/api/overview",
    ]) {
      expect(paths).toContain(path);
    }
  });
});
