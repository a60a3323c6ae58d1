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

  it("lets styles come from this origin or with the response's nonce, never inline without it nor as style attributes", () => {
    // Decision 011: no 'unsafe-inline' (L4); <style> elements need the nonce, and style="…" attributes are refused.
    expect(policy.get("style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get("style-src-attr")).toEqual(["'none'"]);
    expect(contentSecurityPolicy(nonce)).not.toContain("'unsafe-inline'");
    expect(contentSecurityPolicy(nonce)).not.toContain("style-src-elem");
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
