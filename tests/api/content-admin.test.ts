import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, desc, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { blogs, caseStudies, certificates, positions, teamMembers } from "#server/db/schema/content.ts";
import { actorFrom } from "#server/platform/auth/actor.ts";
import { type FormInput, NOT_A_FORM } from "#server/platform/uploads/form-input.ts";
import { IMAGE_WIDTHS, imageVariantName, type MediaFolder } from "#shared/media.ts";
import {
  BLOG_TOO_MANY_IMAGES,
  CASE_STUDY_TOO_MANY_IMAGES,
  CERTIFICATE_FILE_REQUIRED,
  CERTIFICATE_ONLY_PDF,
  CONTENT_IMAGE_TOO_LARGE,
  CONTENT_ONLY_IMAGES,
  IMAGE_ORDER_INVALID,
  KEPT_IMAGE_UNKNOWN,
  ONE_IMAGE_ONLY,
  PHOTO_REQUIRED,
  POSITION_TAKEN,
  POSITION_UNKNOWN,
  positionInUse,
  VIDEO_LINK_INVALID,
} from "#shared/schemas/content.ts";
import { type FormPart, file, multipart } from "../support/multipart.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let admin: Record<string, string>;
let superAdmin: Record<string, string>;
let dealer: Record<string, string>;
let user: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  [admin, superAdmin, dealer, user] = await Promise.all([t.loginAs("admin"), t.loginAs("super"), t.loginAs("dealer"), t.loginAs("user")]);
});
afterAll(() => t?.close());

const db = () => t.database.db;
const publicDir = () => path.join(t.dataDir, "uploads", "public");

// Real images, made small with sharp; a real PDF made with pdf-lib.
const png = (color = "#de7a37", width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
const jpeg = (color = "#2a6fb0") =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
async function pdf(title = "Certificate") {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.addPage([300, 200]);
  return Buffer.from(await doc.save());
}
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
const field = (name: string, data: string): FormPart => ({ name, data });

type Headers = Record<string, string>;
function send(method: "POST" | "PUT", url: string, parts: FormPart[], headers: Headers = admin) {
  const body = multipart(parts);
  return t.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
}
const json = (method: "POST" | "PUT", url: string, payload: object, headers: Headers = admin) =>
  t.inject({ method, url, headers, payload });
const del = (url: string, headers: Headers = admin) => t.inject({ method: "DELETE", url, headers });
const get = async (url: string) => {
  const res = await t.inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json() };
};

/** The stored files of a media folder (every width and twin). */
async function filesIn(folder: MediaFolder): Promise<string[]> {
  const dir = path.join(publicDir(), folder);
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).sort();
}
/** An image stored at every width, as storePublicImage leaves it. */
function expectStored(folder: MediaFolder, name: string) {
  expect(name).toMatch(/^[a-z0-9-]+\.webp$/);
  for (const key of [name, ...IMAGE_WIDTHS.map((w) => imageVariantName(name, w))]) {
    expect(existsSync(path.join(publicDir(), folder, key)), `${folder}/${key} is stored`).toBe(true);
  }
}
function expectGone(folder: MediaFolder, name: string) {
  for (const key of [name, ...IMAGE_WIDTHS.map((w) => imageVariantName(name, w))]) {
    expect(existsSync(path.join(publicDir(), folder, key)), `${folder}/${key} is removed`).toBe(false);
  }
}

async function lastAudit(entity: string, entityId: number | string) {
  const [row] = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}
const auditCount = async () => (await db().select({ id: auditLog.id }).from(auditLog)).length;

const blogParts = (extra: FormPart[] = []): FormPart[] => [
  field("title", "Keeping panels clean in the dry season"),
  field("author", "Rudo Admin"),
  field("story", "Dust costs output.\n\nA monthly rinse brings it back."),
  ...extra,
];

