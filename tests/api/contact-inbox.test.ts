import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/audit.ts";
import { contactMessages } from "#server/db/schema/commerce.ts";
import { createContactService } from "#server/modules/contact/contact.service.ts";
import { createQueuedMailer } from "#server/platform/mailer/mail-queue.ts";
import type { ContactInbox, ContactMessageView } from "#shared/schemas/contact.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import { flakyTransport, manualMailWorker } from "../support/jobs.ts";
import { decoded, header, outboxMails as readOutbox } from "../support/outbox.ts";
import { createTestApp, type TestApp, unlimitedForms } from "../support/test-app.ts";

let t: TestApp;
let admin: { authorization: string };
let dealer: { authorization: string };
let user: { authorization: string };
/** Messages sent through the public form for these tests, by name. */
const ids: Record<string, number> = {};

const visitors = [
  { fullName: "Zanele Inbox", email: "zanele@example.com", phone: "+263 77 100 2000", notes: "Need 100% backup for a clinic." },
  { fullName: "Aaron Inbox", email: "aaron@example.com", phone: "", notes: "Price of a 5kW kit in Gweru?" },
  { fullName: "Mukoma Inbox", email: "mukoma@example.com", phone: "+263 71 300 4000", notes: "Do you deliver to Masvingo?" },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  dealer = await t.loginAs("dealer");
  user = await t.loginAs("user");
  for (const v of visitors) {
    const res = await t.inject({ method: "POST", url: "/api/contact", payload: v });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    ids[v.fullName] = row?.id as number;
  }
});
afterAll(() => t?.close());

const outboxMails = () => readOutbox(t.dataDir);
const list = async (query = "") => {
  const res = await t.inject({ method: "GET", url: `/api/contact${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ContactInbox;
};
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "contact-message"), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
const rowOf = async (id: number) => (await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];

describe("who may use the inbox", () => {
  const calls = () => [
    { method: "GET" as const, url: "/api/contact" },
    { method: "GET" as const, url: `/api/contact/${ids["Zanele Inbox"]}` },
    { method: "PUT" as const, url: `/api/contact/${ids["Zanele Inbox"]}/read`, payload: { read: true } },
    { method: "POST" as const, url: `/api/contact/${ids["Zanele Inbox"]}/reply`, payload: { subject: "Hi", message: "Hello" } },
  ];
  it("answers 401 to visitors and 403 to users and dealers, and changes nothing", async () => {
    const mailsBefore = (await outboxMails()).length;
    for (const call of calls()) {
      expect((await t.inject(call)).statusCode, call.url).toBe(401);
      expect((await t.inject({ ...call, headers: user })).statusCode, call.url).toBe(403);
      expect((await t.inject({ ...call, headers: dealer })).statusCode, call.url).toBe(403);
    }
    expect(await rowOf(ids["Zanele Inbox"] as number)).toMatchObject({ readAt: null, repliedAt: null });
    expect(await auditOf(ids["Zanele Inbox"] as number)).toHaveLength(0);
    expect((await outboxMails()).length).toBe(mailsBefore);
  });
});

describe("GET /api/contact", () => {
  it("lists the newest first, with the number of unread messages", async () => {
    const inbox = await list();
    // The seed's three (one read) and this file's three.
    expect(inbox.count).toBe(6);
    expect(inbox.unread).toBe(5);
    expect(inbox.rows.slice(0, 3).map((r) => r.fullName)).toEqual(["Mukoma Inbox", "Aaron Inbox", "Zanele Inbox"]);
    expect(inbox.rows[0]).toMatchObject({ ...visitors[2], requestQuote: false, readAt: null, repliedAt: null });
  });

  it("filters by read state", async () => {
    const unread = await list("?unread=1");
    expect(unread.count).toBe(5);
    expect(unread.rows.every((r) => r.readAt === null)).toBe(true);
    const read = await list("?unread=0");
    expect(read.count).toBe(1);
    expect(read.rows[0]?.readAt).not.toBeNull();
  });

  it("searches names, addresses, phones and the message, taking % and _ literally", async () => {
    expect((await list("?q=gweru")).rows.map((r) => r.fullName)).toEqual(["Aaron Inbox"]);
    expect((await list("?q=MUKOMA%40example")).rows.map((r) => r.fullName)).toEqual(["Mukoma Inbox"]);
    expect((await list("?q=300%204000")).rows.map((r) => r.fullName)).toEqual(["Mukoma Inbox"]);
    expect((await list("?q=100%25")).rows.map((r) => r.fullName)).toEqual(["Zanele Inbox"]);
    expect((await list("?q=_")).count).toBe(0);
    expect((await list("?q=Inbox&unread=1")).count).toBe(3);
  });

  it("sorts and pages", async () => {
    const byName = await list("?q=Inbox&sort=fullName&dir=asc");
    expect(byName.rows.map((r) => r.fullName)).toEqual(["Aaron Inbox", "Mukoma Inbox", "Zanele Inbox"]);
    const page2 = await list("?q=Inbox&sort=fullName&dir=asc&pageSize=2&page=2");
    expect(page2).toMatchObject({ count: 3 });
    expect(page2.rows.map((r) => r.fullName)).toEqual(["Zanele Inbox"]);
  });

  it("refuses a query it does not know", async () => {
    for (const query of ["unread=yes", "sort=notes", "pageSize=1000", "page=0"]) {
      const res = await t.inject({ method: "GET", url: `/api/contact?${query}`, headers: admin });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe("GET /api/contact/:id", () => {
  it("reads one message without marking it read; 404 for one that does not exist, 400 for an id that is not one", async () => {
    const id = ids["Zanele Inbox"] as number;
    const res = await t.inject({ method: "GET", url: `/api/contact/${id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, ...visitors[0], readAt: null });
    expect((await rowOf(id))?.readAt).toBeNull();
    const missing = await t.inject({ method: "GET", url: "/api/contact/2147483000", headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Message not found." });
    expect((await t.inject({ method: "GET", url: "/api/contact/abc", headers: admin })).statusCode).toBe(400);
  });
});

