import { describe, expect, it } from "vitest";
import { pageMeta, siteNameFrom } from "./meta.ts";

describe("siteNameFrom", () => {
  it("reads the company name from the root match, with the product name as fallback", () => {
    expect(siteNameFrom([{ id: "root", loaderData: { settings: { companyName: "Sun Co" } } }, undefined])).toBe("Sun Co");
    expect(siteNameFrom([{ id: "routes/home" }])).toBe("Solar Demo");
  });

  it("gives the title pattern '{Page} | {site name}' and a description", () => {
    const tags = pageMeta([{ id: "root", loaderData: { settings: { companyName: "Sun Co" } } }], "Login", { description: "Log in." });
    expect(tags).toContainEqual({ title: "Login | Sun Co" });
    expect(tags).toContainEqual({ name: "description", content: "Log in." });
  });
});
