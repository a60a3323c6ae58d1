import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Bad input the fuzz tests (tests/fuzz/api-fuzz.test.ts) found answered with a 5xx, each pinned here as a plain
 * request with the answer a client must get.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("bad input found by the fuzz tests", () => {
  it("a body that is not JSON, to a route with its own 400 shape, is a 400 (not a serialization 500)", async () => {
    for (const payload of ["{", "\u0000abc"]) {
      const res = await t.inject({ method: "POST", url: "/api/auth/register", headers: { "content-type": "application/json" }, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json().message).toMatch(/not valid JSON/);
    }
  });
});
