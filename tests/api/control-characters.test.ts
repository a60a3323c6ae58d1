import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../support/multipart.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// L2: a NUL byte (or another C0 control character) in any text field is refused with 400, never a 500.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MESSAGE = "Text may not contain control characters.";

describe("control characters in text fields", () => {
  it("are refused with 400 in JSON bodies, query strings and multipart fields of several routes", async () => {
    const admin = await t.loginAs("admin");
    const dealer = await t.loginAs("dealer");
    const cases = {
      "contact notes": await t.inject({
        method: "POST",
        url: "/api/contact",
        payload: { fullName: "Chipo", email: "chipo@example.com", phone: "", notes: "Hello\u0000there", requestQuote: false },
      }),
      "sign-up name": await t.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { fullName: "Nul\u0000Byte", username: "nulbyte", email: "nul@example.com", password: "sunshine-42-Harare" },
      }),
      "login user": await t.inject({ method: "POST", url: "/api/auth/login", payload: { user: "admin\u0000", password: "x" } }),
      "profile (escape)": await t.inject({
        method: "PUT",
        url: "/api/auth/update-profile/1",
        payload: { fullName: "Bell\u0007" },
        headers: dealer,
      }),
      "search query": await t.inject({ method: "GET", url: "/api/messages?q=%00", headers: admin }),
      "blog title (multipart)": await t.inject({
        method: "POST",
        url: "/api/blogs",
        ...(() => {
          const body = multipart([
            { name: "title", data: "Panels\u0000" },
            { name: "author", data: "Rudo" },
            { name: "story", data: "Text" },
          ]);
          return { payload: body.payload, headers: { ...body.headers, ...admin } };
        })(),
      }),
    };
    for (const [name, res] of Object.entries(cases)) {
      expect({ name, status: res.statusCode, message: res.json().message }).toEqual({ name, status: 400, message: MESSAGE });
    }
  });

  it("leaves tabs and line breaks to each field's schema", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/contact",
      payload: { fullName: "Chipo", email: "chipo@example.com", phone: "", notes: "Line one\r\n\tLine two", requestQuote: false },
    });
    expect(res.statusCode).toBeLessThan(300);
  });
});
