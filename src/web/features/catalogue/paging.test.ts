import { describe, expect, it } from "vitest";
import { pageCount, pageNumbers, pagingFrom, pagingSearch } from "./paging.ts";

describe("category paging", () => {
  it("reads page and page size from the address, falling back to page 1 and 12", () => {
    expect(pagingFrom(new URLSearchParams("page=2&pageSize=24"))).toEqual({ page: 2, pageSize: 24 });
    expect(pagingFrom(new URLSearchParams(""))).toEqual({ page: 1, pageSize: 12 });
    expect(pagingFrom(new URLSearchParams("page=0&pageSize=7"))).toEqual({ page: 1, pageSize: 12 });
    expect(pagingFrom(new URLSearchParams("page=x&pageSize=1e3"))).toEqual({ page: 1, pageSize: 12 });
    expect(pagingFrom(new URLSearchParams("page=1.5&pageSize=6"))).toEqual({ page: 1, pageSize: 6 });
  });

  it("writes only what differs from the defaults", () => {
    expect(pagingSearch({ page: 1, pageSize: 12 })).toBe("");
    expect(pagingSearch({ page: 3, pageSize: 12 })).toBe("?page=3");
    expect(pagingSearch({ page: 1, pageSize: 6 })).toBe("?pageSize=6");
    expect(pagingSearch({ page: 2, pageSize: 48 })).toBe("?page=2&pageSize=48");
  });

  it("counts pages and picks the page links", () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(13, 6)).toBe(3);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(10, 20)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 20]);
    expect(pageNumbers(2, 20)).toEqual([1, 2, 3, 4, "gap", 20]);
  });
});
