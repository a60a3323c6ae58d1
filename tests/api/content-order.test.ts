import { readFile } from "node:fs/promises";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faqs, positions, teamMembers, testimonials } from "#server/db/schema/content.ts";
import { createContentService } from "#server/modules/content/content.service.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/** FAQs, testimonials and team members kept in the admin's order, moved one place up or down. */

let t: TestApp;
let admin: Record<string, string>;
let user: Record<string, string>;
let dealer: Record<string, string>;
let positionName: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, user, dealer] = await Promise.all([t.loginAs("admin"), t.loginAs("user"), t.loginAs("dealer")]);
  positionName = (await t.inject({ method: "GET", url: "/api/positions/" })).json()[0].name;
});
afterAll(() => t?.close());

type Kind = {
  name: string;
  table: typeof faqs | typeof testimonials | typeof teamMembers;
  list: string;
  add: string;
  body: (n: string) => object;
  move: (id: number) => string;
};
const KINDS: Kind[] = [
  {
    name: "FAQs (the FAQ page)",
    table: faqs,
    list: "/api/faqs",
    add: "/api/faqs",
    body: (n) => ({ question: `Order question ${n}?`, answer: "An answer." }),
    move: (id) => `/api/faqs/${id}/move`,
  },
  {
    name: "testimonials (the home page)",
    table: testimonials,
    list: "/api/testimonials/get-testimonials",
    add: "/api/testimonials/add-testimonial",
    body: (n) => ({ person: `Order person ${n}`, person_role: "Client", message: "Good work." }),
    move: (id) => `/api/testimonials/${id}/move`,
  },
  {
    name: "team members (the About page)",
    table: teamMembers,
    list: "/api/team/get-team",
    add: "/api/team/add-team",
    body: (n) => ({ name: `Order member ${n}`, position: positionName, bio: "" }),
    move: (id) => `/api/team/${id}/move`,
  },
];

const ids = async (url: string): Promise<number[]> => (await t.inject({ method: "GET", url })).json().map((r: { id: number }) => r.id);
const move = (url: string, direction: string, headers: Record<string, string> = admin) =>
  t.inject({ method: "POST", url, headers, payload: { direction } });

describe.each(KINDS)("$name", (kind) => {
  it("are numbered 0, 1, 2 … in the order the site shows them", async () => {
    const rows = await t.database.db
      .select({ id: kind.table.id, n: kind.table.sortOrder })
      .from(kind.table)
      .orderBy(asc(kind.table.sortOrder), asc(kind.table.id));
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.map((r) => r.n)).toEqual(rows.map((_, i) => i));
    expect(await ids(kind.list)).toEqual(rows.map((r) => r.id));
  });

  it("a new one goes last; moving it up and down changes the public order; the ends stay put", async () => {
    const before = await ids(kind.list);
    const added = await t.inject({ method: "POST", url: kind.add, headers: admin, payload: kind.body("A") });
    expect(added.statusCode, added.body).toBe(201);
    const id: number = added.json().id;
    expect(await ids(kind.list)).toEqual([...before, id]);

    const up = await move(kind.move(id), "up");
    expect(up.statusCode, up.body).toBe(200);
    const expected = [...before.slice(0, -1), id, before.at(-1) as number];
    expect(up.json().order).toEqual(expected);
    expect(up.json().message).toMatch(/has been moved up\.$/);
    expect(await ids(kind.list)).toEqual(expected);

    const down = await move(kind.move(id), "down");
    expect(down.statusCode).toBe(200);
    expect(await ids(kind.list)).toEqual([...before, id]);

    // The last moved down and the first moved up: 200, the list as it is, nothing written.
    const last = await move(kind.move(id), "down");
    expect(last.statusCode).toBe(200);
    expect(last.json()).toEqual({ message: expect.stringMatching(/is already last\.$/), order: [...before, id] });
    const first = await move(kind.move(before[0] as number), "up");
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toMatch(/is already first\.$/);
    expect(await ids(kind.list)).toEqual([...before, id]);
  });

  it("only admins move: 401 for visitors, 403 for users and dealers; 404 for an unknown id, 400 for a bad direction", async () => {
    const [first, second] = await ids(kind.list);
    const url = kind.move(second as number);
    expect((await t.inject({ method: "POST", url, payload: { direction: "up" } })).statusCode).toBe(401);
    expect((await move(url, "up", user)).statusCode).toBe(403);
    expect((await move(url, "up", dealer)).statusCode).toBe(403);
    expect((await move(kind.move(2_147_483_000), "up")).statusCode).toBe(404);
    expect((await move(url, "sideways")).statusCode).toBe(400);
    expect((await ids(kind.list)).slice(0, 2)).toEqual([first, second]);
  });
});

describe("migration 0009", () => {
  it("numbers existing rows 0, 1, 2 … in their display order (sort_order, then id), ties and gaps included", async () => {
    const db = t.database.db;
    const shown = await ids("/api/faqs");
    // Gaps and ties as older data may have them: every FAQ at 10 × its place, the first two tied.
    for (const [i, id] of shown.entries())
      await db
        .update(faqs)
        .set({ sortOrder: Math.max(1, i) * 10 })
        .where(eq(faqs.id, id));
    const migration = await readFile(new URL("../../drizzle/0009_content_order.sql", import.meta.url), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
    const rows = await db.select({ id: faqs.id, n: faqs.sortOrder }).from(faqs).orderBy(asc(faqs.sortOrder));
    expect(rows.map((r) => r.n)).toEqual(rows.map((_, i) => i));
    expect(rows.map((r) => r.id)).toEqual(shown);
    expect(await ids("/api/faqs")).toEqual(shown);
  });
});

describe("positions held", () => {
  it("counts the team members holding each position by its id, not by a name they may share", async () => {
    const content = createContentService(t.database.db);
    const [position] = await t.database.db.select().from(positions).orderBy(asc(positions.id)).limit(1);
    if (!position) throw new Error("no seeded position");
    const members = await t.database.db.select().from(teamMembers);
    const holding = members.filter((m) => m.positionId === position.id).length;
    // A member whose position text says the name but who holds no position (an old row) is not counted.
    await t.database.db.insert(teamMembers).values({ name: "Stray", position: position.name, positionId: null });
    const held = await content.listPositionsHeld();
    expect(held.find((p) => p.id === position.id)).toEqual({ id: position.id, name: position.name, held: holding });
    expect(held.map((p) => p.id)).toEqual((await content.listPositions()).map((p) => p.id));
    await t.database.db.delete(teamMembers).where(eq(teamMembers.name, "Stray"));
  });
});
