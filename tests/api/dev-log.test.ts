import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// A quiet first start: outside production the log is one readable line per request, through the same
// redaction as the JSON lines; production (and the tests, which read them) keep pino's JSON, two lines per request.

function appWithLog(env: Record<string, string>) {
  const lines: string[] = [];
  const app = createTestApp({ env: { LOG_LEVEL: "info", ...env }, logStream: { write: (line: string) => lines.push(line) } });
  return { app, lines };
}

describe("the log in development", () => {
  let t: TestApp;
  let lines: string[];
  beforeAll(async () => {
    const made = appWithLog({ APP_ENV: "development" });
    lines = made.lines;
    t = await made.app;
  }, 120_000);
  afterAll(async () => t?.close());

  it("is one readable line per request: time, method, address, status, duration", async () => {
    const before = lines.length;
    expect((await t.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    const written = lines.slice(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d GET \/healthz 200 \d+ ms\n$/);
  });

  it("keeps secrets out of the line: a token in the address is redacted, a password in the body never written", async () => {
    const before = lines.length;
    await t.inject({ method: "GET", url: "/api/nothing-here?token=tok-SECRET-123&page=2" });
    await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { user: "user", password: "wrong-PASSWORD-456" },
    });
    const text = lines.slice(before).join("");
    expect(text).toMatch(/^\d\d:\d\d:\d\d GET \/api\/nothing-here\?token=\[redacted\]&page=2 404 \d+ ms$/m);
    expect(text).toMatch(/^\d\d:\d\d:\d\d POST \/api\/auth\/login 4\d\d \d+ ms$/m);
    expect(text).not.toContain("tok-SECRET-123");
    expect(text).not.toContain("wrong-PASSWORD-456");
    expect(text).not.toMatch(/^\{/m);
  });
});

describe("the log outside development", () => {
  it("stays pino's JSON, a line when the request comes and one when it is answered", async () => {
    const { app, lines } = appWithLog({});
    const t = await app;
    try {
      await t.inject({ method: "GET", url: "/healthz" });
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(entries.map((e) => e.msg)).toEqual(["incoming request", "request completed"]);
      expect(entries[1]).toMatchObject({ reqId: expect.any(String), res: { statusCode: 200 }, responseTime: expect.any(Number) });
    } finally {
      await t.close();
    }
  }, 120_000);
});
