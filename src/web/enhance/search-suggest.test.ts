// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { announcement, attachSuggest, DELAY_MS, type SearchAnswer, suggestionsOf } from "./search-suggest.ts";

// The search boxes' suggestions (enhance/search-suggest.ts) on a box as the header draws it, with a fake API.

const ANSWER: SearchAnswer = {
  products: [
    { product_id: 7, product_name: "SunVolt Hybrid 5kW 48V", brand_name: "SunVolt", sku: "SV-HYB5K-48" },
    { product_id: 8, product_name: "Kariba Inverter 3kW", brand_name: null, sku: null },
  ],
  content: [{ kind: "faq", title: "Which inverter do I need?", url: "/faqs" }],
};

type Call = { q: string; signal: AbortSignal; resolve: (a: SearchAnswer) => void; reject: (e: unknown) => void };
let calls: Call[];
let input: HTMLInputElement;

const fakeFetch = (q: string, signal: AbortSignal) =>
  new Promise<SearchAnswer>((resolve, reject) => {
    calls.push({ q, signal, resolve, reject });
    signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  });

function type(text: string) {
  input.value = text;
  input.dispatchEvent(new Event("input"));
}
const key = (k: string) => input.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
const list = () => document.getElementById(input.getAttribute("aria-controls") ?? "") as HTMLElement;
const options = () => [...list().querySelectorAll<HTMLAnchorElement>("[role=option]")];
const status = () => document.querySelector("[role=status]")?.textContent;
const settle = async () => {
  await Promise.resolve();
  await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  document.body.innerHTML = `<search><form method="get" action="/search"><label for="header-q">Search</label>
    <input id="header-q" name="q" type="search" data-search-suggest></form></search>`;
  input = document.querySelector("input") as HTMLInputElement;
  attachSuggest(input, fakeFetch);
});
afterEach(() => vi.useRealTimers());

it("lists products, then articles and answers, then all results; the live region counts them", () => {
  const s = suggestionsOf("inverter", ANSWER);
  expect(s.map((x) => [x.group, x.href, x.label, x.detail])).toEqual([
    ["products", "/product/7", "SunVolt Hybrid 5kW 48V", "SunVolt · SV-HYB5K-48"],
    ["products", "/product/8", "Kariba Inverter 3kW", ""],
    ["content", "/faqs", "Which inverter do I need?", "FAQ"],
    ["all", "/search?q=inverter", "See all results for “inverter”", ""],
  ]);
  expect(suggestionsOf("a&b c", { products: [], content: [] })[0]?.href).toBe("/search?q=a%26b+c");
  expect([announcement(0), announcement(1), announcement(5)]).toEqual(["No suggestions", "1 suggestion", "5 suggestions"]);
});

it("makes the input a collapsed combobox controlling a hidden listbox", () => {
  expect(input.getAttribute("role")).toBe("combobox");
  expect(input.getAttribute("aria-autocomplete")).toBe("list");
  expect(input.getAttribute("aria-expanded")).toBe("false");
  expect(list().getAttribute("role")).toBe("listbox");
  expect(list().hidden).toBe(true);
});

it("asks once, after a pause in the typing, from two characters", async () => {
  type("i");
  vi.advanceTimersByTime(DELAY_MS * 2);
  expect(calls).toHaveLength(0);
  type("in");
  vi.advanceTimersByTime(DELAY_MS - 50);
  type("inv");
  vi.advanceTimersByTime(DELAY_MS - 50);
  type("inve");
  expect(calls).toHaveLength(0);
  vi.advanceTimersByTime(DELAY_MS);
  expect(calls.map((c) => c.q)).toEqual(["inve"]);
  calls[0]?.resolve(ANSWER);
  await settle();
  expect(input.getAttribute("aria-expanded")).toBe("true");
  expect(options().map((o) => o.getAttribute("href"))).toEqual(["/product/7", "/product/8", "/faqs", "/search?q=inve"]);
  expect(list().querySelectorAll("[role=group]")).toHaveLength(2);
  expect(status()).toBe("3 suggestions");
});

it("aborts the request under way when the typing goes on, and drops an answer for older text", async () => {
  type("inv");
  vi.advanceTimersByTime(DELAY_MS);
  type("inver");
  expect(calls[0]?.signal.aborted).toBe(true);
  vi.advanceTimersByTime(DELAY_MS);
  calls[0]?.resolve({ products: [], content: [] }); // too late: ignored
  calls[1]?.resolve(ANSWER);
  await settle();
  expect(status()).toBe("3 suggestions");
  expect(options()[3]?.getAttribute("href")).toBe("/search?q=inver");
});

it("moves with the arrows, names the active option, closes on Escape and below two characters", async () => {
  type("inverter");
  vi.advanceTimersByTime(DELAY_MS);
  calls[0]?.resolve(ANSWER);
  await settle();
  key("ArrowDown");
  expect(input.getAttribute("aria-activedescendant")).toBe(options()[0]?.id);
  expect(options()[0]?.getAttribute("aria-selected")).toBe("true");
  key("ArrowDown");
  expect(input.getAttribute("aria-activedescendant")).toBe(options()[1]?.id);
  key("ArrowUp");
  key("ArrowUp");
  expect(input.hasAttribute("aria-activedescendant")).toBe(false);
  key("ArrowUp"); // from the input, up goes to the last option
  expect(input.getAttribute("aria-activedescendant")).toBe(options()[3]?.id);
  key("Escape");
  expect(input.getAttribute("aria-expanded")).toBe("false");
  expect(input.hasAttribute("aria-activedescendant")).toBe(false);
  key("ArrowDown"); // opens again
  expect(input.getAttribute("aria-expanded")).toBe("true");
  type("i");
  expect(list().hidden).toBe(true);
});

it("says so when nothing is found, and keeps the way to all results", async () => {
  type("zzqq");
  vi.advanceTimersByTime(DELAY_MS);
  calls[0]?.resolve({ products: [], content: [] });
  await settle();
  expect(status()).toBe("No suggestions");
  expect(options().map((o) => o.textContent)).toEqual(["See all results for “zzqq”"]);
});

it("stays closed when the API fails: the form still searches", async () => {
  type("inverter");
  vi.advanceTimersByTime(DELAY_MS);
  calls[0]?.reject(new Error("503"));
  await settle();
  expect(input.getAttribute("aria-expanded")).toBe("false");
});