describe("PUT /api/contact/:id/read", () => {
  it("marks read and unread, one audit entry per change with before and after", async () => {
    const id = ids["Aaron Inbox"] as number;
    const put = (read: unknown) => t.inject({ method: "PUT", url: `/api/contact/${id}/read`, headers: admin, payload: { read } });

    const read = await put(true);
    expect(read.statusCode).toBe(200);
    const view = read.json() as ContactMessageView;
    expect(view.readAt).not.toBeNull();
    expect((await rowOf(id))?.readAt?.toISOString()).toBe(view.readAt);
    // Already read: nothing changes and nothing more is logged.
    expect((await put(true)).statusCode).toBe(200);
    let entries = await auditOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "mark-read", before: { readAt: null }, after: { readAt: view.readAt } });

    const unread = await put(false);
    expect(unread.json().readAt).toBeNull();
    entries = await auditOf(id);
    expect(entries.map((e) => e.action)).toEqual(["mark-read", "mark-unread"]);
    expect((await list()).unread).toBe(5);
  });

  it("refuses a body without a true or false, and 404 for a message that does not exist", async () => {
    const id = ids["Aaron Inbox"] as number;
    const bad = await t.inject({ method: "PUT", url: `/api/contact/${id}/read`, headers: admin, payload: { read: "yes" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe("body.read");
    const missing = await t.inject({ method: "PUT", url: "/api/contact/2147483000/read", headers: admin, payload: { read: true } });
    expect(missing.statusCode).toBe(404);
  });

  it("opening a message in the back office marks it read (the page posts intent=read once shown), with an audit entry", async () => {
    const id = ids["Mukoma Inbox"] as number;
    const actor = { id: 0, roleId: 3, role: "admin" as const, sessionId: "", emailVerified: true, companyUserId: 0, teamRole: null };
    const me = await t.inject({ method: "GET", url: "/api/auth/me", headers: admin });
    const opened = await t.app.services.contact.open({ ...actor, id: me.json().id }, id);
    expect(opened.readAt).not.toBeNull();
    expect((await auditOf(id)).map((e) => e.action)).toEqual(["mark-read"]);
    await t.app.services.contact.open({ ...actor, id: me.json().id }, id);
    expect(await auditOf(id)).toHaveLength(1);
    await expect(t.app.services.contact.open(null, id)).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe("POST /api/contact/:id/reply", () => {
  it("e-mails the visitor with the company's address to reply to, marks it replied and read, and logs the reply", async () => {
    const id = ids["Zanele Inbox"] as number;
    const before = (await outboxMails()).length;
    const res = await t.inject({
      method: "POST",
      url: `/api/contact/${id}/reply`,
      headers: admin,
      payload: { subject: "  Backup power for your clinic  ", message: "Dear team,\nA 10 kW hybrid system <with> batteries fits." },
    });
    expect(res.statusCode).toBe(200);
    const view = res.json() as ContactMessageView;
    expect(view.repliedAt).not.toBeNull();
    expect(view.readAt).not.toBeNull();

    const mails = (await outboxMails()).slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as string;
    expect(header(mail, "To")).toBe("zanele@example.com");
    expect(header(mail, "Reply-To")).toBe(DEFAULT_SITE_SETTINGS.salesEmail);
    expect(header(mail, "Subject")).toBe("Backup power for your clinic");
    const body = decoded(mail);
    // The greeting is the admin's own ("Dear team," here): the e-mail adds no second one.
    expect(body).not.toContain("Dear Zanele Inbox,");
    expect(body).toContain("Dear team,");
    expect(body).toContain("A 10 kW hybrid system <with> batteries fits.");
    expect(body).toContain("A 10 kW hybrid system &lt;with&gt; batteries fits.");
    expect(body).toContain("Need 100% backup for a clinic.");

    const row = await rowOf(id);
    expect(row?.repliedAt?.toISOString()).toBe(view.repliedAt);
    const entries = await auditOf(id);
    expect(entries.map((e) => e.action)).toEqual(["reply"]);
    expect(entries[0]?.before).toMatchObject({ repliedAt: null, readAt: null });
    expect(entries[0]?.after).toMatchObject({
      repliedAt: view.repliedAt,
      reply: { subject: "Backup power for your clinic", message: "Dear team,\nA 10 kW hybrid system <with> batteries fits." },
    });
  });

  it("refuses an empty reply or subject, sending and recording nothing", async () => {
    const id = ids["Aaron Inbox"] as number;
    const before = (await outboxMails()).length;
    const auditBefore = (await auditOf(id)).length;
    for (const [payload, path, message] of [
      [{ subject: "Re: your message", message: "   " }, "body.message", "Write your reply."],
      [{ subject: "", message: "Hello" }, "body.subject", "Subject is required."],
      [{ subject: "x".repeat(201), message: "Hello" }, "body.subject", "Subject must be at most 200 characters."],
      [{ subject: "Hi", message: "x".repeat(10_001) }, "body.message", "The reply must be at most 10000 characters."],
    ] as const) {
      const res = await t.inject({ method: "POST", url: `/api/contact/${id}/reply`, headers: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual({ path, message });
    }
    expect((await outboxMails()).length).toBe(before);
    expect(await auditOf(id)).toHaveLength(auditBefore);
    expect((await rowOf(id))?.repliedAt).toBeNull();
    const missing = await t.inject({
      method: "POST",
      url: "/api/contact/2147483000/reply",
      headers: admin,
      payload: { subject: "Hi", message: "Hello" },
    });
    expect(missing.statusCode).toBe(404);
    expect((await outboxMails()).length).toBe(before);
  });

  it("records the reply when the SMTP server is down; the e-mail leaves, once, when it is back", async () => {
    await outboxMails(); // the mails earlier cases queued, sent by the app's own worker
    const id = ids["Aaron Inbox"] as number;
    const smtp = flakyTransport();
    const { worker, clock } = manualMailWorker(t.database.db, smtp);
    const service = createContactService({
      formLimits: unlimitedForms,
      db: t.database.db,
      mailer: createQueuedMailer({ db: t.database.db }),
      settings: { get: async () => DEFAULT_SITE_SETTINGS },
      audit: t.app.services.audit,
    });
    const me = await t.inject({ method: "GET", url: "/api/auth/me", headers: admin });
    const adminId = me.json().id as number;
    const actor = {
      id: adminId,
      roleId: 3,
      role: "admin" as const,
      sessionId: "",
      emailVerified: true,
      companyUserId: adminId,
      teamRole: null,
    };
    const auditBefore = (await auditOf(id)).length;
    const view = await service.reply(actor, id, { subject: "While SMTP is down", message: "Hello" });
    expect(view.repliedAt).not.toBeNull();
    expect(await auditOf(id)).toHaveLength(auditBefore + 1);
    expect(await worker.runDue()).toBe(1); // refused by the server: retried later
    expect(smtp.sent).toHaveLength(0);
    smtp.up = true;
    expect(await worker.runDue()).toBe(0); // not before its retry time
    clock.ms += 60_000;
    expect(await worker.runDue()).toBe(1);
    expect(smtp.sent.map((m) => [m.to, m.subject])).toEqual([["aaron@example.com", "While SMTP is down"]]);
    clock.ms += 3_600_000;
    expect(await worker.runDue()).toBe(0);
  });
});
