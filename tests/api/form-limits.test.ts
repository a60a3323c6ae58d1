import { asc, count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { contactMessages, quotations } from "#server/db/schema/commerce.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import { decoded, header, outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// The contact form and quote requests mailed the sender's text to any address, 25 of 25 accepted.
let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [p] = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(1);
  productId = p?.id as number;
});
afterAll(() => t.close());

const SPAM = "Cheap pills at spam.example";

const forms = {
  contact: {
    url: "/api/contact",
    table: contactMessages,
    body: (email: string) => ({ fullName: SPAM, email, phone: "+263 71 222 3333", notes: SPAM, requestQuote: false }),
  },
  quote: {
    url: "/api/quotations",
    table: quotations,
    body: (email: string) => ({
      customer_name: SPAM,
      customer_address: "1 Samora Machel Avenue, Harare",
      customer_email: email,
      customer_phone: "+263 77 123 4567",
      notes: SPAM,
      products: [{ product_id: productId, quantity: 1 }],
    }),
  },
} as const;

async function rows(table: (typeof forms)[keyof typeof forms]["table"]): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** The mails sent to `to` since `before` mails were in the outbox. */
async function mailsTo(before: number, to: (address: string) => boolean): Promise<string[]> {
  return (await outboxMails(t.dataDir)).slice(before).filter((m) => to(header(m, "To")));
}

describe.each(Object.entries(forms))("the %s form cannot be used to mail strangers", (name, form) => {
  it("refuses a flood from one client address to many addresses with 429 after 10 an hour, before storing it", async () => {
    const before = (await outboxMails(t.dataDir)).length;
    const stored = await rows(form.table);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await t.inject({
        method: "POST",
        url: form.url,
        remoteAddress: `10.61.${name.length}.1`,
        payload: form.body(`victim${i}.${name}@example.com`),
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual({ message: expect.stringMatching(/too many/i) });
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(await rows(form.table)).toBe(stored + 10);
    // At most one confirmation each to the ten addresses accepted, and none names the sender's text in its subject.
    const toVictims = await mailsTo(before, (to) => to.includes("victim"));
    expect(toVictims).toHaveLength(10);
    for (const mail of toVictims) expect(header(mail, "Subject")).not.toContain("Cheap");
  });

  it("confirms to an address that is not the sender's own confirmed one with a fixed text, none of the form's words", async () => {
    const before = (await outboxMails(t.dataDir)).length;
    const stranger = `stranger.${name}@example.com`;
    const res = await t.inject({ method: "POST", url: form.url, remoteAddress: `10.64.${name.length}.1`, payload: form.body(stranger) });
    expect(res.statusCode).toBe(201);
    // A signed-in account typing someone else's address is no better than a visitor.
    const user = await t.loginAs("user");
    const other = `someone-else.${name}@example.com`;
    const signedIn = await t.inject({
      method: "POST",
      url: form.url,
      remoteAddress: `10.64.${name.length}.2`,
      headers: user,
      payload: form.body(other),
    });
    expect(signedIn.statusCode).toBe(201);
    for (const address of [stranger, other]) {
      const [mail] = await mailsTo(before, (to) => to === address);
      expect(mail, address).toBeDefined();
      expect(decoded(mail as string)).not.toContain(SPAM);
      expect(decoded(mail as string)).toContain("with this e-mail address");
    }
  });

  it("repeats the message to the sender's own confirmed address", async () => {
    const before = (await outboxMails(t.dataDir)).length;
    // One confirmation an hour per address, whichever form: each form's case has an account of its own.
    const session = await t.loginAs(name === "contact" ? "dealer" : "user");
    const me = (await t.inject({ method: "GET", url: "/api/auth/me", headers: session })).json();
    const own = me.email as string;
    const res = await t.inject({
      method: "POST",
      url: form.url,
      remoteAddress: `10.65.${name.length}.1`,
      headers: session,
      payload: form.body(own),
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await mailsTo(before, (to) => to === own);
    expect(mail).toBeDefined();
    expect(decoded(mail as string)).toContain(SPAM);
  });

  it("refuses a flood to one address from many client addresses, and mails that address once an hour", async () => {
    const before = (await outboxMails(t.dataDir)).length;
    const target = `target.${name}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await t.inject({
        method: "POST",
        url: form.url,
        remoteAddress: `10.62.${name.length}.${i + 1}`,
        payload: form.body(target),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(await mailsTo(before, (to) => to.includes(target))).toHaveLength(1);
    // The company still hears of every accepted one.
    expect(await mailsTo(before, (to) => to.includes(DEFAULT_SITE_SETTINGS.salesEmail))).toHaveLength(10);
  });
});

it("counts one confirmation an hour per address across both forms", async () => {
  const before = (await outboxMails(t.dataDir)).length;
  const address = "both.forms@example.com";
  expect(
    (await t.inject({ method: "POST", url: forms.contact.url, remoteAddress: "10.63.0.1", payload: forms.contact.body(address) }))
      .statusCode,
  ).toBe(201);
  expect(
    (await t.inject({ method: "POST", url: forms.quote.url, remoteAddress: "10.63.0.2", payload: forms.quote.body(address) })).statusCode,
  ).toBe(201);
  expect(await mailsTo(before, (to) => to.includes(address))).toHaveLength(1);
});