describe("blogs", () => {
  it("an admin adds a blog with two images: stored at every width, shown by the public reads, written to the audit log", async () => {
    const res = await send(
      "POST",
      "/api/blogs",
      blogParts([file("images", "first.png", await png()), file("images", "second.jpg", await jpeg(), "image/jpeg")]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const blog = res.json();
    expect(Object.keys(blog).sort()).toEqual(["author", "createdAt", "id", "images", "story", "title"]);
    expect(blog).toMatchObject({ title: "Keeping panels clean in the dry season", author: "Rudo Admin" });
    const images = blog.images.split(",");
    expect(images).toHaveLength(2);
    for (const name of images) expectStored("blogs", name);

    expect(await get(`/api/blogs/${blog.id}`)).toEqual({ status: 200, body: [blog] });
    expect((await get("/api/blogs/")).body[0]).toEqual(blog);
    const entry = await lastAudit("blog", blog.id);
    expect(entry).toMatchObject({ action: "create", before: null, after: blog, actorName: "Rudo Admin" });
  });

  it("refuses a third image with a clear message: no blog, no stored file", async () => {
    const [before, filesBefore, entries] = [await db().select().from(blogs), await filesIn("blogs"), await auditCount()];
    const res = await send(
      "POST",
      "/api/blogs",
      blogParts([
        file("images", "a.png", await png()),
        file("images", "b.png", await png("#123456")),
        file("images", "c.png", await png("#654321")),
      ]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: BLOG_TOO_MANY_IMAGES,
      issues: [{ path: "body.images", message: BLOG_TOO_MANY_IMAGES, file: "c.png" }],
    });
    expect(await db().select().from(blogs)).toHaveLength(before.length);
    expect(await filesIn("blogs")).toEqual(filesBefore);
    expect(await auditCount()).toBe(entries);
  });

  it("refuses the whole form when one file of several is not an image (415): nothing half-done", async () => {
    const [count, filesBefore] = [(await db().select().from(blogs)).length, await filesIn("blogs")];
    const res = await send("POST", "/api/blogs", blogParts([file("images", "fine.png", await png()), file("images", "evil.png", SVG)]));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: CONTENT_ONLY_IMAGES, issues: [{ path: "body.images", file: "evil.png" }] });
    expect(await db().select().from(blogs)).toHaveLength(count);
    expect(await filesIn("blogs")).toEqual(filesBefore);
  });

  it("refuses an image over the size limit (413) and an unexpected file field (400)", async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await send("POST", "/api/blogs", blogParts([file("images", "huge.png", big)]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(CONTENT_IMAGE_TOO_LARGE);
    const wrongField = await send("POST", "/api/blogs", blogParts([file("photo", "a.png", await png())]));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/Unexpected file field "photo"/);
  });

  it("answers every missing field under its name (400), and 415 for a body that is not a form", async () => {
    const res = await send("POST", "/api/blogs", [field("title", "  ")]);
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(["body.author", "body.story", "body.title"]);
    expect(res.json().message).toBe("Enter the blog's title.");
    const empty = await t.inject({ method: "POST", url: "/api/blogs", headers: admin });
    expect(empty.statusCode).toBe(400);
    const text = await t.inject({
      method: "POST",
      url: "/api/blogs",
      headers: { ...admin, "content-type": "text/plain" },
      payload: "title=x",
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(NOT_A_FORM);
  });

  it("a JSON body makes a blog without images", async () => {
    const res = await json("POST", "/api/blogs", { title: "Text only", author: "Rudo", story: "No pictures." });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().images).toBe("");
  });

  it("edits: reorders, drops and adds images (the admin form's imageOrder); the dropped image's files go after the change", async () => {
    const created = (
      await send("POST", "/api/blogs", blogParts([file("images", "a.png", await png()), file("images", "b.png", await png("#0a0"))]))
    ).json();
    const [a, b] = created.images.split(",");
    const res = await send("PUT", `/api/blogs/${created.id}`, [
      field("title", "Edited title"),
      field("author", "Another Author"),
      field("story", "New story."),
      field("imageOrder", JSON.stringify(["new:0", `stored:${b}`])),
      file("images", "c.jpg", await jpeg(), "image/jpeg"),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json();
    const [c, kept] = edited.images.split(",");
    expect(kept).toBe(b);
    expectStored("blogs", c);
    expectGone("blogs", a);
    expect(edited).toMatchObject({
      id: created.id,
      title: "Edited title",
      author: "Another Author",
      story: "New story.",
      createdAt: created.createdAt,
    });
    expect(await get(`/api/blogs/${created.id}`)).toEqual({ status: 200, body: [edited] });
    expect(await lastAudit("blog", created.id)).toMatchObject({ action: "update", before: created, after: edited });

    // JSON without images keeps them; `images` as text keeps only the names given.
    const textOnly = await json("PUT", `/api/blogs/${created.id}`, { title: "Again", author: "A", story: "S" });
    expect(textOnly.json().images).toBe(edited.images);
    const keepOne = await json("PUT", `/api/blogs/${created.id}`, { title: "Again", author: "A", story: "S", images: b });
    expect(keepOne.json().images).toBe(b);
    expectGone("blogs", c);
  });

  it("an edit refuses a third image, an image the blog does not have, and a broken order — and keeps nothing it stored", async () => {
    const created = (
      await send("POST", "/api/blogs", blogParts([file("images", "a.png", await png()), file("images", "b.png", await png("#0a0"))]))
    ).json();
    const filesBefore = await filesIn("blogs");
    const third = await send("PUT", `/api/blogs/${created.id}`, blogParts([file("images", "c.png", await png("#00a"))]));
    expect(third.statusCode).toBe(413);
    expect(third.json().message).toBe(BLOG_TOO_MANY_IMAGES);
    const unknown = await send("PUT", `/api/blogs/${created.id}`, blogParts([field("images", "someone-elses.webp")]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: KEPT_IMAGE_UNKNOWN, issues: [{ path: "body.images" }] });
    const broken = await send("PUT", `/api/blogs/${created.id}`, blogParts([field("imageOrder", '["new:0"]')]));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(IMAGE_ORDER_INVALID);
    expect(await filesIn("blogs")).toEqual(filesBefore);
    expect((await get(`/api/blogs/${created.id}`)).body[0]).toEqual(created);
  });

  it("removes the files it stored when the change fails after storing them (the blog deleted meanwhile)", async () => {
    const created = (await json("POST", "/api/blogs", { title: "Short-lived", author: "A", story: "S" })).json();
    const [row] = await db().select().from(users).where(eq(users.username, "admin"));
    const actor = actorFrom({ id: row?.id as number, roleId: row?.roleId as number, emailVerifiedAt: new Date() }, "test");
    const filesBefore = await filesIn("blogs");
    const image = await png();
    const form: FormInput = {
      kind: "multipart",
      // Someone else deletes the blog while this request's parts are being read.
      async *open() {
        await db().delete(blogs).where(eq(blogs.id, created.id));
        for (const [name, value] of Object.entries({ title: "T", author: "A", story: "S" }))
          yield { type: "field" as const, fieldname: name, value };
        yield { type: "file" as const, fieldname: "images", filename: "x.png", file: Readable.from([image]) };
      },
    };
    await expect(t.app.services.contentAdmin.updateBlog(actor, created.id, form)).rejects.toMatchObject({ statusCode: 404 });
    expect(await filesIn("blogs")).toEqual(filesBefore);
  });

  it("deletes a blog with its image files; 404 for unknown ids; the public page no longer finds it", async () => {
    const created = (await send("POST", "/api/blogs", blogParts([file("images", "a.png", await png())]))).json();
    const res = await del(`/api/blogs/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "The blog has been deleted." });
    expectGone("blogs", created.images);
    expect((await get(`/api/blogs/${created.id}`)).status).toBe(404);
    expect(await lastAudit("blog", created.id)).toMatchObject({ action: "delete", before: created, after: null });
    expect((await del("/api/blogs/999999")).json()).toEqual({ message: "Blog not found." });
    expect((await del("/api/blogs/999999")).statusCode).toBe(404);
    expect((await json("PUT", "/api/blogs/999999", { title: "T", author: "A", story: "S" })).statusCode).toBe(404);
  });

  it("only admins: 401 for visitors, 403 for users and dealers, and a refused upload stores nothing; super may", async () => {
    const filesBefore = await filesIn("blogs");
    const parts = blogParts([file("images", "a.png", await png())]);
    const body = multipart(parts);
    expect((await t.inject({ method: "POST", url: "/api/blogs", headers: body.headers, payload: body.payload })).statusCode).toBe(401);
    expect((await send("POST", "/api/blogs", parts, dealer)).statusCode).toBe(403);
    expect((await send("POST", "/api/blogs", parts, user)).statusCode).toBe(403);
    expect((await del("/api/blogs/1", dealer)).statusCode).toBe(403);
    expect(await filesIn("blogs")).toEqual(filesBefore);
    expect((await send("POST", "/api/blogs", parts, superAdmin)).statusCode).toBe(201);
  });
});

describe("case studies", () => {
  const parts = (video: string, extra: FormPart[] = []): FormPart[] => [
    field("projectName", "Chitungwiza clinic"),
    field("location", "Chitungwiza"),
    field("systemCapacity", "20 kW"),
    field("video", video),
    ...extra,
  ];

  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ])("keeps the video id of %s", async (link, id) => {
    const res = await send("POST", "/api/case-study", parts(link));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().video).toBe(id);
  });

  it("refuses a link that is not a video-site link, under the video field", async () => {
    for (const link of [
      "https://vimeo.com/123456",
      "https://www.youtube.com/watch?v=short",
      "javascript:alert(1)",
      "https://evil.example/embed/dQw4w9WgXcQ",
    ]) {
      const res = await send("POST", "/api/case-study", parts(link));
      expect(res.statusCode, link).toBe(400);
      expect(res.json()).toMatchObject({ message: VIDEO_LINK_INVALID, issues: [{ path: "body.video", message: VIDEO_LINK_INVALID }] });
    }
  });

  it("takes up to 3 images and refuses a fourth; edits and deletes with its files", async () => {
    const four = [1, 2, 3, 4].map(async (n) => file("images", `${n}.png`, await png(`#${n}${n}${n}`)));
    const refused = await send("POST", "/api/case-study", parts("", await Promise.all(four)));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(CASE_STUDY_TOO_MANY_IMAGES);

    const three = await Promise.all([1, 2, 3].map(async (n) => file("images", `${n}.png`, await png(`#${n}${n}${n}`))));
    const created = await send("POST", "/api/case-study", parts("https://youtu.be/dQw4w9WgXcQ", three));
    expect(created.statusCode, created.body).toBe(201);
    const cs = created.json();
    expect(Object.keys(cs).sort()).toEqual(["description", "id", "images", "location", "projectName", "systemCapacity", "video"]);
    const names = cs.images.split(",");
    expect(names).toHaveLength(3);
    for (const n of names) expectStored("caseStudyImages", n);
    expect(await get(`/api/case-study/${cs.id}`)).toEqual({ status: 200, body: cs });
    expect(await lastAudit("case-study", cs.id)).toMatchObject({ action: "create", after: cs });

    const edited = await json("PUT", `/api/case-study/${cs.id}`, {
      projectName: "Chitungwiza clinic, phase 2",
      location: "Chitungwiza",
      systemCapacity: "30 kW",
      video: "",
      images: [names[2], names[0]],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ systemCapacity: "30 kW", video: null, images: `${names[2]},${names[0]}` });
    expectGone("caseStudyImages", names[1]);

    expect((await del(`/api/case-study/${cs.id}`)).statusCode).toBe(200);
    expectGone("caseStudyImages", names[0]);
    expectGone("caseStudyImages", names[2]);
    expect((await get(`/api/case-study/${cs.id}`)).status).toBe(404);
    expect((await del(`/api/case-study/${cs.id}`)).statusCode).toBe(404);
  });
});

describe("team and positions", () => {
  it("adds a member with a photo under a position chosen by name; the About page's list shows them", async () => {
    const res = await send("POST", "/api/team/add-team", [
      field("name", "Tariro Ncube"),
      field("position", "lead installer"),
      field("bio", "Fits panels."),
      file("picture", "tariro.jpg", await jpeg(), "image/jpeg"),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const member = res.json();
    expect(member).toMatchObject({ name: "Tariro Ncube", position: "Lead Installer", bio: "Fits panels." });
    expectStored("team", member.picture);
    const team = (await get("/api/team/get-team")).body;
    expect(team.at(-1)).toEqual(member);
    expect(await lastAudit("team", member.id)).toMatchObject({ action: "create", after: member });
  });

  it("refuses an unknown position (400 under position), two photos (413) and a PDF as photo (415)", async () => {
    const base = [field("name", "X"), field("bio", "")];
    const [count, filesBefore] = [(await db().select().from(teamMembers)).length, await filesIn("team")];
    const unknown = await send("POST", "/api/team/add-team", [...base, field("position", "Astronaut")]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: POSITION_UNKNOWN, issues: [{ path: "body.position" }] });
    const two = await send("POST", "/api/team/add-team", [
      ...base,
      field("position", "Lead Installer"),
      file("picture", "a.png", await png()),
      file("photo", "b.png", await png()),
    ]);
    expect(two.statusCode).toBe(413);
    expect(two.json().message).toBe(ONE_IMAGE_ONLY);
    const notImage = await send("POST", "/api/team/add-team", [
      ...base,
      field("position", "Lead Installer"),
      file("photo", "cv.pdf", await pdf(), "application/pdf"),
    ]);
    expect(notImage.statusCode).toBe(415);
    expect(await filesIn("team")).toEqual(filesBefore);
    expect(await db().select().from(teamMembers)).toHaveLength(count);
  });

  it("updates the texts (JSON), replaces the photo (the old one goes), and removes the member with their photo", async () => {
    const member = (await json("POST", "/api/team/add-team", { name: "Kuda", position: "Lead Installer", bio: "" })).json();
    expect(member.picture).toBeNull();
    const updated = await json("PUT", `/api/team/update-team/${member.id}`, {
      name: "Kudakwashe",
      position: "Managing Director",
      bio: "Leads.",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: "Kudakwashe", position: "Managing Director", bio: "Leads." });
    expect((await json("PUT", `/api/team/update-team/${member.id}`, { name: "", position: "Nope" })).statusCode).toBe(400);

    const first = await send("PUT", `/api/team/update-team-member-image/${member.id}`, [file("photo", "one.png", await png())]);
    expect(first.statusCode, first.body).toBe(200);
    const firstPhoto = first.json().picture;
    expectStored("team", firstPhoto);
    const second = await send("PUT", `/api/team/update-team-member-image/${member.id}`, [
      file("picture", "two.jpg", await jpeg(), "image/jpeg"),
    ]);
    const secondPhoto = second.json().picture;
    expectStored("team", secondPhoto);
    expectGone("team", firstPhoto);
    expect(await lastAudit("team", member.id)).toMatchObject({
      action: "update",
      before: { picture: firstPhoto },
      after: { picture: secondPhoto },
    });

    const two = await send("PUT", `/api/team/update-team-member-image/${member.id}`, [
      file("photo", "a.png", await png()),
      file("picture", "b.png", await png()),
    ]);
    expect(two.statusCode).toBe(413);
    const none = await send("PUT", `/api/team/update-team-member-image/${member.id}`, [field("note", "no file")]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PHOTO_REQUIRED);
    expect((await send("PUT", "/api/team/update-team-member-image/999999", [file("photo", "one.png", await png())])).statusCode).toBe(404);

    const removed = await send("PUT", `/api/team/update-team-member-image/${member.id}`, [field("imageOrder", "[]")]);
    expect(removed.json().picture).toBeNull();
    expectGone("team", secondPhoto);
    const third = (await send("PUT", `/api/team/update-team-member-image/${member.id}`, [file("photo", "3.png", await png())])).json()
      .picture;
    expect((await del(`/api/team/delete-team/${member.id}`)).statusCode).toBe(200);
    expectGone("team", third);
    expect((await get("/api/team/get-team")).body.some((m: { id: number }) => m.id === member.id)).toBe(false);
    expect((await del(`/api/team/delete-team/${member.id}`)).statusCode).toBe(404);
  });

  it("positions: add, refuse a taken name (409), rename (members follow), refuse deleting one in use (409), delete an unused one", async () => {
    const created = await json("POST", "/api/positions", { name: "Sales Engineer" });
    expect(created.statusCode, created.body).toBe(201);
    const position = created.json();
    expect((await json("POST", "/api/positions", { name: "sales engineer" })).json()).toEqual({ message: POSITION_TAKEN });
    const member = (await json("POST", "/api/team/add-team", { name: "Rufaro", position: "Sales Engineer", bio: "" })).json();

    const renamed = await json("PUT", `/api/positions/${position.id}`, { name: "Senior Sales Engineer" });
    expect(renamed.json()).toEqual({ id: position.id, name: "Senior Sales Engineer" });
    const [row] = await db().select().from(teamMembers).where(eq(teamMembers.id, member.id));
    expect(row?.position).toBe("Senior Sales Engineer");
    expect((await get("/api/positions/")).body).toContainEqual({ id: position.id, name: "Senior Sales Engineer" });

    const inUse = await del(`/api/positions/${position.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(positionInUse(1));
    await del(`/api/team/delete-team/${member.id}`);
    expect((await del(`/api/positions/${position.id}`)).statusCode).toBe(200);
    expect(await db().select().from(positions).where(eq(positions.id, position.id))).toEqual([]);
    expect(await lastAudit("position", position.id)).toMatchObject({ action: "delete" });
  });
});

describe("testimonials, awards, certificates", () => {
  it("testimonials: add without an image (JSON), give it one (multipart), delete it with its image", async () => {
    const created = await json("POST", "/api/testimonials/add-testimonial", {
      person: "Mai Chipo",
      person_role: "Farmer, Mazowe",
      message: "Pumps run all day.",
    });
    expect(created.statusCode, created.body).toBe(201);
    const testimonial = created.json();
    expect(testimonial).toMatchObject({ person: "Mai Chipo", person_role: "Farmer, Mazowe", image: null });
    const updated = await send("PUT", `/api/testimonials/update-testimonial/${testimonial.id}`, [
      field("person", "Mai Chipo"),
      field("person_role", "Farmer, Mazowe"),
      field("message", "Pumps run all day, every day."),
      file("image", "chipo.png", await png()),
    ]);
    expect(updated.statusCode, updated.body).toBe(200);
    expectStored("testimonials", updated.json().image);
    expect(await get(`/api/testimonials/get-testimonial/${testimonial.id}`)).toEqual({ status: 200, body: updated.json() });
    expect((await json("POST", "/api/testimonials/add-testimonial", { person: "" })).statusCode).toBe(400);
    // The GET shape sent back keeps the image; the admin form's empty image list removes it.
    const same = await json("PUT", `/api/testimonials/update-testimonial/${testimonial.id}`, updated.json());
    expect(same.json()).toEqual(updated.json());
    const withoutImage = await send("PUT", `/api/testimonials/update-testimonial/${testimonial.id}`, [
      field("person", "Mai Chipo"),
      field("message", "Still pumping."),
      field("imageOrder", "[]"),
    ]);
    expect(withoutImage.json()).toMatchObject({ image: null, person_role: "" });
    expectGone("testimonials", updated.json().image);
    const again = await send("PUT", `/api/testimonials/update-testimonial/${testimonial.id}`, [
      field("person", "Mai Chipo"),
      field("message", "Still pumping."),
      field("imageOrder", '["new:0"]'),
      file("image", "again.png", await png()),
    ]);
    expectStored("testimonials", again.json().image);
    expect((await del(`/api/testimonials/delete-testimonial/${testimonial.id}`)).statusCode).toBe(200);
    expectGone("testimonials", again.json().image);
    expect((await del(`/api/testimonials/delete-testimonial/${testimonial.id}`)).statusCode).toBe(404);
  });

  it("awards: add with an image and a year, refuse a bad year, replace the image, delete", async () => {
    const created = await send("POST", "/api/awards", [
      field("name", "Best Installer 2025"),
      field("year", "2025"),
      file("image", "award.png", await png()),
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const award = created.json();
    expect(award).toMatchObject({ name: "Best Installer 2025", year: 2025 });
    expectStored("awards", award.image);
    const badYear = await send("POST", "/api/awards", [field("name", "X"), field("year", "last year")]);
    expect(badYear.statusCode).toBe(400);
    expect(badYear.json().issues[0].path).toBe("body.year");
    const replaced = await send("PUT", `/api/awards/${award.id}`, [
      field("name", "Best Installer"),
      field("year", ""),
      file("image", "new.jpg", await jpeg(), "image/jpeg"),
    ]);
    expect(replaced.json()).toMatchObject({ name: "Best Installer", year: null });
    expectGone("awards", award.image);
    expect((await get("/api/awards/")).body).toContainEqual(replaced.json());
    const kept = await send("PUT", `/api/awards/${award.id}`, [field("name", "Best Installer"), field("year", "2024")]);
    expect(kept.json()).toEqual({ ...replaced.json(), year: 2024 });
    const removed = await send("PUT", `/api/awards/${award.id}`, [field("name", "Best Installer"), field("image", "")]);
    expect(removed.json().image).toBeNull();
    expectGone("awards", replaced.json().image);
    expect((await del(`/api/awards/${award.id}`)).statusCode).toBe(200);
  });

  it("certificates: a PDF is required and checked, replaced (the old file goes) and deleted with its file", async () => {
    const missing = await send("POST", "/api/certificates", [field("title", "ZERA licence")]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(CERTIFICATE_FILE_REQUIRED);
    const image = await send("POST", "/api/certificates", [
      field("title", "ZERA licence"),
      file("file", "licence.pdf", await png(), "application/pdf"),
    ]);
    expect(image.statusCode).toBe(415);
    expect(image.json().message).toBe(CERTIFICATE_ONLY_PDF);

    const created = await send("POST", "/api/certificates", [
      field("title", "ZERA licence"),
      file("file", "licence.pdf", await pdf(), "application/pdf"),
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const certificate = created.json();
    expect(certificate.path).toMatch(/^zera-licence-[0-9a-f]{10}\.pdf$/);
    const stored = path.join(publicDir(), "certificates", certificate.path);
    expect(existsSync(stored)).toBe(true);
    const served = await t.inject({ method: "GET", url: `/media/certificates/${certificate.path}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const retitled = await send("PUT", `/api/certificates/${certificate.id}`, [field("title", "ZERA licence 2026")]);
    expect(retitled.json()).toEqual({ ...certificate, title: "ZERA licence 2026" });
    const replaced = await send("PUT", `/api/certificates/${certificate.id}`, [
      field("title", "ZERA licence 2026"),
      file("file", "new.pdf", await pdf("New"), "application/pdf"),
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(existsSync(stored)).toBe(false);
    expect(await lastAudit("certificate", certificate.id)).toMatchObject({
      action: "update",
      before: { path: certificate.path },
      after: replaced.json(),
    });

    expect((await del(`/api/certificates/delete/${certificate.id}`)).statusCode).toBe(200);
    expect(existsSync(path.join(publicDir(), "certificates", replaced.json().path))).toBe(false);
    expect(await db().select().from(certificates).where(eq(certificates.id, certificate.id))).toEqual([]);
    expect((await del(`/api/certificates/delete/${certificate.id}`)).statusCode).toBe(404);
  });
});

describe("articles, FAQs, overview", () => {
  it("articles: add in one of the four groups, refuse another category, edit, delete", async () => {
    const input = {
      article_title: "Net metering",
      article_description: "What it means.",
      article_ref: "https://news.example/net-metering",
      category: "News",
    };
    const created = await json("POST", "/api/articles", input);
    expect(created.statusCode, created.body).toBe(201);
    const article = created.json();
    expect(article).toMatchObject(input);
    expect((await get("/api/articles/category")).body.News[0]).toEqual(article);
    const wrong = await json("POST", "/api/articles", { ...input, category: "Gossip" });
    expect(wrong.statusCode).toBe(400);
    expect((await json("POST", "/api/articles", { ...input, article_ref: "javascript:alert(1)" })).statusCode).toBe(400);
    const edited = await json("PUT", `/api/articles/${article.article_id}`, { ...input, category: "Trending" });
    expect(edited.json()).toMatchObject({ article_id: article.article_id, category: "Trending" });
    expect(await lastAudit("article", article.article_id)).toMatchObject({ action: "update", before: article, after: edited.json() });
    // A page of this site is kept as its path; a path that names another host is not one.
    const onSite = await json("PUT", `/api/articles/${article.article_id}`, { ...input, article_ref: "/blog/1" });
    expect(onSite.json()).toMatchObject({ article_ref: "/blog/1" });
    for (const ref of ["//evil.example/x", "/\\evil.example", "blog/1", "/ spaced"]) {
      expect((await json("PUT", `/api/articles/${article.article_id}`, { ...input, article_ref: ref })).statusCode, ref).toBe(400);
    }
    expect((await del(`/api/articles/${article.article_id}`)).statusCode).toBe(200);
    expect((await get(`/api/articles/${article.article_id}`)).status).toBe(404);
    expect((await json("PUT", "/api/articles/999999", input)).statusCode).toBe(404);
  });

  it("FAQs: add at the end, edit, delete", async () => {
    const created = await json("POST", "/api/faqs", { question: "Do you install on weekends?", answer: "Yes, on Saturdays." });
    expect(created.statusCode, created.body).toBe(201);
    const faq = created.json();
    expect((await get("/api/faqs")).body.at(-1)).toEqual(faq);
    const edited = await json("PUT", `/api/faqs/${faq.id}`, { question: faq.question, answer: "Yes, Saturday mornings." });
    expect(edited.json()).toEqual({ ...faq, answer: "Yes, Saturday mornings." });
    expect((await json("PUT", `/api/faqs/${faq.id}`, { question: "", answer: "" })).statusCode).toBe(400);
    expect((await del(`/api/faqs/${faq.id}`)).statusCode).toBe(200);
    expect(await lastAudit("faq", faq.id)).toMatchObject({ action: "delete", before: edited.json() });
    expect((await del(`/api/faqs/${faq.id}`)).statusCode).toBe(404);
  });

  it("overview: the About page's texts (JSON or multipart with the director's photo); every text must be sent", async () => {
    const before = (await get("/api/overview")).body;
    const texts = {
      story: "Since 2012.",
      vision: "Power for all.",
      mission: "Install well.",
      values: ["Integrity", " Care ", ""],
      directorName: "T. Mukwena",
      directorMessage: "Welcome.",
    };
    const res = await json("PUT", "/api/overview", texts);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...texts, values: ["Integrity", "Care"], directorPhoto: before.directorPhoto });
    expect((await get("/api/overview")).body).toEqual(res.json());
    expect(await lastAudit("overview", 1)).toMatchObject({ action: "update", before, after: res.json() });

    const withPhoto = await send("PUT", "/api/overview", [
      ...Object.entries({ ...texts, values: "Integrity\nCare\nSafety" }).map(([k, v]) => field(k, String(v))),
      file("directorPhoto", "md.png", await png()),
    ]);
    expect(withPhoto.statusCode, withPhoto.body).toBe(200);
    expect(withPhoto.json().values).toEqual(["Integrity", "Care", "Safety"]);
    expectStored("team", withPhoto.json().directorPhoto);

    const partial = await json("PUT", "/api/overview", { story: "Only this." });
    expect(partial.statusCode).toBe(400);
    expect((await get("/api/overview")).body).toEqual(withPhoto.json());
  });
});

describe("caseStudies table is untouched by refused requests", () => {
  it("a refused case study leaves no row", async () => {
    const count = (await db().select().from(caseStudies)).length;
    await send("POST", "/api/case-study", [field("projectName", "X"), file("images", "x.svg", SVG)]);
    expect(await db().select().from(caseStudies)).toHaveLength(count);
  });
});
