import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createDiskStorage } from "../storage/storage.ts";
import { removePublicImage, storePublicFile, storePublicImage } from "./public-images.ts";

describe("public images", () => {
  it("stores every width under a server-made name and removes them all", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "pubimg-"));
    const storage = createDiskStorage(root);
    const body = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#de7a37" } })
      .png()
      .toBuffer();
    const name = await storePublicImage(storage, "products", { body, width: 1600 }, "../Évil Name.png");
    expect(name).toMatch(/^evil-name-png-[0-9a-f]{10}\.webp$/);
    const files = await readdir(path.join(root, "public", "products"));
    expect(files.sort()).toEqual([name, ...[400, 800, 1200].map((w) => name.replace(/\.webp$/, `-w${w}.webp`))].sort());
    expect((await sharp(path.join(root, "public", "products", name)).metadata()).width).toBe(1200);
    // Derived files made since (AVIF twins, the thumbnail) go with it.
    for (const derived of ["-w400.avif", "-w288.avif", "-w288.webp", "-w1200.jpg"]) {
      await storage.put("public", `products/${name.replace(/\.webp$/, derived)}`, Buffer.from("x"));
    }
    await removePublicImage(storage, "products", name);
    expect(await readdir(path.join(root, "public", "products"))).toEqual([]);
  });

  it("names stored files by the server, whatever the client called them", async () => {
    const storage = createDiskStorage(await mkdtemp(path.join(tmpdir(), "pubfile-")));
    const name = await storePublicFile(storage, "datasheets", Buffer.from("%PDF-1.4"), "../../etc/passwd\0.pdf", "pdf");
    expect(name).toMatch(/^etc-passwd-pdf-[0-9a-f]{10}\.pdf$/);
  });
});
