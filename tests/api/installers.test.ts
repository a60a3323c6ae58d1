import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/audit.ts";
import { dealerDocuments, dealers, installations } from "#server/db/schema/dealers.ts";
import { dealerProfiles } from "#server/db/schema/installer-network.ts";
import { slugOf } from "#server/modules/installers/profile-slug.ts";
import { OWNER_ONLY } from "#server/platform/auth/actor.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { file, multipart } from "../support/multipart.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The certified installer directory lists only verified (approved, not suspended, no document expired),
 * opted-in companies; the province filter matches the home province or a served one; no end customer's contact is
 * ever in its answers; the owner edits the company's public profile, audited.
 */

let t: TestApp;
let actors: Actors;

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
});
afterAll(() => t?.close());

const db = () => t.database.db;
const slugs = (body: string) => (JSON.parse(body) as { slug: string }[]).map((i) => i.slug);
const companyId = async (trading: string) =>
  (await db().select({ id: dealers.id }).from(dealers).where(eq(dealers.tradingName, trading)))[0]?.id as number;
const png = () =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: "#d97706" } })
    .png()
    .toBuffer();

describe("the directory (GET /api/installers)", () => {
  it("lists the verified, published companies only: not a pending, suspended, expired or unpublished one", async () => {
    const before = await t.inject({ method: "GET", url: "/api/installers" });
    expect(before.statusCode, before.body).toBe(200);
    expect(slugs(before.body)).toEqual(expect.arrayContaining(["sunrise-solar", "zambezi-power", "matopos-solar-works"]));
    expect(slugs(before.body)).not.toContain("kopje-energy"); // published, but its application is pending

    const [matopos, eastern, gz] = await Promise.all(
      ["Matopos Solar Works", "Eastern Highlands Solar", "Great Zimbabwe Energy"].map(companyId),
    );
    await db()
      .update(dealers)
      .set({ regStatus: "Suspended" })
      .where(eq(dealers.id, matopos as number));
    await db()
      .update(dealers)
      .set({ documentsExpiredAt: new Date() })
      .where(eq(dealers.id, eastern as number));
    await db()
      .update(dealerProfiles)
      .set({ published: false })
      .where(eq(dealerProfiles.dealerId, gz as number));
    try {
      const after = await t.inject({ method: "GET", url: "/api/installers" });
      const listed = slugs(after.body);
      for (const gone of ["matopos-solar-works", "eastern-highlands-solar", "great-zimbabwe-energy", "kopje-energy"]) {
        expect(listed).not.toContain(gone);
        expect((await t.inject({ method: "GET", url: `/api/installers/${gone}` })).statusCode).toBe(404);
      }
      expect(listed).toContain("sunrise-solar");
    } finally {
      await db()
        .update(dealers)
        .set({ regStatus: "Approved" })
        .where(eq(dealers.id, matopos as number));
      await db()
        .update(dealers)
        .set({ documentsExpiredAt: null })
        .where(eq(dealers.id, eastern as number));
      await db()
        .update(dealerProfiles)
        .set({ published: true })
        .where(eq(dealerProfiles.dealerId, gz as number));
    }
    expect(slugs((await t.inject({ method: "GET", url: "/api/installers" })).body)).toContain("matopos-solar-works");
  });

  it("filters by province, matching the home province or a served one; 400 on an unknown province", async () => {
    const south = await t.inject({ method: "GET", url: "/api/installers?province=matabeleland-south" });
    expect(south.statusCode).toBe(200);
    // Lowveld's home; Matopos serves it from Bulawayo.
    expect(slugs(south.body).sort()).toEqual(["lowveld-pumps-and-solar", "matopos-solar-works"]);
    const north = await t.inject({ method: "GET", url: "/api/installers?province=matabeleland-north" });
    expect(north.json()).toEqual([]); // Kopje serves it, but is not listed
    const served = await t.inject({ method: "GET", url: "/api/installers?province=mashonaland-central" });
    expect(slugs(served.body)).toEqual(expect.arrayContaining(["mazowe-valley-solar", "sunrise-solar"]));
    expect(slugs(served.body)).not.toContain("zambezi-power");
    const borehole = await t.inject({ method: "GET", url: "/api/installers?province=harare&service=borehole" });
    expect(slugs(borehole.body).sort()).toEqual(["mazowe-valley-solar", "sunrise-solar"]);
    const bad = await t.inject({ method: "GET", url: "/api/installers?province=narnia" });
    expect(bad.statusCode).toBe(400);
  });

  it("answers the issue's fields, the licence class of an approved unexpired ZERA licence, and the shown installations", async () => {
    const res = await t.inject({ method: "GET", url: "/api/installers/sunrise-solar" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      slug: "sunrise-solar",
      trading_name: "Sunrise Solar",
      city: "Harare",
      province: "harare",
      provinces_served: expect.arrayContaining(["mashonaland-east"]),
      licence_class: "ST2",
      installations: [
        {
          description: expect.stringContaining("Greendale"),
          size: "5kW",
          town: "Greendale, Harare",
          photos: [expect.stringMatching(/^\/media\/installers\//)],
        },
        { size: "3kW", town: "Norton" },
      ],
    });
    // The licence expired yesterday: no class shown.
    const sunrise = await companyId("Sunrise Solar");
    const where = and(eq(dealerDocuments.dealerId, sunrise), eq(dealerDocuments.kind, "zera_licence"));
    await db().update(dealerDocuments).set({ expiresOn: "2020-01-01" }).where(where);
    expect((await t.inject({ method: "GET", url: "/api/installers/sunrise-solar" })).json().licence_class).toBeNull();
    await db().update(dealerDocuments).set({ expiresOn: "2099-12-31" }).where(where);
  });

  it("never carries an end customer's e-mail or phone, in the list or a profile", async () => {
    const customers = await db().select({ email: installations.email, phone: installations.phoneNumber }).from(installations);
    expect(customers.length).toBeGreaterThan(5);
    const list = await t.inject({ method: "GET", url: "/api/installers" });
    const bodies = [list.body];
    for (const slug of slugs(list.body)) bodies.push((await t.inject({ method: "GET", url: `/api/installers/${slug}` })).body);
    for (const body of bodies) {
      for (const c of customers) {
        expect(body).not.toContain(c.email);
        expect(body).not.toContain(c.phone);
      }
    }
  });

  it("answers 404 for a slug nobody has", async () => {
    const res = await t.inject({ method: "GET", url: "/api/installers/no-such-installer" });
    expect(res.statusCode).toBe(404);
  });
});

describe("the owner's public profile (/api/dealer/public-profile)", () => {
  it("is the company owner's only: team members, other roles and visitors are refused", async () => {
    const payload = { published: true, province: "harare" };
    expect((await actors.inject("anonymous", { method: "PUT", url: "/api/dealer/public-profile", payload })).statusCode).toBe(401);
    for (const who of ["buyer", "technician"] as const) {
      const res = await actors.inject(who, { method: "PUT", url: "/api/dealer/public-profile", payload });
      expect(res.statusCode).toBe(403);
      if (who === "buyer") expect(res.json().message).toBe(OWNER_ONLY);
    }
    for (const who of ["user", "admin"] as const) {
      expect((await actors.inject(who, { method: "GET", url: "/api/dealer/public-profile" })).statusCode).toBe(403);
    }
  });

  it("saves the profile with a logo, audited; the slug is made from the trading name once, with a number on a clash", async () => {
    const sunrise = await companyId("Sunrise Solar");
    const kopje = await companyId("Kopje Energy");
    // Start again without a profile, while another company holds the slug the name would give.
    await db().delete(dealerProfiles).where(eq(dealerProfiles.dealerId, sunrise));
    await db().update(dealerProfiles).set({ slug: "sunrise-solar" }).where(eq(dealerProfiles.dealerId, kopje));

    const form = multipart([
      { name: "published", data: "on" },
      { name: "description", data: "Hybrid backup in Harare." },
      { name: "city", data: "Harare" },
      { name: "province", data: "harare" },
      { name: "provinces_served", data: "mashonaland-east" },
      { name: "provinces_served", data: "midlands" },
      { name: "services", data: "installation" },
      { name: "phone", data: "+263 242 700 123" },
      { name: "whatsapp", data: "077 212 3456" },
      { name: "email", data: "installs@sunrise-solar.example" },
      file("logo", "logo.png", await png()),
    ]);
    const res = await actors.inject("dealer", { method: "PUT", url: "/api/dealer/public-profile", ...form });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      published: true,
      listed: true,
      slug: "sunrise-solar-2",
      trading_name: "Sunrise Solar",
      provinces_served: ["mashonaland-east", "midlands"],
      logo: expect.stringMatching(/\.webp$/),
    });
    const midlands = await t.inject({ method: "GET", url: "/api/installers?province=midlands" });
    expect(slugs(midlands.body)).toContain("sunrise-solar-2");

    // Saved again: the slug stays.
    const again = await actors.inject("dealer", {
      method: "PUT",
      url: "/api/dealer/public-profile",
      payload: { published: false, province: "harare", description: "x".repeat(601) },
    });
    expect(again.statusCode).toBe(400);
    const off = await actors.inject("dealer", {
      method: "PUT",
      url: "/api/dealer/public-profile",
      payload: { published: false, province: "harare" },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ slug: "sunrise-solar-2", published: false, listed: false });
    expect((await t.inject({ method: "GET", url: "/api/installers/sunrise-solar-2" })).statusCode).toBe(404);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "dealer_profile"), eq(auditLog.entityId, String(sunrise))));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["create", "update"]));
    expect(slugOf("Lowveld Pumps & Solar")).toBe("lowveld-pumps-and-solar");
  });

  it("shows an installation with its town and photos; another company's installation is not found", async () => {
    const sunrise = await companyId("Sunrise Solar");
    await actors.inject("dealer", { method: "PUT", url: "/api/dealer/public-profile", payload: { published: true, province: "harare" } });
    const [third] = await db()
      .select()
      .from(installations)
      .where(and(eq(installations.dealerId, sunrise), eq(installations.showPublic, false)));
    const form = multipart([
      { name: "show_public", data: "true" },
      { name: "town", data: "Msasa, Harare" },
      file("photos", "roof.png", await png()),
      file("photos", "inverter.png", await png()),
    ]);
    const res = await actors.inject("dealer", { method: "PUT", url: `/api/dealer/installations/${third?.id}/public`, ...form });
    expect(res.statusCode, res.body).toBe(200);
    const profile = (await t.inject({ method: "GET", url: "/api/installers/sunrise-solar-2" })).json();
    const shown = profile.installations.find((i: { town: string }) => i.town === "Msasa, Harare");
    expect(shown.photos).toHaveLength(2);
    const image = await t.inject({ method: "GET", url: shown.photos[0] });
    expect(image.statusCode).toBe(200);

    // Five photos in all are too many.
    const many = multipart([
      { name: "show_public", data: "true" },
      ...(await Promise.all([1, 2, 3].map(async (n) => file("photos", `${n}.png`, await png())))),
    ]);
    expect(
      (await actors.inject("dealer", { method: "PUT", url: `/api/dealer/installations/${third?.id}/public`, ...many })).statusCode,
    ).toBe(413);

    const [zambeziInstallation] = await db()
      .select({ id: installations.id })
      .from(installations)
      .where(eq(installations.dealerId, await companyId("Zambezi Power")));
    const other = await actors.inject("dealer", {
      method: "PUT",
      url: `/api/dealer/installations/${zambeziInstallation?.id}/public`,
      payload: { show_public: true },
    });
    expect(other.statusCode).toBe(404);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "installation"), eq(auditLog.entityId, String(third?.id))));
    expect(audits).toHaveLength(1);
  });
});
