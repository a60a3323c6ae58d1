import { describe, expect, it } from "vitest";
import { listHref, pageOf, readListParams, sortRows } from "./list-params.ts";

const options = { sorts: ["name", "price"], defaultSort: "name", filters: ["category"] } as const;

describe("list params", () => {
  it("reads the URL, falling back for unknown or out-of-range values", () => {
    expect(readListParams("/admin/products?q=%20panel%20&sort=price&dir=desc&page=3&pageSize=50&category=7", options)).toEqual({
      q: "panel",
      sort: "price",
      dir: "desc",
      page: 3,
      pageSize: 50,
      filters: { category: "7" },
    });
    expect(readListParams("/x?sort=drop%20table&dir=up&page=-2&pageSize=7", options)).toMatchObject({
      sort: "name",
      dir: "asc",
      page: 1,
      pageSize: 25,
      filters: { category: "" },
    });
  });

  it("reads a card list's Sort by menu sent without JavaScript", () => {
    expect(readListParams("/x?sortBy=price:desc", options)).toMatchObject({ sort: "price", dir: "desc" });
    expect(readListParams("/x?sort=name&dir=asc&sortBy=price:desc", options)).toMatchObject({ sort: "name", dir: "asc" });
  });

  it("goes back to page 1 on any change but the page, and drops empty values", () => {
    const current = new URLSearchParams("q=panel&page=4&category=7");
    expect(listHref("/admin/products", current, { category: "" })).toBe("/admin/products?q=panel");
    expect(listHref("/admin/products", current, { page: 5 })).toBe("/admin/products?q=panel&page=5&category=7");
    expect(listHref("/admin/products", current, { page: 1 })).toBe("/admin/products?q=panel&category=7");
  });

  it("sorts and pages rows loaded whole", () => {
    const rows = [{ n: "b" }, { n: "a" }, { n: "c" }];
    expect(sortRows(rows, (r) => r.n, "desc").map((r) => r.n)).toEqual(["c", "b", "a"]);
    const params = readListParams("/x?q=A&pageSize=10", options);
    expect(pageOf([{ n: "Alpha" }, { n: "beta" }, { n: "gamma" }], params, (r) => r.n)).toEqual({
      rows: [{ n: "Alpha" }, { n: "beta" }, { n: "gamma" }],
      count: 3,
    });
    // The search keeps only matching rows (case-insensitive) and pages them.
    expect(pageOf([{ n: "Alpha" }, { n: "beta" }, { n: "gamma" }], readListParams("/x?q=ALP", options), (r) => r.n)).toEqual({
      rows: [{ n: "Alpha" }],
      count: 1,
    });
    const many = Array.from({ length: 12 }, (_, i) => ({ n: `row ${i + 1}` }));
    expect(pageOf(many, readListParams("/x?pageSize=10&page=2", options), (r) => r.n)).toEqual({
      rows: [{ n: "row 11" }, { n: "row 12" }],
      count: 12,
    });
  });
});
