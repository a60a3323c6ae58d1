import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { dealerDocuments, dealerStatusHistory, dealers, installations } from "#server/db/schema/dealers.ts";
import {
  COMPANY_REG_NUMBER_REQUIRED,
  COMPANY_SAVED,
  CONFIRM_EMAIL_TO_APPLY,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  INSTALLATIONS_SAVED,
  PHONE_NUMBER_REQUIRED,
  REGISTERED_COMPANY_REQUIRED,
  SECTIONS_ONLY_WHEN_REJECTING,
  SIZE_OF_SYSTEM_REQUIRED,
  SYSTEM_DESCRIPTION_REQUIRED,
  TIN_SHAPE,
  TRADING_NAME_REQUIRED,
  UNCHANGED_RESUBMISSION,
  VAT_NUMBER_SHAPE,
} from "#shared/schemas/dealers.ts";
import { decoded, header, outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let admin: Record<string, string>;
let salesEmail: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  salesEmail = (await t.app.services.settings.get()).salesEmail;
});
afterAll(() => t.close());

let ipCounter = 10;
const freshIp = () => `10.5.0.${ipCounter++}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Applicant = { id: number; email: string; headers: Record<string, string> };

/** A new account signed up through the API, its address confirmed unless asked otherwise, signed in. */
async function applicant(name: string, opts: { verified?: boolean } = {}): Promise<Applicant> {
  const email = `${name}@example.com`;
  const password = "sunny-kopje-2026";
  const registered = await t.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: freshIp(),
    payload: { fullName: `Test ${name}`, username: name, email, password },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  if (opts.verified !== false) await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
  const login = await t.inject({ method: "POST", url: "/api/auth/login", remoteAddress: freshIp(), payload: { user: name, password } });
  expect(login.statusCode, login.body).toBe(200);
  return { id: login.json().user.id, email, headers: bearer(login.json().token) };
}

const company = {
  registeredCompanyName: "  Baobab Solar (Private) Limited ",
  tradingName: " Baobab Solar",
  companyRegistrationNumber: "4321/2020 ",
  VATNumber: "",
  TIN: " 2009876543 ",
  province: "Midlands",
  city: " Gweru ",
  street: "Kaguvi Street ",
  houseNo: "3",
};
const installation = (n: number) => ({
  id: `${1_700_000_000_000 + n}`,
  systemDescription: `Rooftop system number ${n}`,
  sizeOfSystem: `${n + 2}kW`,
  email: `client${n}@example.com`,
  phoneNumber: `+263 77 200 000${n}`,
});

async function saveCompany(a: Applicant, payload: object = company, id = a.id) {
  return t.inject({ method: "POST", url: `/api/dealer/add-dealer/${id}`, headers: a.headers, payload });
}
async function putInstallations(a: Applicant, list: object[]) {
  return t.inject({ method: "PUT", url: "/api/dealer/installations", headers: a.headers, payload: { installations: list } });
}
/** The application's own row id (inside the server only: the API names applications by user id). */
async function applicationRowId(userId: number): Promise<number> {
  const [row] = await t.database.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, userId));
  if (!row) throw new Error(`no application for user ${userId}`);
  return row.id;
}
async function read(a: Applicant, id = a.id, headers = a.headers) {
  return t.inject({ method: "GET", url: `/api/dealer/${id}`, headers });
}
/** Documents as the upload routes store them (written straight to the table: uploading is another module's). */
async function addDocuments(dealerId: number, kinds: ("tax_clearance" | "certificate_of_incorporation" | "director_id")[]) {
  return t.database.db
    .insert(dealerDocuments)
    .values(
      kinds.map((kind) => ({
        dealerId,
        kind,
        storageKey: `dealer-documents/${dealerId}/${randomUUID()}.webp`,
        originalName: `${kind}.png`,
        mimeType: "image/webp",
        sizeBytes: 1000,
      })),
    )
    .returning({ id: dealerDocuments.id });
}

describe("company details (POST /api/dealer/add-dealer/{id})", () => {
  it("answers the spec's messages for missing or blank required fields", async () => {
    const a = await applicant("tapiwa");
    const empty = await saveCompany(a, {});
    expect(empty.statusCode).toBe(400);
    const messages = (empty.json().issues as { path: string; message: string }[]).map((i) => [i.path, i.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ["body.registeredCompanyName", REGISTERED_COMPANY_REQUIRED],
        ["body.tradingName", TRADING_NAME_REQUIRED],
        ["body.companyRegistrationNumber", COMPANY_REG_NUMBER_REQUIRED],
      ]),
    );
    const blank = await saveCompany(a, { ...company, tradingName: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(TRADING_NAME_REQUIRED);
    const [row] = await t.database.db.select().from(dealers).where(eq(dealers.userId, a.id));
    expect(row, "nothing saved").toBeUndefined();
  });

  it("saves trimmed values on one's own id, creating the application; optional ones may be left out", async () => {
    const a = await applicant("rumbi");
    const before = await read(a);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ id: a.id, dealer_id: a.id, reg_status: null, installations: [], documents: [], history: [] });
    expect(before.json().completion).toEqual({ company: false, documents: false, installations: false, completed: 0, total: 3 });

    const res = await saveCompany(a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(COMPANY_SAVED);
    expect(res.json().dealer).toMatchObject({
      id: a.id,
      dealer_id: a.id,
      registered_company: "Baobab Solar (Private) Limited",
      trading_name: "Baobab Solar",
      company_reg_number: "4321/2020",
      VAT_number: null,
      TIN: "2009876543",
      // The buyer's address on tax invoices, composed from its parts (decision 016).
      company_address: "3 Kaguvi Street, Gweru, Midlands",
      registered_address: { province: "Midlands", city: "Gweru", street: "Kaguvi Street", houseNo: "3" },
      reg_status: null,
      completion: { company: true, documents: false, installations: false, completed: 1 },
    });
    // Saving again edits the same application.
    const again = await saveCompany(a, { registeredCompanyName: "Baobab", tradingName: "Baobab", companyRegistrationNumber: "1" });
    expect(again.json().dealer).toMatchObject({
      registered_company: "Baobab",
      VAT_number: null,
      TIN: null,
      company_address: null,
      registered_address: null,
    });
    expect(await t.database.db.select().from(dealers).where(eq(dealers.userId, a.id))).toHaveLength(1);
  });

  it("takes a TIN of 10 digits and a VAT number of 9, as ZIMRA's FDMS does, spaces and dashes dropped", async () => {
    const a = await applicant("tendai");
    const bad = await saveCompany(a, { ...company, TIN: "200987654", VATNumber: "10045678" });
    expect(bad.statusCode).toBe(400);
    const issues = bad.json().issues as { path: string; message: string }[];
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "body.TIN", message: TIN_SHAPE },
        { path: "body.VATNumber", message: VAT_NUMBER_SHAPE },
      ]),
    );
    const good = await saveCompany(a, { ...company, TIN: "200 987 6543", VATNumber: "220-123-456" });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().dealer).toMatchObject({ TIN: "2009876543", VAT_number: "220123456" });
  });

  it("is for one's own id only, a signed-in, verified, non-back-office account", async () => {
    const a = await applicant("kuda");
    const b = await applicant("kudzai");
    expect((await saveCompany(a, company, b.id)).statusCode).toBe(403);
    expect(await t.database.db.select().from(dealers).where(eq(dealers.userId, b.id))).toHaveLength(0);

    const anonymous = await t.inject({ method: "POST", url: `/api/dealer/add-dealer/${a.id}`, payload: company });
    expect(anonymous.statusCode).toBe(401);

    const unverified = await applicant("vimbai", { verified: false });
    const refused = await saveCompany(unverified);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CONFIRM_EMAIL_TO_APPLY);

    const [adminRow] = await t.database.db.select().from(users).where(eq(users.username, "admin"));
    const asAdmin = await t.inject({ method: "POST", url: `/api/dealer/add-dealer/${adminRow?.id}`, headers: admin, payload: company });
    expect(asAdmin.statusCode).toBe(403);
  });

  it("refuses changes once the application is approved (409)", async () => {
    const dealer = await t.loginAs("dealer");
    const me = (await t.inject({ method: "GET", url: "/api/auth/me", headers: dealer })).json();
    const res = await t.inject({ method: "POST", url: `/api/dealer/add-dealer/${me.id}`, headers: dealer, payload: company });
    expect(res.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(dealers).where(eq(dealers.userId, me.id));
    expect(row?.tradingName).toBe("Sunrise Solar");
  });
});

describe("installations", () => {
  it("answers the spec's messages, and an invalid 3rd item saves none of the list", async () => {
    const a = await applicant("chenai");
    await saveCompany(a);
    const res = await putInstallations(a, [installation(1), installation(2), { ...installation(3), email: "not-an-email" }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "body.installations.2.email", message: EMAIL_INVALID }]);
    expect((await read(a)).json().installations).toEqual([]);

    const missing = await putInstallations(a, [{}]);
    const messages = (missing.json().issues as { message: string }[]).map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([SYSTEM_DESCRIPTION_REQUIRED, SIZE_OF_SYSTEM_REQUIRED, EMAIL_REQUIRED, PHONE_NUMBER_REQUIRED]),
    );
    const duplicate = await putInstallations(a, [installation(1), installation(1)]);
    expect(duplicate.statusCode).toBe(400);
    expect((await read(a)).json().installations).toEqual([]);
  });

  it("replaces the whole list, and adds one at a time on the spec's path (an id on file is updated)", async () => {
    const a = await applicant("tinashe");
    const saved = await putInstallations(a, [installation(1), installation(2)]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(INSTALLATIONS_SAVED);
    expect(saved.json().dealer.installations).toEqual([installation(1), installation(2)]);
    const dealerId = await applicationRowId(a.id);

    const replaced = await putInstallations(a, [installation(2)]);
    expect(replaced.json().dealer.installations).toEqual([installation(2)]);

    const one = await t.inject({
      method: "POST",
      url: `/api/dealer/add-installations/${a.id}`,
      headers: a.headers,
      payload: { ...installation(2), sizeOfSystem: "9kW" },
    });
    expect(one.statusCode, one.body).toBe(200);
    const noId = await t.inject({
      method: "POST",
      url: `/api/dealer/add-installations/${a.id}`,
      headers: a.headers,
      payload: { ...installation(4), id: undefined },
    });
    const list = noId.json().dealer.installations as { id: string; sizeOfSystem: string }[];
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ id: installation(2).id, sizeOfSystem: "9kW" });
    expect(list[1]?.id).toMatch(/^\d+$/);

    // Someone else's dealer_id (their user id) is refused, and a list is all or nothing.
    const b = await applicant("tendai");
    const other = await t.inject({
      method: "POST",
      url: `/api/dealer/add-installations/${a.id}`,
      headers: b.headers,
      payload: installation(5),
    });
    expect(other.statusCode).toBe(403);
    const bad = await t.inject({
      method: "POST",
      url: `/api/dealer/add-installations/${a.id}`,
      headers: a.headers,
      payload: [installation(6), { ...installation(7), phoneNumber: " " }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: "body.1.phoneNumber", message: PHONE_NUMBER_REQUIRED }]);
    expect(await t.database.db.select().from(installations).where(eq(installations.dealerId, dealerId))).toHaveLength(2);
  });
});

describe("completion and submission", () => {
  it("counts the sections and, once all three are complete, submits the application (Pending) with two e-mails", async () => {
    const a = await applicant("nyaradzo");
    const step1 = (await saveCompany(a)).json().dealer;
    expect(step1.completion.completed).toBe(1);
    const dealerId = await applicationRowId(a.id);

    const step2 = (await putInstallations(a, [installation(1), installation(2), installation(3)])).json().dealer;
    expect(step2.completion).toMatchObject({ company: true, documents: false, installations: true, completed: 2 });
    expect(step2.reg_status).toBeNull();

    // Tax clearance and certificate without a director's ID: not complete yet.
    await addDocuments(dealerId, ["tax_clearance", "certificate_of_incorporation"]);
    expect((await read(a)).json().completion.documents).toBe(false);
    await addDocuments(dealerId, ["director_id", "director_id"]);
    const ready = (await read(a)).json();
    expect(ready.completion).toMatchObject({ documents: true, completed: 3 });
    expect(ready).toMatchObject({
      tax_clearance: "tax_clearance.png",
      certificate_of_incorporation: "certificate_of_incorporation.png",
      national_ID_Copies_of_the_Directors: "director_id.png,director_id.png",
    });
    expect(ready.documents).toHaveLength(4);
    expect(JSON.stringify(ready)).not.toContain("dealer-documents/");

    // The next save submits it (the upload routes call the same refresh).
    const before = (await outboxMails(t.dataDir)).length;
    const submitted = (await putInstallations(a, [installation(1), installation(2), installation(3)])).json().dealer;
    expect(submitted.reg_status).toBe("Pending");
    expect(submitted.submitted_At).not.toBeNull();
    const sent = (await outboxMails(t.dataDir)).slice(before);
    expect(sent.map((m) => header(m, "To")).sort()).toEqual([a.email, salesEmail].sort());
    const toCompany = sent.find((m) => header(m, "To") === salesEmail) as string;
    expect(header(toCompany, "Subject")).toMatch(/New dealer application: Baobab Solar/);
    expect(decoded(toCompany)).toContain("Baobab Solar (Private) Limited");

    const history = await t.database.db.select().from(dealerStatusHistory).where(eq(dealerStatusHistory.dealerId, dealerId));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: "Pending", reason: "Application submitted", changedBy: a.id }]);

    // Saving again while Pending is allowed and submits nothing more.
    const again = await saveCompany(a);
    expect(again.statusCode).toBe(200);
    expect((await outboxMails(t.dataDir)).length).toBe(before + 2);
  });
});

describe("reading applications (GET /api/dealer/{id})", () => {
  it("gives a dealer its own application and refuses another's; admins see any, with the history", async () => {
    const a = await applicant("farirai");
    const b = await applicant("fadzai");
    await saveCompany(b);
    const theirs = await read(a, b.id);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.body).not.toContain("Baobab");

    const dealer = await t.loginAs("dealer");
    const me = (await t.inject({ method: "GET", url: "/api/auth/me", headers: dealer })).json();
    const own = await t.inject({ method: "GET", url: `/api/dealer/${me.id}`, headers: dealer });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ reg_status: "Approved", trading_name: "Sunrise Solar", completion: { completed: 3 } });
    expect(own.json().history.map((h: { toStatus: string }) => h.toStatus)).toEqual(["Pending", "Approved"]);
    const other = await t.inject({ method: "GET", url: `/api/dealer/${b.id}`, headers: dealer });
    expect(other.statusCode).toBe(403);

    const asAdmin = await t.inject({ method: "GET", url: `/api/dealer/${me.id}`, headers: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().documents).toHaveLength(5); // with the ZERA licence (issue 26)
    expect((await t.inject({ method: "GET", url: "/api/dealer/2147483000", headers: admin })).statusCode).toBe(404);
    expect((await t.inject({ method: "GET", url: `/api/dealer/${me.id}` })).statusCode).toBe(401);
  });

  it("lists applications for admins with a status filter, a search and pages", async () => {
    const a = await applicant("mazvita");
    await saveCompany(a, { ...company, tradingName: "Mazvita Power" });
    const list = (url: string) => t.inject({ method: "GET", url, headers: admin });

    const all = await list("/api/dealer/?page_number=1&page_size=100");
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(all.json().rows.length);
    expect(all.json().rows.map((r: { trading_name: string }) => r.trading_name)).toEqual(
      expect.arrayContaining(["Sunrise Solar", "Mazvita Power"]),
    );
    const approved = await list("/api/dealer/?reg_status=Approved");
    expect(approved.json().rows.every((r: { reg_status: string }) => r.reg_status === "Approved")).toBe(true);
    const notStarted = await list("/api/dealer?reg_status=Not%20Started&search=mazvita");
    expect(notStarted.json().rows.map((r: { id: number }) => r.id)).toEqual([a.id]);
    for (const q of ["Mazvita Power", "mazvita@example", "Test mazvita", "MAZVITA"]) {
      const found = await list(`/api/dealer/?search=${encodeURIComponent(q)}`);
      expect(
        found.json().rows.map((r: { id: number }) => r.id),
        q,
      ).toContain(a.id);
    }
    expect((await list("/api/dealer/?search=%25")).json().count).toBe(0);
    const page = await list("/api/dealer/?page_number=1&page_size=1");
    expect(page.json().rows).toHaveLength(1);
    expect(page.json().count).toBeGreaterThan(1);
    expect((await list("/api/dealer/?reg_status=Unknown")).statusCode).toBe(400);
    expect((await t.inject({ method: "GET", url: "/api/dealer/", headers: a.headers })).statusCode).toBe(403);
  });
});

describe("review and approval through the API", () => {
  it("approves only once every document is approved; the dealer's session then has dealer rights", async () => {
    const a = await applicant("tanaka");
    await saveCompany(a);
    const dealerId = await applicationRowId(a.id);
    const docs = await addDocuments(dealerId, ["tax_clearance", "certificate_of_incorporation", "director_id"]);
    await putInstallations(a, [installation(1), installation(2), installation(3)]);
    expect((await read(a)).json().reg_status).toBe("Pending");

    const status = (payload: object) => t.inject({ method: "PUT", url: `/api/dealer/status/${a.id}`, headers: admin, payload });
    const early = await status({ status: "Approved" });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/Every document must be approved first \(3 pending\)/);

    const review = (id: number, payload: object, headers = admin) =>
      t.inject({ method: "PUT", url: `/api/dealer/documents/${id}/review`, headers, payload });
    expect((await review(docs[0]?.id as number, { status: "approved" }, a.headers)).statusCode).toBe(403);
    const noReason = await review(docs[0]?.id as number, { status: "rejected" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues).toEqual([{ path: "body.reason", message: "Please give a reason." }]);
    for (const d of docs) {
      const ok = await review(d.id, { status: "approved" });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ id: d.id, review_status: "approved", url: `/api/dealer/documents/${d.id}/file` });
    }
    const approved = await status({ status: "Approved", reason: "Documents verified" });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().reg_status).toBe("Approved");
    expect(approved.json().history.at(-1)).toMatchObject({ fromStatus: "Pending", toStatus: "Approved", reason: "Documents verified" });
    const me = await t.inject({ method: "GET", url: "/api/auth/me", headers: a.headers });
    expect(me.json()).toMatchObject({ role: "dealer", role_id: 2 });
    // The dealer cannot change its status back, nor anyone else's.
    expect(
      (await t.inject({ method: "PUT", url: `/api/dealer/status/${a.id}`, headers: a.headers, payload: { status: "Pending" } })).statusCode,
    ).toBe(403);
  });
});

/** An applicant whose three sections are complete: submitted (Pending), its documents returned. */
async function submittedApplicant(name: string, details: object = company) {
  const a = await applicant(name);
  expect((await saveCompany(a, details)).statusCode).toBe(200);
  const docs = await addDocuments(await applicationRowId(a.id), ["tax_clearance", "certificate_of_incorporation", "director_id"]);
  await putInstallations(a, [installation(1), installation(2), installation(3)]);
  expect((await read(a)).json().reg_status).toBe("Pending");
  return { a, docs };
}
const setStatus = (userId: number, payload: object) =>
  t.inject({ method: "PUT", url: `/api/dealer/status/${userId}`, headers: admin, payload });
const reviewDocument = (id: number, payload: object) =>
  t.inject({ method: "PUT", url: `/api/dealer/documents/${id}/review`, headers: admin, payload });

describe("a rejected application (issue 17 §8)", () => {
  it("gives the dealer the admin's reason, and refuses an unchanged re-save instead of resubmitting it", async () => {
    const { a } = await submittedApplicant("rutendo");
    const reason = "The customer of installation 2 says the system is not theirs.";
    expect((await setStatus(a.id, { status: "Rejected", reason })).statusCode).toBe(200);
    const rejected = (await read(a)).json();
    expect(rejected).toMatchObject({ reg_status: "Rejected", rejection_reason: reason });
    const listed = await t.inject({ method: "GET", url: "/api/dealer/?reg_status=Rejected", headers: admin });
    expect(listed.json().rows.find((r: { id: number }) => r.id === a.id)?.rejection_reason).toBe(reason);

    const mailsBefore = (await outboxMails(t.dataDir)).length;
    // The same details, the same list, the same item again: refused, nothing resubmitted.
    for (const res of [
      await saveCompany(a),
      await putInstallations(a, [installation(1), installation(2), installation(3)]),
      await t.inject({ method: "POST", url: `/api/dealer/add-installations/${a.id}`, headers: a.headers, payload: installation(2) }),
    ]) {
      expect([res.statusCode, res.json().message]).toEqual([409, UNCHANGED_RESUBMISSION]);
    }
    expect((await read(a)).json().reg_status).toBe("Rejected");
    expect((await outboxMails(t.dataDir)).length).toBe(mailsBefore);

    // A real change resubmits it, and the reason is no longer shown.
    const changed = await putInstallations(a, [installation(1), { ...installation(2), email: "real.client@example.com" }, installation(3)]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().dealer).toMatchObject({ reg_status: "Pending", rejection_reason: null });
  });
});

describe("a rejection that marks sections", () => {
  it("names the sections to correct: the dealer's view and history carry them, the e-mail names them, and a new decision clears them", async () => {
    const { a } = await submittedApplicant("nyasha");
    const reason = "The registration number does not match the certificate.";
    const res = await setStatus(a.id, { status: "Rejected", reason, sections: ["installations", "company", "company"] });
    expect(res.statusCode, res.body).toBe(200);
    // In the portal's order, each once.
    expect(res.json().history.at(-1)).toMatchObject({ toStatus: "Rejected", sections: ["company", "installations"] });
    expect((await read(a)).json()).toMatchObject({ reg_status: "Rejected", rejected_sections: ["company", "installations"] });
    const mail = (await outboxMails(t.dataDir)).filter((m) => header(m, "Subject").includes("not approved")).at(-1) ?? "";
    expect(header(mail, "To")).toContain(a.email);
    expect(decoded(mail)).toContain("Company Details, Dealer Installations");

    // Corrected and resubmitted: nothing is marked any more.
    const changed = await saveCompany(a, { ...company, companyRegistrationNumber: "7788/2019" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await read(a)).json()).toMatchObject({ reg_status: "Pending", rejected_sections: [] });
  });

  it("refuses sections on any other decision, and an unknown section, changing nothing", async () => {
    const { a } = await submittedApplicant("shamiso");
    const approving = await setStatus(a.id, { status: "Approved", sections: ["company"] });
    expect([approving.statusCode, approving.json().issues?.[0]?.path]).toEqual([400, "body.sections"]);
    expect(approving.json().message).toBe(SECTIONS_ONLY_WHEN_REJECTING);
    const unknown = await setStatus(a.id, { status: "Rejected", reason: "No.", sections: ["bank"] });
    expect(unknown.statusCode).toBe(400);
    expect((await read(a)).json().reg_status).toBe("Pending");
  });
});

describe("duplicate companies (issue 17 §8)", () => {
  const demoDealerId = async () => (await t.database.db.select().from(users).where(eq(users.username, "dealer")))[0]?.id as number;

  it("warns the admin of an approved dealer with the same registration number and trading name, and approves only when confirmed", async () => {
    // The demo dealer, Sunrise Solar, is approved with 1234/2019.
    const { a, docs } = await submittedApplicant("chipo", {
      registeredCompanyName: "Sunrise Solar Zimbabwe (Private) Limited",
      tradingName: "SUNRISE  solar",
      companyRegistrationNumber: "1234 / 2019",
    });
    const sunrise = await demoDealerId();
    const asAdmin = (await read(a, a.id, admin)).json();
    expect(asAdmin.duplicates).toEqual([
      {
        id: sunrise,
        registered_company: "Sunrise Solar Installations (Private) Limited",
        trading_name: "Sunrise Solar",
        company_reg_number: "1234/2019",
        reg_status: "Approved",
        matches: ["company_reg_number", "trading_name"],
      },
    ]);
    expect((await read(a)).json().duplicates, "the applicant is not told of other dealers").toEqual([]);

    for (const d of docs) expect((await reviewDocument(d.id, { status: "approved" })).statusCode).toBe(200);
    const refused = await setStatus(a.id, { status: "Approved" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(
      "The company registration number is already used by Sunrise Solar Installations (Private) Limited",
    );
    expect(refused.json().message).toContain("confirmDuplicate: true");
    expect((await read(a)).json().reg_status).toBe("Pending");

    const confirmed = await setStatus(a.id, { status: "Approved", confirmDuplicate: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().reg_status).toBe("Approved");
  });

  it("only warns of a shared trading name: approving it needs no confirmation", async () => {
    const { a, docs } = await submittedApplicant("tsitsi", {
      registeredCompanyName: "Another Sunrise (Private) Limited",
      tradingName: "Sunrise Solar",
      companyRegistrationNumber: "9876/2024",
    });
    const sunrise = await demoDealerId();
    const duplicates = (await read(a, a.id, admin)).json().duplicates as { id: number; matches: string[] }[];
    expect(duplicates.find((d) => d.id === sunrise)).toMatchObject({ matches: ["trading_name"] });
    expect(duplicates.every((d) => !d.matches.includes("company_reg_number"))).toBe(true);
    for (const d of docs) await reviewDocument(d.id, { status: "approved" });
    expect((await setStatus(a.id, { status: "Approved" })).statusCode).toBe(200);
  });
});

describe("CSV export (GET /api/dealer/export.csv)", () => {
  it("lists the filtered applications, with spreadsheet formulas neutralised", async () => {
    const a = await applicant("farai");
    expect(
      (await saveCompany(a, { ...company, registeredCompanyName: '=HYPERLINK("http://evil") Ltd', tradingName: "Farai Solar" })).statusCode,
    ).toBe(200);
    const res = await t.inject({ method: "GET", url: "/api/dealer/export.csv?search=Farai%20Solar", headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="dealers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "User id,Status,Registered company,Trading name,Registration number,VAT number,TIN,Applicant,Username,E-mail,Sections completed,Documents,Documents approved,Installations,Submitted",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${a.id},Not Started,"'=HYPERLINK(""http://evil"") Ltd",Farai Solar,`);
    const dealer = await t.loginAs("dealer");
    expect((await t.inject({ method: "GET", url: "/api/dealer/export.csv", headers: dealer })).statusCode).toBe(403);
  });
});
