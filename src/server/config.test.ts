import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("uses the embedded defaults when nothing is set", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ env: "development", port: 3000, host: "0.0.0.0", databaseUrl: undefined, smtpUrl: undefined, s3: undefined });
    expect(c.dataDir).toBe(path.resolve("./data"));
  });

  it("names the variable and its value when a value is bad", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/^Invalid PORT="abc": /);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/^Invalid DATABASE_URL="mysql:\/\/x": must be a postgres/);
    expect(() => loadConfig({ SMTP_URL: "not a url" })).toThrow(/^Invalid SMTP_URL/);
    expect(() => loadConfig({ NODE_ENV: "staging" })).toThrow(/^Invalid NODE_ENV/);
  });

  it("refuses production without SITE_URL", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/^Missing SITE_URL/);
    expect(loadConfig({ NODE_ENV: "production", SITE_URL: "https://solar.example/" }).siteUrl).toBe("https://solar.example");
  });

  it("reads PostgreSQL, SMTP and S3 settings", () => {
    const c = loadConfig({
      DATABASE_URL: "postgres://u@db:5432/solar",
      SMTP_URL: "smtp://mail:25",
      S3_BUCKET: "files",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    });
    expect(c.databaseUrl).toBe("postgres://u@db:5432/solar");
    expect(c.smtpUrl).toBe("smtp://mail:25");
    expect(c.s3).toMatchObject({ bucket: "files", region: "us-east-1" });
    expect(() => loadConfig({ S3_BUCKET: "files" })).toThrow(/S3_ACCESS_KEY_ID/);
  });
});
