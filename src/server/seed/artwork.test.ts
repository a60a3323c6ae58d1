import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, imageVariantName } from "#shared/media.ts";
import { createDiskStorage } from "../platform/storage/storage.ts";
import { portraitSvg, renderWebp, setRenderCache, storeImage } from "./artwork.ts";

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "artwork-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  setRenderCache(undefined);
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe("the render cache (SEED_MEDIA_CACHE)", () => {
  it("renders once and reads the same drawing back from the cache, not the renderer", async () => {
    const cache = await tempDir();
    setRenderCache(cache);
    const svg = portraitSvg("Tendai Moyo", 1);
    const first = await renderWebp(svg);
    expect(first.subarray(8, 12).toString()).toBe("WEBP");
    const [file] = await readdir(cache);
    // What the cache holds is what the next render gives: a marker written there comes back.
    await writeFile(path.join(cache, file as string), "cached");
    expect((await renderWebp(svg)).toString()).toBe("cached");
    // Another drawing is rendered anew.
    expect((await renderWebp(portraitSvg("Rudo Chari", 2))).subarray(8, 12).toString()).toBe("WEBP");
  });

  it("stores an image's widths with the same bytes whether they were rendered or read from the cache", async () => {
    const svg = portraitSvg("Farai Ncube", 3);
    const plain = await tempDir();
    await storeImage(createDiskStorage(plain), "testimonials", "farai.webp", svg);
    const cache = await tempDir();
    setRenderCache(cache);
    const warmed = await tempDir();
    await storeImage(createDiskStorage(warmed), "testimonials", "farai.webp", svg);
    const fromCache = await tempDir();
    await storeImage(createDiskStorage(fromCache), "testimonials", "farai.webp", svg);
    for (const name of ["farai.webp", ...IMAGE_WIDTHS.map((w) => imageVariantName("farai.webp", w))]) {
      const [a, b, c] = await Promise.all(
        [plain, warmed, fromCache].map((root) => readFile(path.join(root, "public", "testimonials", name))),
      );
      expect(b?.equals(a as Buffer)).toBe(true);
      expect(c?.equals(a as Buffer)).toBe(true);
    }
    expect(await readdir(cache)).toHaveLength(IMAGE_WIDTHS.length);
  });
});
