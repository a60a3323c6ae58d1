import { describe, expect, it } from "vitest";
import { PRODUCTS } from "./demo-catalogue.ts";
import { BLOGS, CASE_STUDIES } from "./demo-content.ts";
import { PRODUCT_VIEWS, productArt } from "./product-art.ts";
import { blogArt, caseStudyArt } from "./scene-art.ts";

/** The words an SVG writes (its <text> elements). */
const words = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] as string);

describe("the demo's drawings", () => {
  it("draw every product its own way, three different views each, without its name written on the picture", () => {
    const fronts = new Set<string>();
    for (const p of PRODUCTS) {
      const views = PRODUCT_VIEWS.map((_, v) => productArt(p, v));
      expect(new Set(views).size, p.name).toBe(3);
      fronts.add(views[0] as string);
      for (const svg of views) {
        for (const w of words(svg)) {
          expect(p.name.includes(w) && w.length > 12, `${p.name}: "${w}"`).toBe(false);
        }
      }
    }
    expect(fronts.size).toBe(PRODUCTS.length);
  });

  it("give every case study and every blog a scene of its own, with no title on it", () => {
    const scenes = [...CASE_STUDIES.map((c) => caseStudyArt(c.projectName, 0)), ...BLOGS.map((b) => blogArt(b.title, 0))];
    expect(new Set(scenes).size).toBe(scenes.length);
    for (const c of CASE_STUDIES) {
      const views = Array.from({ length: c.images }, (_, v) => caseStudyArt(c.projectName, v));
      expect(new Set(views).size, c.projectName).toBe(c.images);
    }
    for (const b of BLOGS) {
      const views = Array.from({ length: b.images }, (_, v) => blogArt(b.title, v));
      expect(new Set(views).size, b.title).toBe(b.images);
    }
    for (const svg of scenes) expect(words(svg).join(" ")).not.toMatch(/Marondera|Gokwe|Avondale|Victoria|load-shedding|Becoming/);
  });
});
