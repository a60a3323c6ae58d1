import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("uses the embedded defaults when nothing is set", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: "development",
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: undefined,
      smtpUrl: undefined,
      s3: undefined,
    });
    expect(c.dataDir).toBe(path.resolve("./data"));
  });

  it("listens on this machine only outside production, on every interface in production, unless HOST is set", () => {
    const site = { SITE_URL: "https://solar.example" };
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "test" }).host).toBe("127.0.0.1");
    // The built server runs with NODE_ENV=production for its libraries: the app's mode (APP_ENV) decides.
    expect(loadConfig({ NODE_ENV: "production", APP_ENV: "development" }).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "production", ...site }).host).toBe("0.0.0.0");
    expect(loadConfig({ NODE_ENV: "production", APP_ENV: "production", ...site }).host).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ HOST: " ::1 ", NODE_ENV: "production", ...site }).host).toBe("::1");
    expect(loadConfig({ HOST: "" }).host).toBe("127.0.0.1");
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

  it("takes the app's mode from APP_ENV when the built site has set NODE_ENV=production for its libraries", () => {
    expect(loadConfig({ NODE_ENV: "production", APP_ENV: "development" }).env).toBe("development");
    expect(() => loadConfig({ NODE_ENV: "production", APP_ENV: "production" })).toThrow(/^Missing SITE_URL/);
    expect(loadConfig({ NODE_ENV: "production", APP_ENV: "development" }).publicCacheMs).toBe(5_000);
    expect(loadConfig({ NODE_ENV: "test" }).publicCacheMs).toBe(0);
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

describe("loadConfig: Paynow", () => {
  const key = "3e9fed89-60e1-4ce5-ab6e-6b1eb2d4f977";

  it("leaves Paynow off when neither setting is there", () => {
    expect(loadConfig({}).paynow).toBeUndefined();
    expect(loadConfig({ PAYNOW_INTEGRATION_ID: " ", PAYNOW_INTEGRATION_KEY: "" }).paynow).toBeUndefined();
  });

  it("reads the integration with its defaults", () => {
    const c = loadConfig({ PAYNOW_INTEGRATION_ID: "1201", PAYNOW_INTEGRATION_KEY: key });
    expect(c.paynow).toEqual({
      integrationId: "1201",
      integrationKey: key,
      url: "https://www.paynow.co.zw",
      authEmail: undefined,
      currency: "USD",
      timeoutMs: 20_000,
    });
    const custom = loadConfig({
      PAYNOW_INTEGRATION_ID: "1201",
      PAYNOW_INTEGRATION_KEY: key,
      PAYNOW_URL: "http://127.0.0.1:4010/",
      PAYNOW_AUTH_EMAIL: "merchant@example.com",
    });
    expect(custom.paynow).toMatchObject({ url: "http://127.0.0.1:4010", authEmail: "merchant@example.com" });
  });

  it("needs both the ID and the key, and never prints the key", () => {
    expect(() => loadConfig({ PAYNOW_INTEGRATION_ID: "1201" })).toThrow(
      /^Invalid PAYNOW_INTEGRATION_ID: PAYNOW_INTEGRATION_KEY must be set/,
    );
    const onlyKey = () => loadConfig({ PAYNOW_INTEGRATION_KEY: key });
    expect(onlyKey).toThrow(/^Invalid PAYNOW_INTEGRATION_KEY: PAYNOW_INTEGRATION_ID must be set/);
    expect(onlyKey).not.toThrow(new RegExp(key));
    const shortKey = () => loadConfig({ PAYNOW_INTEGRATION_ID: "1201", PAYNOW_INTEGRATION_KEY: "abc" });
    expect(shortKey).toThrow(/^Invalid PAYNOW_INTEGRATION_KEY: must be/);
    expect(shortKey).not.toThrow(/abc/);
    expect(() => loadConfig({ PAYNOW_INTEGRATION_ID: "id-1", PAYNOW_INTEGRATION_KEY: key })).toThrow(
      /^Invalid PAYNOW_INTEGRATION_ID="id-1"/,
    );
    expect(() => loadConfig({ PAYNOW_INTEGRATION_ID: "1", PAYNOW_INTEGRATION_KEY: key, PAYNOW_URL: "ftp://x" })).toThrow(
      /^Invalid PAYNOW_URL/,
    );
  });

  it("sets the job worker: polling every 2 s with 30 s retries, no polling in tests, bad values named", () => {
    expect(loadConfig({}).jobs).toEqual({ pollMs: 2000, retryBaseMs: 30_000, retryMaxMs: 3_600_000, leaseMs: 300_000 });
    expect(loadConfig({ NODE_ENV: "test" }).jobs.pollMs).toBe(0);
    expect(loadConfig({ NODE_ENV: "test", JOBS_POLL_MS: "100", JOBS_RETRY_BASE_MS: "200", JOBS_RETRY_MAX_MS: "1000" }).jobs).toMatchObject({
      pollMs: 100,
      retryBaseMs: 200,
      retryMaxMs: 1000,
    });
    expect(() => loadConfig({ JOBS_POLL_MS: "-1" })).toThrow(/^Invalid JOBS_POLL_MS="-1"/);
    expect(() => loadConfig({ JOBS_LEASE_MS: "10" })).toThrow(/^Invalid JOBS_LEASE_MS/);
  });
});

describe("loadConfig: FDMS", () => {
  const all = {
    FDMS_URL: "https://fdmsapitest.zimra.co.zw/",
    FDMS_DEVICE_ID: "24455",
    FDMS_ACTIVATION_KEY: "00544726",
    FDMS_DEVICE_SERIAL: "SOLAR-VD-001",
    FDMS_DEVICE_MODEL_NAME: "SolarSite",
    FDMS_DEVICE_MODEL_VERSION: "1.0",
  };

  it("leaves fiscalisation off when nothing is set, and reads the device when everything is", () => {
    expect(loadConfig({}).fdms).toBeUndefined();
    expect(loadConfig(all).fdms).toEqual({
      url: "https://fdmsapitest.zimra.co.zw",
      deviceId: 24455,
      activationKey: "00544726",
      serialNo: "SOLAR-VD-001",
      modelName: "SolarSite",
      modelVersion: "1.0",
      timeoutMs: 30_000,
      caFile: undefined,
      serverCertFile: undefined,
      keySecret: undefined,
      deliveryHsCode: "99001000",
      serviceHsCode: "99001000",
    });
    const codes = loadConfig({ ...all, FDMS_DELIVERY_HS_CODE: "99002000", FDMS_SERVICE_HS_CODE: " 99003000 " }).fdms;
    expect([codes?.deliveryHsCode, codes?.serviceHsCode]).toEqual(["99002000", "99003000"]);
    expect(() => loadConfig({ ...all, FDMS_SERVICE_HS_CODE: "9900.10.00" })).toThrow(
      /^Invalid FDMS_SERVICE_HS_CODE="9900.10.00": must be an HS code of 8 digits/,
    );
  });

  it("refuses production with FDMS on and no secret to seal the device's key, without printing a secret", () => {
    const production = { NODE_ENV: "production", SITE_URL: "https://solar.example", ...all };
    expect(() => loadConfig(production)).toThrow(/^Missing FDMS_KEY_SECRET: production with FDMS on/);
    expect(() => loadConfig({ ...production, FDMS_KEY_SECRET: "too-short" })).toThrow(/^Invalid FDMS_KEY_SECRET: must be at least 32/);
    expect(() => loadConfig({ ...production, FDMS_KEY_SECRET: "too-short" })).not.toThrow(/too-short/);
    const secret = "s".repeat(40);
    expect(loadConfig({ ...production, FDMS_KEY_SECRET: secret }).fdms?.keySecret).toBe(secret);
    // Outside production the key may be kept as it comes.
    expect(loadConfig(all).fdms?.keySecret).toBeUndefined();
  });

  it("names what is missing when only part is set, and never prints the activation key", () => {
    const partial = () => loadConfig({ FDMS_DEVICE_ID: "24455", FDMS_ACTIVATION_KEY: "00544726" });
    expect(partial).toThrow(
      /^Invalid FDMS_DEVICE_ID: FDMS_URL, FDMS_DEVICE_SERIAL, FDMS_DEVICE_MODEL_NAME, FDMS_DEVICE_MODEL_VERSION must be set/,
    );
    expect(partial).not.toThrow(/00544726/);
    const shortKey = () => loadConfig({ ...all, FDMS_ACTIVATION_KEY: "007" });
    expect(shortKey).toThrow(/^Invalid FDMS_ACTIVATION_KEY: must be/);
    expect(shortKey).not.toThrow(/007/);
    expect(() => loadConfig({ ...all, FDMS_URL: "http://fdms.example" })).toThrow(/^Invalid FDMS_URL/);
    expect(() => loadConfig({ ...all, FDMS_DEVICE_ID: "dev-1" })).toThrow(/^Invalid FDMS_DEVICE_ID="dev-1"/);
  });
});
