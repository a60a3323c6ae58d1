import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { dealerDocuments, dealers } from "#server/db/schema/dealers.ts";
import { hashPassword } from "#server/modules/accounts/accounts.service.ts";
import { PDF_TRAILING_DATA } from "#server/platform/uploads/image-upload.ts";
import { ROLE_IDS } from "#shared/roles.ts";
import { CONFIRM_EMAIL_TO_APPLY } from "#shared/schemas/dealers.ts";
import {
  CERTIFICATE_UPLOADED,
  DIRECTOR_IDS_UPLOADED,
  DOCUMENT_MAX_BYTES,
  DOCUMENTS_UPLOADED,
  FILE_EMPTY,
  FILE_TOO_LARGE,
  NO_FILES,
  NOT_MULTIPART,
  ONLY_IMAGE_OR_PDF,
  TAX_CLEARANCE_UPLOADED,
} from "#shared/schemas/documents.ts";
import { type ActorName, type Actors, createActors } from "../support/actors.ts";
import { type FormPart, file, multipart } from "../support/multipart.ts";
import { decoded, header, outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let actors: Actors;
beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
});
afterAll(() => t?.close());

const db = () => t.database.db;
const privateDir = () => path.join(t.dataDir, "uploads", "private");
const KEY = /^dealer-documents\/\d+\/[0-9a-f-]{36}\.(jpg|png|pdf)$/;
const MiB = 1024 * 1024;

