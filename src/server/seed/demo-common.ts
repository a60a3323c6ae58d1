import type { MEDIA_FOLDERS } from "#shared/media.ts";
import { centsToDecimal } from "#shared/money.ts";
import type { PictureList } from "./pictures.ts";

/** `pictures`: where the demo's pictures are recorded, to be drawn after the site is up (pictures.ts); null: no
 * files at all (the API tests' demo, rows only). */
export type DemoContentOptions = { dealerUserId: number; pictures: PictureList | null };

export const COMPANY = "Solar Demo";
export const DAY = 86_400_000;

export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A small seeded generator so every fresh demo site is the same. */
export function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A demo price written as a number of dollars in the data tables (189.5), as the decimal text every amount is kept in. */
export const money = (dollars: number) => centsToDecimal(BigInt(Math.round(dollars * 100)));

/** How the demo's parts record their files: a picture drawn after the site is up (its name returned), a PDF written with the rows. */
export type DemoFiles = {
  image: (folder: (typeof MEDIA_FOLDERS)[keyof typeof MEDIA_FOLDERS], name: string, svg: () => string) => string;
  pdf: (key: string, make: () => Promise<Buffer>) => void;
};
