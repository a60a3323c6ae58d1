import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/audit.ts";
import { siteSettings } from "#server/db/schema/content.ts";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "#shared/schemas/settings.ts";
import { decoded, header, outboxMails as readOutbox } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let admin: { authorization: string };
let superAdmin: { authorization: string };
let dealer: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  superAdmin = await t.loginAs("super");
  dealer = await t.loginAs("dealer");
});
afterAll(() => t?.close());

const outboxMails = () => readOutbox(t.dataDir);
const put = (payload: unknown, headers: Record<string, string> = admin) =>
  t.inject({ method: "PUT", url: "/api/settings", headers, payload: payload as object });
const current = async (): Promise<SiteSettings> => (await t.inject({ method: "GET", url: "/api/settings/all", headers: admin })).json();
const settingsAudit = () =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "settings"), eq(auditLog.entityId, "site")))
    .orderBy(auditLog.id);

describe("reading the settings", () => {
  it("GET /api/settings: anyone reads what the pages show, without the bank account", async () => {
    const res = await t.inject({ method: "GET", url: "/api/settings" });
    expect(res.statusCode).toBe(200);
    const { bankDetails: _bank, ...publicPart } = DEFAULT_SITE_SETTINGS;
    expect(res.json()).toEqual(publicPart);
    expect(res.body).not.toContain("account");
  });

  it("GET /api/settings/all: admins read every setting; others are refused", async () => {
    const res = await t.inject({ method: "GET", url: "/api/settings/all", headers: superAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_SITE_SETTINGS);
    expect((await t.inject({ method: "GET", url: "/api/settings/all" })).statusCode).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/settings/all", headers: dealer })).statusCode).toBe(403);
  });
});

describe("PUT /api/settings", () => {
  it("is refused to visitors and dealers, changing nothing", async () => {
    const changed = { ...DEFAULT_SITE_SETTINGS, phone: "+263 4 000 000" };
    expect((await put(changed, {})).statusCode).toBe(401);
    expect((await put(changed, dealer)).statusCode).toBe(403);
    expect(await t.database.db.select().from(siteSettings)).toHaveLength(0);
    expect(await settingsAudit()).toHaveLength(0);
  });

  const refusals: [string, Partial<Record<keyof SiteSettings, unknown>>, string, string][] = [
    ["no company name", { companyName: "  " }, "body.companyName", "Company name is required."],
    ["a phone number too short", { phone: "1" }, "body.phone", "Enter the company's phone number."],
    ["a WhatsApp number with spaces", { whatsappNumber: "263 77 100 0100" }, "body.whatsappNumber", "Digits only, with the country code."],
    ["a sales e-mail that is not one", { salesEmail: "sales at example" }, "body.salesEmail", "Enter a valid email address."],
    ["no address", { address: "" }, "body.address", "Address is required."],
    [
      "a map that is not a Google Maps embed",
      { mapEmbedUrl: "https://maps.example/embed?q=harare" },
      "body.mapEmbedUrl",
      "Paste the Google Maps embed link (it starts with https://www.google.com/maps/embed), or leave it empty.",
    ],
    ["a currency other than ZWL or ZWG", { secondaryCurrency: "EUR" }, "body.secondaryCurrency", "Choose ZWL or ZWG."],
    ["a hero film outside the media folder", { heroVideo: "../private/film.webm" }, "body.heroVideo", "A file name ending in .webm, .mp4."],
    [
      "a social link that runs script",
      { social: { ...DEFAULT_SITE_SETTINGS.social, x: "javascript:alert(1)" } },
      "body.social.x",
      "Enter the full X link (https://…), or leave it empty.",
    ],
  ];
  for (const [what, change, path, message] of refusals) {
    it(`refuses ${what}, storing nothing`, async () => {
      const res = await put({ ...DEFAULT_SITE_SETTINGS, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual({ path, message });
      expect(await settingsAudit()).toHaveLength(0);
      expect(await current()).toEqual(DEFAULT_SITE_SETTINGS);
    });
  }

  it("refuses a body missing a setting", async () => {
    const { supportHours: _hours, ...partial } = DEFAULT_SITE_SETTINGS;
    const res = await put(partial);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe("body.supportHours");
  });

  it("saves, logs before and after, and the public read shows the new values at once", async () => {
    // Warm the 5-second cache with the old values first.
    expect((await t.inject({ method: "GET", url: "/api/settings" })).json().phone).toBe(DEFAULT_SITE_SETTINGS.phone);
    const next: SiteSettings = {
      ...DEFAULT_SITE_SETTINGS,
      companyName: "Sunrise Solar Zimbabwe",
      phone: "+263 242 999 888",
      salesEmail: "hello@sunrise.example",
      secondaryCurrency: "ZWL",
      mapEmbedUrl: "https://www.google.com/maps/embed?pb=!1m18!1m12",
      social: { ...DEFAULT_SITE_SETTINGS.social, x: "" },
    };
    const res = await put({ ...next, companyName: "  Sunrise Solar Zimbabwe  " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(next);

    const seen = (await t.inject({ method: "GET", url: "/api/settings" })).json();
    expect(seen).toMatchObject({ companyName: "Sunrise Solar Zimbabwe", phone: "+263 242 999 888", secondaryCurrency: "ZWL" });
    expect(await t.app.services.settings.get()).toEqual(next);
    expect(await current()).toEqual(next);

    const entries = await settingsAudit();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "update",
      summary: "Changed companyName, phone, salesEmail, mapEmbedUrl, secondaryCurrency, social.x",
      before: DEFAULT_SITE_SETTINGS,
      after: next,
    });
  });

  it("e-mails sent afterwards carry the new details", async () => {
    const before = (await outboxMails()).length;
    const res = await t.inject({
      method: "POST",
      url: "/api/contact",
      payload: { fullName: "Tariro Settings", email: "tariro@example.com", notes: "Hello" },
    });
    expect(res.statusCode).toBe(201);
    const mails = (await outboxMails()).slice(before);
    const toCompany = mails.find((m) => header(m, "To") === "hello@sunrise.example");
    const toVisitor = mails.find((m) => header(m, "To") === "tariro@example.com") as string;
    expect(toCompany).toBeDefined();
    expect(header(toVisitor, "Reply-To")).toBe("hello@sunrise.example");
    expect(header(toVisitor, "Subject")).toBe("We received your message - Sunrise Solar Zimbabwe");
    expect(decoded(toVisitor)).toContain("+263 242 999 888");
  });

  it("saving the same values again logs that nothing changed", async () => {
    const same = await current();
    expect((await put(same, superAdmin)).statusCode).toBe(200);
    const entries = await settingsAudit();
    expect(entries).toHaveLength(2);
    expect(entries[1]?.summary).toBe("Saved without changes");
  });
});
