import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../support/ensure-build.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// The platform as the built site serves it: API and pages in one app (web: "production"), through inject().

let t: TestApp;
beforeAll(async () => {
  await ensureBuild();
  t = await createTestApp({ web: "production" });
}, 600_000);
afterAll(() => t?.close());

describe("/media misses (I6)", () => {
  it("answer the app's own 404, { message }, not @fastify/static's default", async () => {
    for (const url of ["/media/products/no-such-file.webp", "/media/no-such-folder/x.png", "/media/products/missing-w800.avif"]) {
      const res = await t.inject({ method: "GET", url });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 404, body: { message: "Not found." } });
    }
  });
});
