import { describe, expect, it } from "vitest";
import { COMPARE_MAX, compareHref, EMPTY_COMPARE_LIST, parseCompareIds, readCompareList, toggleCompare } from "./compare.ts";

const panel = (id: number) => ({ id, category: "solar-panels" });

describe("the compare list's rules", () => {
  it("adds products of one category, up to four, and removes one chosen again", () => {
    let list = EMPTY_COMPARE_LIST;
    for (const id of [3, 1, 7, 2]) {
      const r = toggleCompare(list, panel(id));
      expect(r.outcome).toBe("added");
      list = r.list;
    }
    expect(list).toEqual({ category: "solar-panels", ids: [3, 1, 7, 2] });
    expect(COMPARE_MAX).toBe(4);
    // A fifth is refused; the list is kept.
    expect(toggleCompare(list, panel(9))).toEqual({ list, outcome: "full" });
    // Chosen again: out of the list, the others keep their order.
    expect(toggleCompare(list, panel(1))).toEqual({ list: { category: "solar-panels", ids: [3, 7, 2] }, outcome: "removed" });
  });

  it("refuses a product of another category, and starts afresh once the list is empty", () => {
    const list = { category: "solar-panels", ids: [3] };
    expect(toggleCompare(list, { id: 20, category: "hybrid-inverters" })).toEqual({ list, outcome: "other-category" });
    const emptied = toggleCompare(list, panel(3)).list;
    expect(emptied).toEqual(EMPTY_COMPARE_LIST);
    expect(toggleCompare(emptied, { id: 20, category: "hybrid-inverters" })).toEqual({
      list: { category: "hybrid-inverters", ids: [20] },
      outcome: "added",
    });
  });

  it("reads a stored list, keeping its rules; anything else is an empty list", () => {
    expect(readCompareList('{"category":"solar-panels","ids":[1,2]}')).toEqual({ category: "solar-panels", ids: [1, 2] });
    expect(readCompareList('{"category":"solar-panels","ids":[1,1,"2",0,-3,2.5,4,5,6,7]}')).toEqual({
      category: "solar-panels",
      ids: [1, 4, 5, 6],
    });
    for (const raw of [null, "", "not json", "null", "[]", '{"ids":[1]}', '{"category":"","ids":[1]}', '{"category":"x","ids":[]}'])
      expect(readCompareList(raw)).toEqual(EMPTY_COMPARE_LIST);
  });
});

describe("a comparison's address", () => {
  it("is made of the ids in order, with diff=1 for only the differences", () => {
    expect(compareHref([1, 2, 3])).toBe("/compare?ids=1,2,3");
    expect(compareHref([1, 2], true)).toBe("/compare?ids=1,2&diff=1");
    expect(compareHref([])).toBe("/compare");
  });

  it("is read in order, repeats and non-ids left out, the first four compared and the rest counted", () => {
    expect(parseCompareIds("3,1,2")).toEqual({ ids: [3, 1, 2], extra: 0 });
    expect(parseCompareIds(" 3, 3,x,,0,-1,1.5,99999999999,2 ")).toEqual({ ids: [3, 2], extra: 0 });
    expect(parseCompareIds("1,2,3,4,5,6")).toEqual({ ids: [1, 2, 3, 4], extra: 2 });
    expect(parseCompareIds(null)).toEqual({ ids: [], extra: 0 });
    expect(parseCompareIds("")).toEqual({ ids: [], extra: 0 });
  });
});
