import { access, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { demoPictures } from "#server/db/schema/demo-pictures.ts";
import { IMAGE_WIDTHS, imageVariantName, MEDIA_FOLDERS } from "#shared/media.ts";
import { ensureBuild } from "../support/ensure-build.ts";
import { picturesDrawn, picturesToDraw, startServer } from "../support/server-process.ts";

// Decision 027: a first start answers once the demo's rows are written; its pictures are drawn after "Site ready".
it("a first start answers before the demo's pictures are drawn, says so in its one line, serves a picture asked for, and a restart draws the rest", {
  timeout: 300_000,
}, async () => {
  await ensureBuild();
  const dataDir = await mkdtemp(path.join(tmpdir(), "solar-first-start-"));
  // An empty render cache: the pictures are really drawn, as on a newcomer's first start, and take their time.
  const coldCache = await mkdtemp(path.join(tmpdir(), "solar-first-start-cache-"));
  try {
    let server = await startServer({ DATA_DIR: dataDir, SEED_MEDIA_CACHE: coldCache }, 180_000);
    // The quiet start: the one line with its note, then the demo accounts; no progress.
    const lines = server.output().trim().split("\n");
    expect(lines[0]).toMatch(/^Site ready at http:\/\/localhost:\d+\/ \(pglite, \d+ ms; demo pictures drawing in the background; /);
    expect(lines.slice(1).join("\n")).not.toMatch(/picture/i);
    // The line, a blank, the heading, ten accounts (four demo, two of the dealer's team, four back-office roles), the note.
    expect(lines).toHaveLength(14);
    expect(await picturesToDraw(server.url)).toBeGreaterThan(100);

    // The pages answer meanwhile, and a picture one shows is drawn for the request that asks for it.
    const page = await fetch(`${server.url}/products`);
    expect(page.status).toBe(200);
    const shown = (await page.text()).match(/\/media\/[A-Za-z]+\/[A-Za-z0-9._-]+-w400\.webp/g) ?? [];
    expect(shown.length).toBeGreaterThan(3);
    for (const url of [shown[0], (shown[1] as string).replace(/\.webp$/, ".avif")]) {
      const picture = await fetch(`${server.url}${url}`);
      expect(picture.status, url).toBe(200);
      expect(picture.headers.get("content-type"), url).toMatch(/^image\/(webp|avif)$/);
    }
    await server.stop();

    // Restarted part-way (with the run's render cache, so the rest is quick): the accounts are not printed again,
    // the line says the pictures are still being drawn, and they are, to the last.
    server = await startServer({ DATA_DIR: dataDir }, 180_000);
    expect(server.output()).not.toContain("Demo accounts");
    expect(server.output()).toContain("demo pictures drawing in the background");
    await picturesDrawn(server.url, 180_000);
    await server.stop();

    // A third start has nothing to draw and says nothing of pictures.
    server = await startServer({ DATA_DIR: dataDir }, 180_000);
    expect(server.output()).not.toContain("picture");
    await server.stop();

    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect((await database.db.select({ n: count() }).from(demoPictures))[0]?.n).toBe(0);
      for (const p of await database.db.select({ images: products.images }).from(products)) {
        for (const name of p.images) {
          for (const file of [name, ...IMAGE_WIDTHS.map((w) => imageVariantName(name, w))]) {
            await access(path.join(dataDir, "uploads", "public", MEDIA_FOLDERS.products, file));
          }
        }
      }
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await rm(coldCache, { recursive: true, force: true });
  }
});
