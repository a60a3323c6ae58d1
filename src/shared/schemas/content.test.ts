import { describe, expect, it } from "vitest";
import { awardFormSchema, imageOrderSchema, keptImagesSchema, overviewFormSchema, youtubeVideoId } from "./content.ts";

describe("youtubeVideoId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["http://youtube.com/watch?feature=share&v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=10", "dQw4w9WgXcQ"],
    ["www.youtube.com/embed/dQw4w9WgXcQ?rel=0", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["  dQw4w9WgXcQ  ", "dQw4w9WgXcQ"],
  ])("finds the id in %s", (link, id) => expect(youtubeVideoId(link)).toBe(id));

  it.each([
    "https://vimeo.com/76979871",
    "https://www.youtube.com/watch?v=tooShort",
    "https://www.youtube.com/channel/UC1234567890",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "ftp://youtu.be/dQw4w9WgXcQ",
    "javascript:alert(1)",
    "",
  ])("refuses %s", (link) => expect(youtubeVideoId(link)).toBeNull());
});

describe("form fields", () => {
  it("reads the images to keep from text or a list, without blanks or repeats", () => {
    expect(keptImagesSchema.parse(undefined)).toBeUndefined();
    expect(keptImagesSchema.parse("")).toEqual([]);
    expect(keptImagesSchema.parse("a.webp, b.webp,a.webp")).toEqual(["a.webp", "b.webp"]);
    expect(keptImagesSchema.parse(["a.webp", "c.webp"])).toEqual(["a.webp", "c.webp"]);
  });

  it("reads the admin form's image order and refuses anything else", () => {
    expect(imageOrderSchema.parse('["stored:a.webp","new:0"]')).toEqual([
      { kind: "stored", name: "a.webp" },
      { kind: "new", index: 0 },
    ]);
    expect(imageOrderSchema.safeParse('["old:a.webp"]').success).toBe(false);
    expect(imageOrderSchema.safeParse("not json").success).toBe(false);
  });

  it("an award's year is optional, a number or four digits", () => {
    expect(awardFormSchema.parse({ name: "A", year: "2024" }).year).toBe(2024);
    expect(awardFormSchema.parse({ name: "A", year: "" }).year).toBeNull();
    expect(awardFormSchema.parse({ name: "A" }).year).toBeNull();
    expect(awardFormSchema.parse({ name: "A", year: 2019 }).year).toBe(2019);
    expect(awardFormSchema.safeParse({ name: "A", year: "24" }).success).toBe(false);
  });

  it("the overview's values come as a list or one per line", () => {
    const texts = { story: "", vision: "", mission: "", directorName: "", directorMessage: "" };
    expect(overviewFormSchema.parse({ ...texts, values: "Integrity\r\n\nCare " }).values).toEqual(["Integrity", "Care"]);
    expect(overviewFormSchema.parse({ ...texts, values: [" Safety "] }).values).toEqual(["Safety"]);
    expect(overviewFormSchema.safeParse({ ...texts }).success).toBe(false);
  });
});
