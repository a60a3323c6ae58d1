import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { DEMO_ACCOUNTS } from "#server/seed/accounts.ts";
import { decoded, outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// I1: links in e-mails never take the request's Host (nor X-Forwarded-Host): SITE_URL, else the configured address.

const forged = { host: "evil.example", "x-forwarded-host": "evil2.example", "x-forwarded-proto": "https" };
const user = DEMO_ACCOUNTS.find((a) => a.role === "user")!;

/** Every link in the mails sent so far. */
async function mailedLinks(t: TestApp): Promise<string[]> {
  return (await outboxMails(t.dataDir)).flatMap((m) => decoded(m).match(/https?:\/\/[^\s"<>]+/g) ?? []);
}

async function sendEveryLinkMail(t: TestApp) {
  const register = await t.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { fullName: "Tariro Dube", username: "tariro", email: "tariro@example.com", password: "sunshine-42-Harare" },
    headers: forged,
  });
  expect(register.statusCode).toBeLessThan(300);
  const forgot = await t.inject({ method: "POST", url: "/api/auth/forgetpassword", payload: { email: user.email }, headers: forged });
  expect(forgot.statusCode).toBeLessThan(300);
  // Adding an admin asks for a fresh code (decision 010).
  const superHeaders = await t.loginAs("super");
  await t.stepUp("super", superHeaders);
  const invite = await t.inject({
    method: "POST",
    url: "/api/auth/admin",
    payload: { fullName: "New Admin", username: "newadmin", email: "newadmin@example.com" },
    headers: { ...forged, ...superHeaders },
  });
  expect(invite.statusCode, invite.body).toBe(201);
  const links = await mailedLinks(t);
  for (const page of ["/verification?token=", "/reset-password?token="]) {
    expect(
      links.some((l) => l.includes(page)),
      page,
    ).toBe(true);
  }
  return links;
}

describe("with SITE_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_URL: "https://solar.example" } });
  });
  afterAll(() => t.close());

  it("verification, reset and invitation links point at SITE_URL whatever Host the request names", async () => {
    const links = await sendEveryLinkMail(t);
    const tokenLinks = links.filter((l) => l.includes("token="));
    expect(tokenLinks.length).toBeGreaterThanOrEqual(3);
    for (const link of tokenLinks) expect(link).toMatch(/^https:\/\/solar\.example\//);
    expect(links.join("\n")).not.toMatch(/evil/);
  });

  it("the buttons of the other services' e-mails (contact, quote requests) point at SITE_URL too", async () => {
    const contact = await t.inject({
      method: "POST",
      url: "/api/contact",
      payload: { fullName: "Rudo Chikomo", email: "rudo@example.com", phone: "+263 77 123 4567", notes: "Hello", requestQuote: false },
      headers: forged,
    });
    expect(contact.statusCode).toBe(201);
    const [product] = await t.database.db.select({ id: products.productId }).from(products).limit(1);
    const quote = await t.inject({
      method: "POST",
      url: "/api/quotations",
      payload: {
        customer_name: "Tatenda Moyo",
        customer_address: "5 Borrowdale Road, Harare",
        customer_email: "tatenda@example.com",
        customer_phone: "+263 77 765 4321",
        notes: "",
        products: [{ product_id: product?.id, quantity: 1 }],
      },
      headers: forged,
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const links = await mailedLinks(t);
    expect(
      links.some((l) => /^https:\/\/solar\.example\/admin\/messages\/\d+$/.test(l)),
      links.join("\n"),
    ).toBe(true);
    expect(links).toContain(`https://solar.example/admin/quotations?q=${quote.json().id}`);
    expect(links).toContain(`https://solar.example/product/${product?.id}`);
    expect(links.join("\n")).not.toMatch(/evil|localhost/);
  });
});

describe("without SITE_URL (development, tests)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("links point at the configured local address, never the forged Host", async () => {
    const links = await sendEveryLinkMail(t);
    for (const link of links.filter((l) => l.includes("token="))) expect(link).toMatch(/^http:\/\/localhost:3000\//);
    expect(links.join("\n")).not.toMatch(/evil/);
  });
});
