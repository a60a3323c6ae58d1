import { asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { positions, testimonials } from "../../db/schema/content.ts";
import type { SignedIn } from "../auth/actor.ts";
import { ConflictError, FieldError, NotFoundError } from "../errors.ts";
import type { Storage } from "../storage/storage.ts";
import { type CheckedImage, reencodeImage } from "../uploads/image-upload.ts";
import { createStoredFiles } from "../uploads/stored-files.ts";
import { createResources, defineResource, type Unique } from "./resource.ts";

/** An in-memory storage that records what it holds. */
function memoryStorage() {
  const files = new Map<string, Buffer>();
  const storage = {
    put: async (v: string, key: string, body: Buffer) => void files.set(`${v}/${key}`, body),
    remove: async (v: string, key: string) => void files.delete(`${v}/${key}`),
    exists: async (v: string, key: string) => files.has(`${v}/${key}`),
  } as unknown as Storage;
  return { storage, has: (folder: string, name: string | null) => files.has(`public/${folder}/${name}`), files };
}

const testimonialResource = defineResource({
  name: "testimonial",
  table: testimonials,
  id: testimonials.id,
  columns: { id: testimonials.id, person: testimonials.person, image: testimonials.image },
  view: (row: { id: number; person: string; image: string | null }) => row,
  audit: { entity: "testimonial", label: (r) => `Testimonial of ${r.person}` },
  files: [{ folder: "testimonials", kind: "image", of: (r) => [r.image] }],
  ordered: true,
});

const me = { id: 1, role: "admin" } as SignedIn;
let database: Database;
const audits: { action: string; summary?: string }[] = [];
const audit = { record: async (_: unknown, __: SignedIn, change: { action: string; summary?: string }) => void audits.push(change) };
let image: CheckedImage;

beforeAll(async () => {
  database = await createTestDatabase();
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#de7a37" } })
    .png()
    .toBuffer();
  image = {
    ...(await reencodeImage(png, "png")),
    field: "image",
    index: 0,
    name: "a.png",
    uploadedBytes: png.length,
    mimeType: "image/png" as const,
    extension: "png" as const,
  };
});
afterAll(() => database?.close());

function setup() {
  const mem = memoryStorage();
  const resources = createResources({ db: database.db, audit, files: createStoredFiles(mem.storage) });
  return { mem, ...resources };
}

describe("resource helpers", () => {
  it("create: a transaction that fails removes the files stored for it, and writes nothing", async () => {
    const { mem, create } = setup();
    let stored = "";
    await expect(
      create(me, testimonialResource, {
        store: async (put) => {
          stored = await put.image("testimonials", image, "Failing");
          return stored;
        },
        values: () => {
          throw new Error("refused inside the transaction");
        },
      }),
    ).rejects.toThrow("refused inside the transaction");
    expect(stored).not.toBe("");
    expect(mem.has("testimonials", stored)).toBe(false);
    expect(mem.files.size).toBe(0);
    expect(await database.db.select().from(testimonials).where(eq(testimonials.person, "Failing"))).toEqual([]);
  });

  it("update: the replaced file stays until the change commits, then goes; a failed update keeps the old one", async () => {
    const { mem, create, update } = setup();
    const made = await create(me, testimonialResource, {
      store: (put) => put.image("testimonials", image, "Replaced"),
      values: (name) => ({ person: "Replaced", message: "Hello", image: name }),
    });
    expect(made.image && mem.has("testimonials", made.image)).toBe(true);
    const old = made.image;
    let oldDuringTransaction = false;
    const changed = await update(me, testimonialResource, made.id, {
      store: (put) => put.image("testimonials", image, "Replaced"),
      set: (_, name) => {
        oldDuringTransaction = mem.has("testimonials", old);
        return { image: name };
      },
    });
    expect(oldDuringTransaction).toBe(true);
    expect(mem.has("testimonials", old)).toBe(false);
    expect(mem.has("testimonials", changed.image)).toBe(true);

    // A refused update (409 from a rule of the resource) removes its new file and keeps the current one.
    let refusedName = "";
    await expect(
      update(me, testimonialResource, made.id, {
        store: async (put) => {
          refusedName = await put.image("testimonials", image, "Replaced");
          return refusedName;
        },
        set: () => {
          throw new Error("refused");
        },
      }),
    ).rejects.toThrow("refused");
    expect(mem.has("testimonials", refusedName)).toBe(false);
    expect(mem.has("testimonials", changed.image)).toBe(true);
  });

  it("remove: the files go with the record; a refusal keeps both", async () => {
    const { mem, create, remove, rowOf } = setup();
    const made = await create(me, testimonialResource, {
      store: (put) => put.image("testimonials", image, "Removed"),
      values: (name) => ({ person: "Removed", message: "Bye", image: name }),
    });
    await expect(
      remove(me, testimonialResource, made.id, {
        refuse: async () => {
          throw new Error("in use");
        },
      }),
    ).rejects.toThrow("in use");
    expect(mem.has("testimonials", made.image)).toBe(true);
    expect(await remove(me, testimonialResource, made.id)).toEqual({ message: "The testimonial has been deleted." });
    expect(mem.has("testimonials", made.image)).toBe(false);
    await expect(rowOf(database.db, testimonialResource, made.id)).rejects.toThrow("Testimonial not found.");
  });

  it("ordered: new rows go last; move swaps neighbours and numbers the list 0, 1, 2 …; the first moved up stays", async () => {
    const { create, move } = setup();
    const ids = await database.db
      .select({ id: testimonials.id })
      .from(testimonials)
      .orderBy(asc(testimonials.sortOrder), asc(testimonials.id));
    const added = await create(me, testimonialResource, { values: () => ({ person: "Last", message: "…" }) });
    const order = await database.db
      .select({ id: testimonials.id })
      .from(testimonials)
      .orderBy(asc(testimonials.sortOrder), asc(testimonials.id));
    expect(order.map((r) => r.id)).toEqual([...ids.map((r) => r.id), added.id]);

    const moved = await move(me, testimonialResource, added.id, "up");
    expect(moved.order.at(-2)).toBe(added.id);
    const rows = await database.db
      .select({ id: testimonials.id, n: testimonials.sortOrder })
      .from(testimonials)
      .orderBy(asc(testimonials.sortOrder));
    expect(rows.map((r) => r.n)).toEqual(rows.map((_, i) => i));
    expect(rows.map((r) => r.id)).toEqual(moved.order);

    const first = moved.order[0] as number;
    const before = audits.length;
    const stay = await move(me, testimonialResource, first, "up");
    expect(stay.order).toEqual(moved.order);
    expect(stay.message).toBe("The testimonial is already first.");
    expect(audits.length).toBe(before);
  });

  it("a column may be a subquery on the row; a descriptor may word its summaries; nothing to set is still audited; dependents' files go too", async () => {
    const { mem, create, update, remove } = setup();
    const worded = defineResource({
      ...testimonialResource,
      columns: {
        ...testimonialResource.columns,
        // Read beside the row, in the helpers' select, insert … returning and update … returning alike.
        others: sql<number>`(select count(*)::int from ${testimonials} t where t.id <> ${testimonials}.id)`,
      },
      view: (row: { id: number; person: string; image: string | null; others: number }) => row,
      audit: {
        entity: "testimonial",
        label: (r) => `Testimonial of ${r.person}`,
        summary: { create: (r) => `Added “${r.person}”`, update: (r) => `Changed “${r.person}”`, delete: (r) => `Deleted “${r.person}”` },
      },
    });
    const [{ n } = { n: 0 }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(testimonials);
    const made = await create(me, worded, { values: () => ({ person: "Worded", message: "…" }) });
    expect(made.others).toBe(n);
    const same = await update(me, worded, made.id, { set: () => ({}) });
    expect(same).toEqual(made);

    let dependent = "";
    const gone = await remove(me, worded, made.id, {
      dependents: async () => {
        dependent = await createStoredFiles(mem.storage).withStoredFiles(
          (put) => put.image("testimonials", image, "Dependent"),
          async (name) => name,
        );
        return [{ kind: "image", folder: "testimonials", name: dependent }];
      },
    });
    expect(gone.message).toBe("The testimonial has been deleted.");
    expect(mem.has("testimonials", dependent)).toBe(false);
    expect(audits.slice(-3).map((a) => a.summary)).toEqual(["Added “Worded”", "Changed “Worded”", "Deleted “Worded”"]);
  });

  it("unique: a duplicate (whatever its case when so declared) is refused before the write, a racing one by its violation", async () => {
    const { create, update } = setup();
    const named = (unique: Unique) =>
      defineResource({
        name: "position",
        table: positions,
        id: positions.id,
        columns: { id: positions.id, name: positions.name },
        view: (row: { id: number; name: string }) => row,
        audit: { entity: "position", label: (r) => r.name },
        notFound: "No such position.",
        unique,
      });
    const caseless = named({ columns: [positions.name], ignoreCase: true, message: "Taken." });
    const a = await create(me, caseless, { values: () => ({ name: "Unique A" }) });
    const b = await create(me, caseless, { values: () => ({ name: "Unique B" }) });
    await expect(create(me, caseless, { values: () => ({ name: "unique a" }) })).rejects.toThrow(new ConflictError("Taken."));
    await expect(update(me, caseless, b.id, { set: () => ({ name: "UNIQUE A" }) })).rejects.toThrow(ConflictError);
    // Its own name, in another case, is no duplicate; a change that leaves the name is not looked at.
    expect(await update(me, caseless, a.id, { set: () => ({ name: "unique a" }) })).toEqual({ id: a.id, name: "unique a" });
    // Reported on a field where the API says so.
    const onField = named({ columns: [positions.name], message: "Name taken.", field: "name" });
    const refused = await create(me, onField, { values: () => ({ name: "Unique B" }) }).catch((err) => err);
    expect(refused).toBeInstanceOf(FieldError);
    expect(refused).toMatchObject({ message: "Name taken.", field: "name" });
    // A writer that got past the look (here: the change itself takes the name elsewhere) meets the index.
    const raced = update(me, caseless, a.id, {
      set: async (_, __, tx) => {
        await tx.update(positions).set({ name: "unique a" }).where(eq(positions.id, b.id));
        return {};
      },
    });
    await expect(raced).rejects.toThrow(new ConflictError("Taken."));
    await expect(update(me, caseless, 2_000_000, { set: () => ({}) })).rejects.toThrow(new NotFoundError("No such position."));
  });
});
