import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDiskStorage, type Storage } from "../storage/storage.ts";
import { createDerivedImages } from "./derived.ts";

let dir: string;
let storage: Storage;
let puts: string[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "derived-"));
  const disk = createDiskStorage(dir);
  puts = [];
  storage = {
    ...disk,
    put: (v, key, body) => {
      puts.push(key);
      return disk.put(v, key, body);
    },
  };
  const webp = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#1d3a6b" } })
    .webp()
    .toBuffer();
  await disk.put("public", "blogs/sky-w400.webp", webp);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it("encodes a variant once when several requests for it arrive together, then reads the kept file", async () => {
  const images = createDerivedImages(storage);
  const answers = await Promise.all([1, 2, 3].map(() => images.get("blogs", "sky-w400.avif")));
  expect(answers.every((a) => a?.type === "image/avif")).toBe(true);
  expect(puts).toEqual(["blogs/sky-w400.avif"]);
  const later = await images.get("blogs", "sky-w400.avif");
  expect(later?.type).toBe("image/avif");
  expect(puts).toHaveLength(1);
});

it("makes the thumbnail width from the 400 px WebP, as AVIF and WebP, 288 px wide", async () => {
  const images = createDerivedImages(storage);
  for (const [file, type] of [
    ["sky-w288.avif", "image/avif"],
    ["sky-w288.webp", "image/webp"],
  ] as const) {
    const answer = await images.get("blogs", file);
    expect(answer?.type).toBe(type);
    const meta = await sharp(answer?.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([288, 216]);
  }
  expect(await images.ensure("blogs", "none-w288.avif")).toBe(false);
});

it("refuses names that are not a stored width's twin", async () => {
  const images = createDerivedImages(storage);
  expect(await images.get("blogs", "sky.avif")).toBeNull();
  expect(await images.get("blogs", "sky-w400.png")).toBeNull();
  expect(await images.get("blogs", "none-w400.jpg")).toBeNull();
  expect(await images.get("blogs", "sky-w288.jpg")).toBeNull();
  expect(await images.get("blogs", "sky-w289.webp")).toBeNull();
});
