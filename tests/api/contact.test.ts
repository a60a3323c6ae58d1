import { count, desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "#server/db/schema/commerce.ts";
import { createContactService } from "#server/modules/contact/contact.service.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import { decoded, header, outboxMails as readOutbox } from "../support/outbox.ts";
import { createTestApp, type TestApp, unlimitedForms } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const outboxMails = () => readOutbox(t.dataDir);
async function stored(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(contactMessages);
  return row?.n ?? 0;
}

const message = {
  fullName: "Rutendo Banda",
  email: "rutendo@example.com",
  phone: "+263 71 222 3333",
  notes: "We run a clinic in Mutare <and> need backup power.",
  requestQuote: true,
};

describe("POST /api/contact", () => {
  it("stores the message, notifies the company, confirms to the visitor and answers the thank-you text", async () => {
    const before = (await outboxMails()).length;
    const res = await t.inject({ method: "POST", url: "/api/contact", payload: message });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: "Thank you! Your message has been sent. We will get back to you soon." });

    const [row] = await t.database.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    expect(row).toMatchObject({ ...message, readAt: null });

    const mails = (await outboxMails()).slice(before);
    expect(mails).toHaveLength(2);
    const toCompany = mails.find((m) => header(m, "To") === DEFAULT_SITE_SETTINGS.salesEmail) as string;
    const toVisitor = mails.find((m) => header(m, "To") === message.email) as string;
    expect(toCompany).toBeDefined();
    expect(toVisitor).toBeDefined();
    expect(header(toCompany, "Subject")).toBe("Quote requested: contact message from Rutendo Banda");
    expect(header(toCompany, "Reply-To")).toBe(message.email);
    expect(decoded(toCompany)).toContain("+263 71 222 3333");
    expect(decoded(toCompany)).toContain("in Mutare &lt;and&gt; need");
    expect(decoded(toVisitor)).toContain("Thank you! Your message has been sent.");
  });

  it("says in the subject when no quote was asked for; phone and notes are optional", async () => {
    const before = (await outboxMails()).length;
    const res = await t.inject({ method: "POST", url: "/api/contact", payload: { fullName: "Kuda", email: "kuda@example.com" } });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    expect(row).toMatchObject({ fullName: "Kuda", phone: "", notes: "", requestQuote: false });
    const toCompany = (await outboxMails()).slice(before).find((m) => header(m, "To") === DEFAULT_SITE_SETTINGS.salesEmail) as string;
    expect(header(toCompany, "Subject")).toBe("Contact message from Kuda");
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ["a bad e-mail address", { email: "rutendo-at-example" }, "body.email", "Enter a valid email address."],
    ["a missing e-mail address", { email: undefined }, "body.email", "Email is required."],
    ["a missing name", { fullName: undefined }, "body.fullName", "Full name is required."],
    ["a blank name", { fullName: "   " }, "body.fullName", "Full name is required."],
    ["a phone of 41 characters", { phone: "1".repeat(41) }, "body.phone", "Phone must be at most 40 characters."],
    ["notes of 5001 characters", { notes: "x".repeat(5001) }, "body.notes", "Notes must be at most 5000 characters."],
  ];
  for (const [what, overrides, field, text] of refusals) {
    it(`refuses ${what} with 400 naming ${field}, stores and sends nothing`, async () => {
      const before = await stored();
      const mailsBefore = (await outboxMails()).length;
      const res = await t.inject({ method: "POST", url: "/api/contact", payload: { ...message, ...overrides } });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.issues[0]).toEqual({ path: field, message: text });
      expect(body.message).toBe(text);
      expect(await stored()).toBe(before);
      expect((await outboxMails()).length).toBe(mailsBefore);
    });
  }

  it("stores nothing when its mail cannot be queued: the message and its mails commit together (decision 007)", {
    tags: ["db"],
  }, async () => {
    const service = createContactService({
      formLimits: unlimitedForms,
      db: t.database.db,
      mailer: {
        send: async () => {
          throw new Error("the jobs table refused the mail");
        },
      },
      settings: { get: async () => DEFAULT_SITE_SETTINGS },
      audit: t.app.services.audit,
    });
    const before = await stored();
    await expect(service.submit(null, { ...message, fullName: "No Mail" })).rejects.toThrow("the jobs table refused the mail");
    expect(await stored()).toBe(before);
  });
});
