import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./csp.ts";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe("contentSecurityPolicy", () => {
  const nonce = "q1w2e3r4t5y6u7i8o9p0aA==";
  const policy = directives(contentSecurityPolicy(nonce));

  it("lets scripts run from this origin or with the response's nonce, never inline without it", () => {
    const scripts = policy.get("script-src");
    expect(scripts).toEqual(expect.arrayContaining(["'self'", `'nonce-${nonce}'`]));
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    // No directive falls back to inline scripts either.
    expect(policy.get("default-src")).not.toContain("'unsafe-inline'");
  });

  it("uses the nonce it is given", () => {
    expect(contentSecurityPolicy("other")).toContain("'nonce-other'");
    expect(contentSecurityPolicy("other")).not.toContain(nonce);
  });

  it("forbids framing, plugins and foreign <base> URLs", () => {
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
  });

  it("lets forms go on to the payment provider's origin only when it is given", () => {
    const withPaynow = directives(contentSecurityPolicy(nonce, { formAction: ["https://www.paynow.co.zw"] }));
    expect(withPaynow.get("form-action")).toEqual(["'self'", "https://www.paynow.co.zw"]);
  });
});
