import { and, asc, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { dealers } from "#server/db/schema/dealers.ts";
import { taxDocuments } from "#server/db/schema/money.ts";
import { actorFrom } from "#server/platform/auth/actor.ts";
import { ADDRESS_PART_REQUIRED, ADDRESS_SAVED } from "#shared/schemas/dealers.ts";
import type { TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import { type Account, BUILT_PASSWORD, buildAccount, buildDealerCompany, type DealerCompany } from "../support/builders.ts";
import { type FdmsStandInEnv, startFdmsStandInEnv } from "../support/fdms-env.ts";
import type { FdmsStandIn } from "../support/fdms-stand-in.ts";
import { orderRequest } from "../support/orders.ts";
import { outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * A company's registered address in FDMS's four parts (decision 016 rows 37, 38): saved by its owner (whatever the
 * application's status) and the back office, refused part by part with the field's own message, asked for while
 * only one line is on file, frozen into the tax invoice and sent to FDMS only in its parts.
 */

let fdms: FdmsStandIn;
let t: TestApp;
let stand: FdmsStandInEnv;
let admin: Record<string, string>;
let ip = 60;

async function signIn(account: Account): Promise<Record<string, string>> {
  const res = await t.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: `192.0.2.${ip++}`,
    payload: { user: account.username, password: BUILT_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login as ${account.username}: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().token}` };
}

const harare = { province: "Harare", city: "Harare", street: "Samora Machel Avenue", houseNo: "123" };

/** Back to how a company registered before the parts has it: one line. */
async function oneLineOnly(company: DealerCompany, line: string) {
  await t.database.db
    .update(dealers)
    .set({ address: line, addressProvince: null, addressCity: null, addressStreet: null, addressHouseNo: null })
    .where(eq(dealers.id, company.dealerId));
}

beforeAll(async () => {
  stand = await startFdmsStandInEnv();
  fdms = stand.fdms;
  t = await createTestApp({ env: stand.env });
  admin = await t.loginAs("admin");
});

afterAll(async () => {
  await t?.close();
  await stand?.close();
});

describe("saving the registered address (PUT /api/dealer/{id}/address)", () => {
  it("lets an approved company's owner complete a one-line address; the prompt goes once it is in parts", async () => {
    const company = await buildDealerCompany(t.database.db, "addr-owner");
    await oneLineOnly(company, "45 Lytton Road, Workington, Harare");
    const owner = await signIn(company.owner);
    const before = await t.inject({ method: "GET", url: `/api/dealer/${company.owner.id}`, headers: owner });
    expect(before.json()).toMatchObject({
      reg_status: "Approved",
      company_address: "45 Lytton Road, Workington, Harare",
      registered_address: null,
      address_incomplete: true,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, company.owner.id));
    const ownerActor = actorFrom(row as typeof users.$inferSelect, "test-session");
    expect((await t.app.services.dealerHome.home(ownerActor))?.address_incomplete).toBe(true);

    const saved = await t.inject({
      method: "PUT",
      url: `/api/dealer/${company.owner.id}/address`,
      headers: owner,
      payload: { province: "Harare", city: " Harare ", street: "Lytton Road, Workington", houseNo: "45" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(ADDRESS_SAVED);
    expect(saved.json().dealer).toMatchObject({
      // Composed for print: the province is not repeated when the city has its name.
      company_address: "45 Lytton Road, Workington, Harare",
      registered_address: { province: "Harare", city: "Harare", street: "Lytton Road, Workington", houseNo: "45" },
      address_incomplete: false,
      reg_status: "Approved",
    });
    expect((await t.app.services.dealerHome.home(ownerActor))?.address_incomplete).toBe(false);
  });

  it("refuses each missing or wrong part with its own message, and a province that is not one of the ten", async () => {
    const company = await buildDealerCompany(t.database.db, "addr-invalid");
    const owner = await signIn(company.owner);
    const put = (payload: object) => t.inject({ method: "PUT", url: `/api/dealer/${company.owner.id}/address`, headers: owner, payload });
    const empty = await put({ province: "", city: " ", street: "", houseNo: "" });
    expect(empty.statusCode).toBe(400);
    const issues = (empty.json().issues as { path: string; message: string }[]).map((i) => [i.path, i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ["body.province", expect.stringContaining(ADDRESS_PART_REQUIRED.province)],
        ["body.city", ADDRESS_PART_REQUIRED.city],
        ["body.street", ADDRESS_PART_REQUIRED.street],
        ["body.houseNo", ADDRESS_PART_REQUIRED.houseNo],
      ]),
    );
    const province = await put({ ...harare, province: "Gauteng" });
    expect(province.statusCode).toBe(400);
    expect(province.json().issues).toEqual([expect.objectContaining({ path: "body.province" })]);
    const long = await put({ ...harare, street: "S".repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues).toEqual([expect.objectContaining({ path: "body.street", message: "At most 100 characters." })]);
    const [row] = await t.database.db.select().from(dealers).where(eq(dealers.id, company.dealerId));
    expect(row?.addressStreet, "nothing saved").toBe("Jason Moyo Avenue");
  });

  it("is the owner's or the back office's: a buyer, a technician and another account are refused; the admin's edit is audited", async () => {
    const company = await buildDealerCompany(t.database.db, "addr-who");
    await oneLineOnly(company, "7 Kaguvi Street, Gweru");
    const url = `/api/dealer/${company.owner.id}/address`;
    for (const account of [
      company.buyer,
      company.technician,
      await buildAccount(t.database.db, { role: "user", username: "addr-stranger" }),
    ]) {
      const res = await t.inject({ method: "PUT", url, headers: await signIn(account), payload: harare });
      expect(res.statusCode, account.username).toBe(403);
    }
    const byAdmin = await t.inject({
      method: "PUT",
      url,
      headers: admin,
      payload: { province: "Midlands", city: "Gweru", street: "Kaguvi Street", houseNo: "7" },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().dealer).toMatchObject({ company_address: "7 Kaguvi Street, Gweru, Midlands", address_incomplete: false });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "dealer"), eq(auditLog.entityId, String(company.owner.id)), eq(auditLog.action, "address-changed")));
    expect(audit?.before).toEqual({ address: "7 Kaguvi Street, Gweru" });
    expect(audit?.after).toEqual({ address: "7 Kaguvi Street, Gweru, Midlands" });
    const anonymous = await t.inject({ method: "PUT", url, payload: harare });
    expect(anonymous.statusCode).toBe(401);
  });

  it("takes the parts with the company details: none, or all four", async () => {
    const account = await buildAccount(t.database.db, { role: "user", username: "addr-applicant" });
    const headers = await signIn(account);
    const details = {
      registeredCompanyName: "Baobab Solar (Private) Limited",
      tradingName: "Baobab Solar",
      companyRegistrationNumber: "4321/2020",
    };
    const save = (payload: object) => t.inject({ method: "POST", url: `/api/dealer/add-dealer/${account.id}`, headers, payload });
    const partial = await save({ ...details, city: "Gweru" });
    expect(partial.statusCode).toBe(400);
    expect((partial.json().issues as { path: string }[]).map((i) => i.path).sort()).toEqual([
      "body.houseNo",
      "body.province",
      "body.street",
    ]);
    const none = await save(details);
    expect(none.statusCode, none.body).toBe(200);
    // Not yet applied: the form asks for it, no prompt.
    expect(none.json().dealer).toMatchObject({ company_address: null, registered_address: null, address_incomplete: false });
    // A one-line address from before the parts is kept while the form leaves the parts empty.
    await t.database.db.update(dealers).set({ address: "3 Kaguvi Street, Gweru" }).where(eq(dealers.userId, account.id));
    const kept = await save({ ...details, tradingName: "Baobab" });
    expect(kept.json().dealer).toMatchObject({ company_address: "3 Kaguvi Street, Gweru", registered_address: null });
    const all = await save({ ...details, province: "Midlands", city: "Gweru", street: "Kaguvi Street", houseNo: "3" });
    expect(all.json().dealer).toMatchObject({
      company_address: "3 Kaguvi Street, Gweru, Midlands",
      registered_address: { province: "Midlands", city: "Gweru", street: "Kaguvi Street", houseNo: "3" },
    });
  });
});

describe("the tax invoice and its receipt's buyer", () => {
  /** An order of the company's owner, paid: its invoice is issued, queued and (reading the outbox) fiscalised. */
  async function paidOrderReceipt(company: DealerCompany) {
    const owner = await signIn(company.owner);
    const [product] = await t.database.db
      .select({ id: products.productId })
      .from(products)
      .where(and(isNotNull(products.priceUsd), isNotNull(products.hsCode)))
      .orderBy(asc(products.productId))
      .limit(1);
    const placed = await t.inject({
      method: "POST",
      url: "/api/orders",
      headers: owner,
      payload: orderRequest([{ product_id: product?.id as number, quantity: 1 }], { fulfilment: "collection" }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().id as number;
    const confirmed = await t.inject({ method: "PUT", url: `/api/orders/${orderId}/confirm-payment`, headers: admin, payload: {} });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await outboxMails(t.dataDir);
    const [doc] = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
    expect(doc?.fiscalStatus).toBe("fiscalised");
    const receipt = fdms.receipts.find((r) => r.receipt.invoiceNo === doc?.number)?.receipt;
    return { content: doc?.content as TaxDocumentContent, receipt };
  }

  it("freezes the address's parts on the invoice and sends them as FDMS's buyer address", async () => {
    const company = await buildDealerCompany(t.database.db, "addr-receipt");
    const { content, receipt } = await paidOrderReceipt(company);
    expect(content.buyer).toMatchObject({
      address: "10 Jason Moyo Avenue, Harare",
      address_parts: { province: "Harare", city: "Harare", street: "Jason Moyo Avenue", house_no: "10" },
    });
    expect(receipt?.buyerData).toMatchObject({
      buyerRegisterName: company.registeredCompany,
      buyerTIN: "2000000000",
      vatNumber: "220000000",
      buyerAddress: { province: "Harare", city: "Harare", street: "Jason Moyo Avenue", houseNo: "10" },
    });
  });

  it("sends the buyer without an address while the company has one line only; the invoice prints that line", async () => {
    const company = await buildDealerCompany(t.database.db, "addr-receipt-old");
    await oneLineOnly(company, "3 Simon Mazorodze Road, Southerton, Harare");
    const { content, receipt } = await paidOrderReceipt(company);
    expect(content.buyer.address).toBe("3 Simon Mazorodze Road, Southerton, Harare");
    expect(content.buyer.address_parts ?? null).toBeNull();
    expect(receipt?.buyerData).toMatchObject({ buyerRegisterName: company.registeredCompany, buyerTIN: "2000000000" });
    expect(receipt?.buyerData).not.toHaveProperty("buyerAddress");
  });
});
