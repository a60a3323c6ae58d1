import { describe, expect, it } from "vitest";
import { excerpt, fileType, formatDate, imageList, paragraphs } from "./format.ts";

describe("excerpt", () => {
  it("keeps short texts whole", () => {
    expect(excerpt("A short story.")).toBe("A short story.");
  });

  it("cuts at 150 characters on a word boundary with an ellipsis", () => {
    const text = `${"word ".repeat(40)}end`;
    const cut = excerpt(text);
    expect(cut.endsWith("word…")).toBe(true);
    expect(cut.length - 1).toBeLessThanOrEqual(150);
    expect(cut).not.toMatch(/\s…$/);
  });

  it("keeps a word that ends exactly at the limit and drops trailing punctuation", () => {
    const text = `${"a".repeat(149)}, next`;
    expect(excerpt(text)).toBe(`${"a".repeat(149)}…`);
    expect(excerpt(`${"b".repeat(150)} more`)).toBe(`${"b".repeat(150)}…`);
  });

  it("cuts a single long word at the limit", () => {
    expect(excerpt("x".repeat(200))).toBe(`${"x".repeat(150)}…`);
  });

  it("flattens line breaks", () => {
    expect(excerpt("one\n\ntwo")).toBe("one two");
  });
});

describe("helpers", () => {
  it("formats dates in the company's time zone", () => {
    expect(formatDate("2026-03-01T23:30:00Z")).toBe("2 March 2026");
    expect(formatDate("nonsense")).toBe("");
  });

  it("splits image lists and paragraphs", () => {
    expect(imageList("a.webp, b.webp,")).toEqual(["a.webp", "b.webp"]);
    expect(imageList("")).toEqual([]);
    expect(paragraphs("one\n\ntwo\n \nthree")).toEqual(["one", "two", "three"]);
  });

  it("names a file's type", () => {
    expect(fileType("iso-9001.pdf")).toBe("PDF");
    expect(fileType("README")).toBe("File");
  });
});