// Real images, made small with sharp.
const png = (width = 64, height = 48, color = "#de7a37") =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
const jpeg = (width = 64, height = 48, color = "#2a6fb0") =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const PDF = Buffer.from(
  "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

/** Every file under DATA_DIR/uploads/private, as storage keys. */
async function privateFiles(): Promise<string[]> {
  const entries = await readdir(privateDir(), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(privateDir(), path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

type Applicant = { id: number; headers: Record<string, string> };
let applicants = 0;

/** A new verified account (role user) with no dealer application yet, signed in. */
async function applicant(): Promise<Applicant> {
  const n = ++applicants;
  const username = `applicant-${n}`;
  const password = `applicant-${n}-password-2026`;
  const [row] = await db()
    .insert(users)
    .values({
      fullName: `Applicant ${n}`,
      username,
      email: `${username}@example.com`,
      passwordHash: await hashPassword(password),
      roleId: ROLE_IDS.user,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const res = await t.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: `198.51.100.${n}`,
    payload: { user: username, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: row?.id as number, headers: { authorization: `Bearer ${res.json().token}` } };
}

const upload = (who: Applicant, parts: FormPart[], route = "upload-documents") => {
  const body = multipart(parts);
  return t.inject({
    method: "POST",
    url: `/api/dealer/${route}/${who.id}`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
};
const uploadAs = (name: ActorName, userId: number, parts: FormPart[]) => {
  const body = multipart(parts);
  return actors.inject(name, {
    method: "POST",
    url: `/api/dealer/upload-documents/${userId}`,
    headers: body.headers,
    payload: body.payload,
  });
};

async function documentsOf(userId: number) {
  const rows = await db()
    .select({ document: dealerDocuments })
    .from(dealerDocuments)
    .innerJoin(dealers, eq(dealers.id, dealerDocuments.dealerId))
    .where(eq(dealers.userId, userId))
    .orderBy(dealerDocuments.id);
  return rows.map((r) => r.document);
}
const dealerOf = async (userId: number) => (await db().select().from(dealers).where(eq(dealers.userId, userId)))[0];
/** A new applicant who has uploaded one file of each of the three documents, and their dealer row. */
async function applicantWithAllDocuments() {
  const a = await applicant();
  await upload(a, [
    file("taxClearance", "tax.png", await png()),
    file("certificate", "cert.png", await png()),
    file("IDsOfDirectors", "id.png", await png()),
  ]);
  return { a, dealer: await dealerOf(a.id) };
}

describe("uploading documents", () => {
  it("stores the three kinds at once: re-encoded, under server-made names, private, pending review", async () => {
    const a = await applicant();
    expect(await dealerOf(a.id)).toBeUndefined();
    const res = await upload(a, [
      file("taxClearance", "tax-clearance.png", await png()),
      file("certificate", "certificate.jpg", await jpeg(), "image/jpeg"),
      file("IDsOfDirectors", "director-1.jpg", await jpeg(30, 40), "image/jpeg"),
      file("IDsOfDirectors", "director-2.png", await png(40, 30)),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(DOCUMENTS_UPLOADED);
    expect(body.uploaded.map((d: { kind: string; original_name: string; mime_type: string; review_status: string }) => d)).toMatchObject([
      { kind: "tax_clearance", original_name: "tax-clearance.png", mime_type: "image/png", review_status: "pending", review_reason: null },
      { kind: "certificate_of_incorporation", original_name: "certificate.jpg", mime_type: "image/jpeg", review_status: "pending" },
      { kind: "director_id", original_name: "director-1.jpg", mime_type: "image/jpeg" },
      { kind: "director_id", original_name: "director-2.png", mime_type: "image/png" },
    ]);
    expect(body.documents).toHaveLength(4);
    expect(body.uploaded[0].url).toBe(`/api/dealer/documents/${body.uploaded[0].id}/file`);

    // The application was made for the account, 'Not Started'.
    const dealer = await dealerOf(a.id);
    expect(dealer?.regStatus).toBeNull();
    const rows = await documentsOf(a.id);
    expect(rows).toHaveLength(4);
    const files = await privateFiles();
    for (const row of rows) {
      expect(row.storageKey).toMatch(KEY);
      expect(row.storageKey.startsWith(`dealer-documents/${dealer?.id}/`)).toBe(true);
      expect(files).toContain(row.storageKey);
      const stored = await readFile(path.join(privateDir(), row.storageKey));
      expect(row.sizeBytes).toBe(stored.length);
      expect((await sharp(stored).metadata()).format).toBe(row.mimeType === "image/png" ? "png" : "jpeg");
    }
    // Private: not under the folder /media serves.
    const media = await t.inject({ method: "GET", url: `/media/${rows[0]?.storageKey}` });
    expect(media.statusCode).toBe(404);
  });

  it("takes a PDF, as ZIMRA issues the tax clearance: written again, private, served to its owner as a PDF", async () => {
    const a = await applicant();
    const res = await upload(a, [
      file("taxClearance", "ZIMRA tax clearance.pdf", PDF, "application/pdf"),
      file("IDsOfDirectors", "director.png", await png()),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.uploaded).toMatchObject([
      { kind: "tax_clearance", original_name: "ZIMRA tax clearance.pdf", mime_type: "application/pdf", review_status: "pending" },
      { kind: "director_id", original_name: "director.png", mime_type: "image/png" },
    ]);
    const [row] = await documentsOf(a.id);
    expect(row?.storageKey).toMatch(/\.pdf$/);
    const stored = await readFile(path.join(privateDir(), row?.storageKey as string));
    expect(stored.subarray(0, 5).toString()).toBe("%PDF-");
    expect(stored.equals(PDF)).toBe(false); // written again by pdf-lib, not kept as sent
    const served = await t.inject({ method: "GET", url: body.uploaded[0].url, headers: a.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["content-disposition"]).toMatch(/^inline; filename="ZIMRA tax clearance\.pdf"/);
    expect(served.rawPayload.equals(stored)).toBe(true);
    expect((await actors.inject("admin", { method: "GET", url: body.uploaded[0].url })).statusCode).toBe(200);
    expect((await actors.inject("otherDealer", { method: "GET", url: body.uploaded[0].url })).statusCode).toBe(404);
  });

  it("takes the spec's per-kind routes, each with its own field and the spec's messages", async () => {
    const a = await applicant();
    const tax = await upload(a, [file("taxClearance", "tax.png", await png())], "upload-tax-clearance-certificate");
    expect([tax.statusCode, tax.json().message]).toEqual([200, TAX_CLEARANCE_UPLOADED]);
    const cert = await upload(a, [file("certificate", "cert.jpg", await jpeg(), "image/jpeg")], "upload-certificate-of-incorporation");
    expect([cert.statusCode, cert.json().message]).toEqual([200, CERTIFICATE_UPLOADED]);
    const ids = await upload(
      a,
      [file("IDsOfDirectors", "id1.png", await png()), file("IDsOfDirectors", "id2.png", await png())],
      "upload-ids-of-directors",
    );
    expect([ids.statusCode, ids.json().message]).toEqual([200, DIRECTOR_IDS_UPLOADED]);
    expect((await documentsOf(a.id)).map((d) => d.kind)).toEqual([
      "tax_clearance",
      "certificate_of_incorporation",
      "director_id",
      "director_id",
    ]);

    // A field the route does not take: refused, nothing stored.
    const before = await privateFiles();
    const wrong = await upload(a, [file("certificate", "cert.png", await png())], "upload-ids-of-directors");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toBe("body.certificate");
    expect(await documentsOf(a.id)).toHaveLength(4);
    expect(await privateFiles()).toEqual(before);
  });

  it("replaces the single kinds (old file and row gone) and adds directors' IDs", async () => {
    const a = await applicant();
    await upload(a, [file("taxClearance", "tax-2025.png", await png()), file("IDsOfDirectors", "id1.png", await png())]);
    const [first] = await documentsOf(a.id);
    const again = await upload(a, [
      file("taxClearance", "tax-2026.jpg", await jpeg(), "image/jpeg"),
      file("IDsOfDirectors", "id2.png", await png()),
    ]);
    expect(again.statusCode, again.body).toBe(200);
    const rows = await documentsOf(a.id);
    const tax = rows.filter((d) => d.kind === "tax_clearance");
    expect(tax.map((d) => d.originalName)).toEqual(["tax-2026.jpg"]);
    expect(tax[0]?.storageKey).not.toBe(first?.storageKey);
    expect(rows.filter((d) => d.kind === "director_id").map((d) => d.originalName)).toEqual(["id1.png", "id2.png"]);
    const files = await privateFiles();
    expect(files).not.toContain(first?.storageKey);
    expect(files).toContain(tax[0]?.storageKey);
  });

  it("replaces a rejected document, which goes back to pending, also once the application is approved", async () => {
    const { a, dealer } = await applicantWithAllDocuments();
    await db()
      .update(dealers)
      .set({ regStatus: "Approved" })
      .where(eq(dealers.id, dealer?.id as number));
    await db()
      .update(dealerDocuments)
      .set({ reviewStatus: "approved" })
      .where(eq(dealerDocuments.dealerId, dealer?.id as number));
    await db()
      .update(dealerDocuments)
      .set({ reviewStatus: "rejected", reviewReason: "The scan is unreadable." })
      .where(and(eq(dealerDocuments.dealerId, dealer?.id as number), eq(dealerDocuments.kind, "tax_clearance")));
    const rejected = (await documentsOf(a.id)).find((d) => d.kind === "tax_clearance");

    // An approved document stays as reviewed: refused, and nothing stored.
    const before = await privateFiles();
    const locked = await upload(a, [file("certificate", "new-cert.png", await png())]);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe("Your dealer application is Approved: only a document our team has rejected can be replaced.");
    const lockedIds = await upload(a, [file("IDsOfDirectors", "another.png", await png())]);
    expect(lockedIds.statusCode).toBe(409);
    expect(await privateFiles()).toEqual(before);

    const res = await upload(a, [file("taxClearance", "tax-readable.png", await png())]);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await documentsOf(a.id);
    const tax = rows.filter((d) => d.kind === "tax_clearance");
    expect(tax).toHaveLength(1);
    expect(tax[0]).toMatchObject({ originalName: "tax-readable.png", reviewStatus: "pending", reviewReason: null, reviewedBy: null });
    expect(tax[0]?.id).not.toBe(rejected?.id);
    expect(rows.find((d) => d.kind === "certificate_of_incorporation")?.reviewStatus).toBe("approved");
    expect(await privateFiles()).not.toContain(rejected?.storageKey);
  });
});

describe("a replacement for a rejected document (issue 17 §8)", () => {
  it("tells the back office: an e-mail to the sales address and the dashboard's count of documents awaiting review", async () => {
    const { a, dealer } = await applicantWithAllDocuments();
    // Submitted (Pending) and under review: the admin rejects the tax clearance.
    await db()
      .update(dealers)
      .set({
        regStatus: "Pending",
        submittedAt: new Date(),
        registeredCompany: "Kopje Power (Private) Limited",
        tradingName: "Kopje Power",
      })
      .where(eq(dealers.id, dealer?.id as number));
    const admin = await t.loginAs("admin");
    const tax = (await documentsOf(a.id)).find((d) => d.kind === "tax_clearance");
    const review = await t.inject({
      method: "PUT",
      url: `/api/dealer/documents/${tax?.id}/review`,
      headers: admin,
      payload: { status: "rejected", reason: "The scan is unreadable." },
    });
    expect(review.statusCode, review.body).toBe(200);
    const awaiting = async () => {
      const res = await t.inject({ method: "GET", url: "/api/statistics/", headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().dealers.documents_to_review.total as number;
    };
    const countBefore = await awaiting();
    const salesEmail = (await t.app.services.settings.get()).salesEmail;
    const mailsBefore = (await outboxMails(t.dataDir)).length;

    const res = await upload(a, [file("taxClearance", "tax-readable.png", await png())]);
    expect(res.statusCode, res.body).toBe(200);

    const toStaff = (await outboxMails(t.dataDir)).slice(mailsBefore).filter((m) => header(m, "To") === salesEmail);
    expect(toStaff).toHaveLength(1);
    const mail = toStaff[0] as string;
    expect(header(mail, "Subject")).toBe("Dealer document replaced: Kopje Power");
    expect(decoded(mail)).toContain("tax-readable.png");
    expect(decoded(mail)).toContain(`user #${a.id}`);
    // The rejected file is gone, its replacement waits for review.
    expect(await awaiting()).toBe(countBefore + 1);

    // A first upload on an application not yet submitted tells nobody.
    const b = await applicant();
    const before = (await outboxMails(t.dataDir)).length;
    await upload(b, [file("taxClearance", "tax.png", await png())]);
    expect((await outboxMails(t.dataDir)).slice(before).filter((m) => header(m, "To") === salesEmail)).toHaveLength(0);
  });
});

describe("refused uploads store nothing", () => {
  let a: Applicant;
  let before: string[];
  beforeAll(async () => {
    a = await applicant();
    before = await privateFiles();
  });

  async function refused(res: Awaited<ReturnType<typeof upload>>, status: number, message: string | RegExp) {
    expect(res.statusCode, res.body).toBe(status);
    if (typeof message === "string") expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
    expect(await documentsOf(a.id), "no document row").toEqual([]);
    expect(await dealerOf(a.id), "no dealer application made").toBeUndefined();
    expect(await privateFiles(), "no file under uploads/private").toEqual(before);
  }

  it("a file that is neither an image nor a PDF, whatever its name and declared type", async () => {
    const res = await upload(a, [file("taxClearance", "x.pdf", Buffer.from("PK\u0003\u0004 a zip archive"), "application/pdf")]);
    await refused(res, 415, ONLY_IMAGE_OR_PDF);
    expect(res.json().issues).toEqual([{ path: "body.taxClearance", message: ONLY_IMAGE_OR_PDF, file: "x.pdf" }]);
  });

  it("what the proofs of payment's checks refuse: a PDF with markup after its end, a PDF over 3 MB", async () => {
    const withHtml = Buffer.concat([PDF, Buffer.from("<html><script>alert(1)</script></html>".repeat(4))]);
    await refused(await upload(a, [file("taxClearance", "tax.pdf", withHtml, "application/pdf")]), 415, PDF_TRAILING_DATA);
    const big = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(3 * MiB + 10, 0x20)]);
    await refused(await upload(a, [file("taxClearance", "tax.pdf", big, "application/pdf")]), 413, /3 MB or smaller/);
  });

  it("a 3.1 MB JPEG", async () => {
    const noise = await sharp(randomBytes(1500 * 1500 * 3), { raw: { width: 1500, height: 1500, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    const big = Buffer.concat([noise, Buffer.alloc(Math.round(3.1 * MiB) - noise.length)]);
    expect(big.length).toBeGreaterThan(DOCUMENT_MAX_BYTES);
    expect((await sharp(big).metadata()).format).toBe("jpeg");
    await refused(await upload(a, [file("certificate", "scan.jpg", big, "image/jpeg")]), 413, FILE_TOO_LARGE);
  });

  it("an SVG", async () => {
    await refused(await upload(a, [file("IDsOfDirectors", "id.svg", SVG, "image/svg+xml")]), 415, ONLY_IMAGE_OR_PDF);
  });

  it("an empty file", async () => {
    await refused(await upload(a, [file("taxClearance", "empty.png", Buffer.alloc(0))]), 400, FILE_EMPTY);
  });

  it("20 files at once", async () => {
    const image = await png();
    const parts = Array.from({ length: 20 }, (_, i) => file("IDsOfDirectors", `id-${i + 1}.png`, image));
    await refused(await upload(a, parts), 413, "Upload at most 10 directors' ID files at once.");
  });

  it("two tax clearances, or more than 12 files over all fields", async () => {
    const image = await png();
    await refused(
      await upload(a, [file("taxClearance", "a.png", image), file("taxClearance", "b.png", image)]),
      413,
      "Upload one tax clearance file only.",
    );
    const thirteen = [
      file("taxClearance", "t.png", image),
      file("certificate", "c.png", image),
      ...Array.from({ length: 10 }, (_, i) => file("IDsOfDirectors", `id-${i}.png`, image)),
      file("zeraLicence", "z.png", image),
      file("certificate", "c2.png", image),
    ];
    // Fourteen: one more than the fields take together (the ZERA licence included).
    await refused(await upload(a, thirteen), 413, /^Too many files/);
  });

  it("a good file with a bad one: all or nothing", async () => {
    const res = await upload(a, [
      file("taxClearance", "tax.png", await png()),
      file("certificate", "cert.jpg", await jpeg(), "image/jpeg"),
      file("IDsOfDirectors", "id.pdf", SVG, "application/pdf"),
    ]);
    await refused(res, 415, ONLY_IMAGE_OR_PDF);
    expect(res.json().issues[0]).toMatchObject({ path: "body.IDsOfDirectors.0", file: "id.pdf" });
  });

  it("no files, an unknown field, or a body that is not multipart", async () => {
    await refused(await upload(a, [{ name: "note", data: "hello" }]), 400, NO_FILES);
    await refused(await upload(a, [file("avatar", "me.png", await png())]), 400, /^Unexpected file field "avatar"/);
    const none = await t.inject({ method: "POST", url: `/api/dealer/upload-documents/${a.id}`, headers: a.headers });
    await refused(none, 400, NO_FILES);
    const json = await t.inject({
      method: "POST",
      url: `/api/dealer/upload-documents/${a.id}`,
      headers: a.headers,
      payload: { taxClearance: "x" },
    });
    await refused(json, 415, NOT_MULTIPART);
  });

  it("a cut-off body", async () => {
    const body = multipart([file("taxClearance", "tax.png", await png())]);
    const res = await t.inject({
      method: "POST",
      url: `/api/dealer/upload-documents/${a.id}`,
      headers: { ...a.headers, ...body.headers },
      payload: body.payload.subarray(0, body.payload.length - 60),
    });
    await refused(res, 400, /cut off/);
  });
});

describe("file names", () => {
  it("stores a path-traversal name under a server-made key and keeps only a clean display name", async () => {
    const a = await applicant();
    const res = await upload(a, [file("taxClearance", "../../etc/passwd.png", await png())]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().uploaded[0].original_name).toBe("passwd.png");
    const [row] = await documentsOf(a.id);
    expect(row?.storageKey).toMatch(KEY);
    expect(row?.originalName).toBe("passwd.png");
    expect(existsSync(path.join(t.dataDir, "etc"))).toBe(false);
    expect(existsSync(path.join(t.dataDir, "uploads", "etc"))).toBe(false);
    expect((await privateFiles()).filter((f) => f.includes("passwd"))).toEqual([]);

    const weird = await upload(a, [file("IDsOfDirectors", `C:\\scans\\\u202Eid\u0007${"x".repeat(300)}.jpg`, await jpeg(), "image/jpeg")]);
    const name: string = weird.json().uploaded[0].original_name;
    expect(name.startsWith("idxxx")).toBe(true);
    expect(name.endsWith(".jpg")).toBe(true);
    expect(name.length).toBe(120);
  });

  it("strips metadata (EXIF) and turns photos upright", async () => {
    const a = await applicant();
    const photo = await sharp({ create: { width: 90, height: 30, channels: 3, background: "#ffffff" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Artist: "Farai Moyo", Copyright: "GPS -17.8292,31.0522" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(a, [file("IDsOfDirectors", "phone-photo.jpg", photo, "image/jpeg")]);
    expect(res.statusCode, res.body).toBe(200);
    const download = await t.inject({ method: "GET", url: res.json().uploaded[0].url, headers: a.headers });
    expect(download.statusCode).toBe(200);
    const meta = await sharp(download.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([30, 90]);
    expect(download.rawPayload.includes(Buffer.from("Farai Moyo"))).toBe(false);
  });

  it("caps the image's dimensions", async () => {
    const a = await applicant();
    const res = await upload(a, [file("certificate", "wide.png", await png(5000, 100))]);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await documentsOf(a.id);
    const meta = await sharp(path.join(privateDir(), row?.storageKey as string)).metadata();
    expect([meta.width, meta.height]).toEqual([4000, 80]);
  });
});

describe("who may upload", () => {
  it("only a verified user or dealer, to their own application, and not while approved with nothing rejected", async () => {
    const before = await privateFiles();
    const image = await png();
    const parts = [file("taxClearance", "tax.png", image)];
    const user = actors.identity.user.id;
    expect((await uploadAs("anonymous", user, parts)).statusCode).toBe(401);
    const unverified = await uploadAs("unverified", actors.identity.unverified.id, parts);
    expect([unverified.statusCode, unverified.json().message]).toEqual([403, CONFIRM_EMAIL_TO_APPLY]);
    expect((await uploadAs("dealer", user, parts)).statusCode).toBe(403);
    expect((await uploadAs("admin", user, parts)).statusCode).toBe(403);
    expect((await uploadAs("admin", actors.identity.admin.id, parts)).statusCode).toBe(403);
    // The demo dealer is approved and none of its documents is rejected. Its certificate of incorporation does not
    // expire (its tax clearance runs to 31 December: a renewal of it is open within 60 days).
    const approved = await uploadAs("dealer", actors.identity.dealer.id, [file("certificate", "cert.png", image)]);
    expect(approved.statusCode).toBe(409);
    expect(await privateFiles()).toEqual(before);
    expect(await dealerOf(user)).toBeUndefined();
    expect(await dealerOf(actors.identity.unverified.id)).toBeUndefined();
  });
});

describe("downloading a document", () => {
  let owner: Applicant;
  let url: string;
  let stored: Buffer;
  beforeAll(async () => {
    owner = await applicant();
    const res = await upload(owner, [file("taxClearance", "Tax clearance – 2026 (Zimbabwé).PNG", await png())]);
    url = res.json().uploaded[0].url;
    const [row] = await documentsOf(owner.id);
    stored = await readFile(path.join(privateDir(), row?.storageKey as string));
  });

  it("streams the file to its owner, privately, with its type and a safe name", async () => {
    const res = await t.inject({ method: "GET", url, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-disposition"]).toBe(
      `inline; filename="Tax clearance _ 2026 (Zimbabw_).png"; filename*=UTF-8''Tax%20clearance%20%E2%80%93%202026%20%28Zimbabw%C3%A9%29.png`,
    );
    expect(res.rawPayload.equals(stored)).toBe(true);
  });

  it.each(["admin", "super"] as const)("streams it to %s", async (name) => {
    const res = await actors.inject(name, { method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(stored)).toBe(true);
  });

  it.each(["dealer", "otherDealer", "user", "unverified"] as const)(
    "answers %s 404, as for a document that does not exist",
    async (name) => {
      const res = await actors.inject(name, { method: "GET", url });
      expect([res.statusCode, res.json()]).toEqual([404, { message: "Document not found." }]);
      const none = await actors.inject(name, { method: "GET", url: "/api/dealer/documents/2147483000/file" });
      expect([none.statusCode, none.json()]).toEqual([404, { message: "Document not found." }]);
    },
  );

  it("asks an anonymous visitor to log in", async () => {
    expect((await actors.inject("anonymous", { method: "GET", url })).statusCode).toBe(401);
  });

  it("answers 404 when the row's file is missing", async () => {
    const res = await actors.inject("otherDealer", { method: "GET", url: `/api/dealer/documents/${actors.otherDealer.documentId}/file` });
    expect(res.statusCode).toBe(404);
  });
});

describe("removing a document", () => {
  it("lets the owner remove a document before submitting, and refuses approved or under-review ones", async () => {
    const a = await applicant();
    const res = await upload(a, [file("taxClearance", "tax.png", await png()), file("IDsOfDirectors", "id.png", await png())]);
    const [tax, id] = res.json().uploaded as { id: number }[];
    const rows = await documentsOf(a.id);

    // Not the owner: another dealer is told it does not exist; an admin may review but not remove.
    expect((await actors.inject("otherDealer", { method: "DELETE", url: `/api/dealer/documents/${tax?.id}` })).statusCode).toBe(404);
    expect((await actors.inject("admin", { method: "DELETE", url: `/api/dealer/documents/${tax?.id}` })).statusCode).toBe(403);
    expect((await actors.inject("anonymous", { method: "DELETE", url: `/api/dealer/documents/${tax?.id}` })).statusCode).toBe(401);

    const removed = await t.inject({ method: "DELETE", url: `/api/dealer/documents/${id?.id}`, headers: a.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().documents.map((d: { id: number }) => d.id)).toEqual([tax?.id]);
    expect(await privateFiles()).not.toContain(rows.find((r) => r.id === id?.id)?.storageKey);
    expect((await documentsOf(a.id)).map((d) => d.id)).toEqual([tax?.id]);

    // Submitted: a pending document stays; a rejected one may go; an approved one never.
    const dealer = await dealerOf(a.id);
    await db()
      .update(dealers)
      .set({ regStatus: "Pending" })
      .where(eq(dealers.id, dealer?.id as number));
    const pending = await t.inject({ method: "DELETE", url: `/api/dealer/documents/${tax?.id}`, headers: a.headers });
    expect(pending.statusCode).toBe(409);
    await db()
      .update(dealerDocuments)
      .set({ reviewStatus: "approved" })
      .where(eq(dealerDocuments.id, tax?.id as number));
    expect((await t.inject({ method: "DELETE", url: `/api/dealer/documents/${tax?.id}`, headers: a.headers })).statusCode).toBe(409);
    await db()
      .update(dealerDocuments)
      .set({ reviewStatus: "rejected" })
      .where(eq(dealerDocuments.id, tax?.id as number));
    expect((await t.inject({ method: "DELETE", url: `/api/dealer/documents/${tax?.id}`, headers: a.headers })).statusCode).toBe(200);
    expect(await documentsOf(a.id)).toEqual([]);
  });
});
