import { describe, expect, it } from "vitest";
import { loginPathFor, safeRedirectPath } from "./redirects.ts";

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/dealer/profile")).toBe("/dealer/profile");
    expect(safeRedirectPath("/category/solar-panels?page=2")).toBe("/category/solar-panels?page=2");
  });

  it("refuses other hosts, schemes and junk", () => {
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "dealer",
      "",
      "/a\nb",
      null,
      42,
    ]) {
      expect(safeRedirectPath(bad)).toBeNull();
    }
  });

  it("builds the login path that brings the visitor back", () => {
    expect(loginPathFor(new Request("http://x.test/dealer/manual?tour=1"))).toBe("/login?redirectTo=%2Fdealer%2Fmanual%3Ftour%3D1");
  });
});
