import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { ORDER_CURRENCIES, type OrderCurrency } from "#shared/schemas/orders.ts";
import { maskUrlCredentials } from "./platform/log-redaction.ts";

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .pipe(z.url().optional());

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/**
 * The default HS code of receipt lines that are not goods (delivery, installation, discounts): the HS leaves chapter 99
 * to national use, so it is never a product's code, and ZIMRA names no code for services (decision 016).
 */
const DEFAULT_CHARGE_HS_CODE = "99001000";
const hsCode = (v: string) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d{8}$/, "must be an HS code of 8 digits")
      .default(v),
  );

/** Values never printed in a configuration error. */
const SECRET_VARIABLES = new Set(["PAYNOW_INTEGRATION_KEY", "S3_SECRET_ACCESS_KEY", "FDMS_ACTIVATION_KEY", "FDMS_KEY_SECRET"]);

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address or CIDR range (IPv4 or IPv6), or one of proxy-addr's names for a range. */
function isProxyAddress(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [address = "", bits, ...rest] = item.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: "false"/"0"/"" → trust nobody; "true" → trust any sender; a number ≥ 1 → that many proxy hops
 * ("1": one reverse proxy in front, whose X-Forwarded-For entry is the client); else a comma list of proxy
 * addresses or CIDR ranges ("10.0.0.5", "10.0.0.0/8, ::1", "loopback").
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): boolean | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === "" || v === "false" || v === "0") return false;
  if (v === "true") return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = list.find((item) => !isProxyAddress(item));
  if (bad !== undefined || list.length === 0) {
    ctx.addIssue({
      code: "custom",
      message: `must be true, false, a number of proxy hops, or a comma list of proxy addresses/CIDR ranges${bad ? ` ("${bad}" is none of these)` : ""}`,
    });
    return z.NEVER;
  }
  return list;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** The app's mode when it differs from NODE_ENV: the built site sets NODE_ENV=production for its libraries (server.ts). */
  APP_ENV: z.enum(["development", "production", "test"]).optional(),
  PORT: port.default(3000),
  /** Unset: 127.0.0.1 (this machine only) outside production, 0.0.0.0 (every interface) in production. */
  HOST: optionalText,
  DATA_DIR: z.string().trim().min(1).default("./data"),
  /** A folder where the demo's rendered images are kept between first starts (the test harness sets it): unset, none. */
  SEED_MEDIA_CACHE: optionalText,
  DATABASE_URL: optionalUrl.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: "must be a postgres:// or postgresql:// URL",
  }),
  SITE_URL: optionalUrl,
  SMTP_URL: optionalUrl.refine((v) => v === undefined || /^smtps?:\/\//.test(v), { message: "must be an smtp:// or smtps:// URL" }),
  MAIL_FROM: z.string().trim().min(3).default("Solar Demo <no-reply@localhost>"),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().default("us-east-1"),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  TRUST_PROXY: z.string().default("false").transform(parseTrustProxy),
  /** How long a stopping process waits for requests in flight before it gives up (exit code 1). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** How long a stopping process answers /readyz with 503, still serving, before it stops taking connections. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  FORMS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** How long a process keeps the site settings; tests read them afresh every time (see settingsCacheMs). */
  SETTINGS_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /** How long a process keeps visitors' answers to public reads and pages (platform/shared-cache.ts); 0 = off. */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  // Paynow: offered to dealers only when the integration ID and key are both set.
  PAYNOW_INTEGRATION_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,10}$/, "must be the numeric integration ID Paynow shows")
      .optional(),
  ),
  PAYNOW_INTEGRATION_KEY: optionalText.pipe(z.string().min(8, "must be the integration key Paynow shows").optional()),
  PAYNOW_URL: optionalUrl.refine((v) => v === undefined || /^https?:\/\//.test(v), { message: "must be an http:// or https:// URL" }),
  PAYNOW_AUTH_EMAIL: optionalText.pipe(z.email("must be an e-mail address").optional()),
  PAYNOW_CURRENCY: optionalText.pipe(z.enum(ORDER_CURRENCIES).optional()),
  PAYNOW_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  // ZIMRA FDMS (decision 016): tax documents are fiscalised only when the device's settings are all set.
  FDMS_URL: optionalUrl.refine((v) => v === undefined || /^https:\/\//.test(v), { message: "must be an https:// URL" }),
  FDMS_DEVICE_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,10}$/, "must be the numeric device ID ZIMRA gave")
      .optional(),
  ),
  FDMS_ACTIVATION_KEY: optionalText.pipe(z.string().min(4, "must be the activation key ZIMRA gave with the device ID").optional()),
  FDMS_DEVICE_SERIAL: optionalText.pipe(z.string().max(20, "must be at most 20 characters").optional()),
  FDMS_DEVICE_MODEL_NAME: optionalText.pipe(z.string().max(100).optional()),
  FDMS_DEVICE_MODEL_VERSION: optionalText.pipe(z.string().max(50).optional()),
  FDMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /** A PEM file of extra trust anchors for FDMS's server certificate (a test environment's, or the tests' stand-in). */
  FDMS_CA_FILE: optionalText,
  /**
   * A PEM file of FDMS's signing certificate: the server signature on each receipt's answer is verified with it
   * (decision 016, row 49); unset: the signature is stored as "not verified".
   */
  FDMS_SERVER_CERT_FILE: optionalText,
  /** Seals the fiscal device's private key at rest (modules/fiscal/key-at-rest.ts); required in production with FDMS on. */
  FDMS_KEY_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional()),
  // The HS codes of receipt lines that are not goods (FDMS wants one on every line of a VAT payer; decision 016).
  FDMS_DELIVERY_HS_CODE: hsCode(DEFAULT_CHARGE_HS_CODE),
  FDMS_SERVICE_HS_CODE: hsCode(DEFAULT_CHARGE_HS_CODE),
  // Background jobs (decision 007): how often the worker looks for due jobs (0: only when asked, as in
  // API tests), the first retry's delay (doubled each time, up to the cap) and how long a claimed job is held.
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  JOBS_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(3_600_000),
  JOBS_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  /** SEED_MEDIA_CACHE: the demo's rendered images kept between first starts (seed/artwork.ts); undefined: none. */
  seedMediaCache: string | undefined;
  /** Unset: PGlite in DATA_DIR/db. "memory://" in tests. */
  databaseUrl: string | undefined;
  siteUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3: { bucket: string; region: string; endpoint: string | undefined; accessKeyId: string; secretAccessKey: string } | undefined;
  logLevel: string;
  /**
   * Whose X-Forwarded-For/-Proto/-Host to believe (Fastify's trustProxy): false (none, the default), a number of
   * proxy hops in front, addresses/CIDRs of the proxies, or true (any sender: only when nothing else can reach the port).
   */
  trustProxy: boolean | number | string[];
  /** The deadline for requests in flight on SIGTERM/SIGINT. */
  shutdownTimeoutMs: number;
  /** On SIGTERM/SIGINT, how long to stay up with /readyz at 503 before closing (0: close at once). */
  shutdownDelayMs: number;
  /** Sign-ups allowed per client address and hour (brute-force limits, decision 005). */
  signupsPerHour: number;
  /** Contact messages and quote requests allowed per client address, and per e-mail address, an hour (form-limits.ts). */
  formsPerHour: number;
  /**
   * The site settings' cache in each process (5 s). Tests use 0: a settings read inside a transaction would then wait
   * on PGlite's single connection every time instead of only when the cache has run out, so tests catch it.
   */
  settingsCacheMs: number;
  /** Visitors' answers to public reads and pages kept per process (5 s; 0 in tests: tests that need it set it). */
  publicCacheMs: number;
  /** Paynow; unset: dealers pay by bank transfer or ZIPIT only. */
  paynow: PaynowConfig | undefined;
  /** ZIMRA FDMS; unset: tax documents are not fiscalised (fiscal_status 'not_required'). */
  fdms: FdmsConfig | undefined;
  /** The background job worker (platform/jobs); pollMs 0 runs jobs only when asked (tests: drain()). */
  jobs: { pollMs: number; retryBaseMs: number; retryMaxMs: number; leaseMs: number };
};

/**
 * Where links in e-mails and Paynow's return and result addresses point (I1): SITE_URL (required in production),
 * else this process's own local address. Never the request's Host or X-Forwarded-Host, which the sender writes.
 */
export function linkOriginOf(config: Pick<Config, "siteUrl" | "port">): string {
  return config.siteUrl ?? `http://localhost:${config.port}`;
}

export type PaynowConfig = {
  integrationId: string;
  /** Signs every message to and from Paynow: never logged, never sent to a browser. */
  integrationKey: string;
  /** Paynow's address: https://www.paynow.co.zw, or a stand-in in tests. */
  url: string;
  /** Sent as `authemail` instead of the dealer's address (Paynow's test mode needs the merchant's own). */
  authEmail: string | undefined;
  /** The currency of the integration: orders in another currency are paid by bank transfer. */
  currency: OrderCurrency;
  /** How long one request to Paynow may take. */
  timeoutMs: number;
};

export type FdmsConfig = {
  /** FDMS's base address: https://fdmsapi.zimra.co.zw, https://fdmsapitest.zimra.co.zw, or a stand-in in tests. */
  url: string;
  deviceId: number;
  /** Registers the device once (with the CSR): never logged, never sent to a browser. */
  activationKey: string;
  serialNo: string;
  modelName: string;
  modelVersion: string;
  timeoutMs: number;
  caFile: string | undefined;
  /** FDMS's signing certificate (PEM file) to verify receipts' server signatures with; unset: not verified. */
  serverCertFile: string | undefined;
  /** Seals the device's private key in the database (absent outside production: the key is kept as it comes). */
  keySecret: string | undefined;
  /** The HS code of delivery lines (FDMS_DELIVERY_HS_CODE). */
  deliveryHsCode: string;
  /** The HS code of installation and other service lines, and of discount lines (FDMS_SERVICE_HS_CODE). */
  serviceHsCode: string;
};

const FDMS_VARIABLES = [
  "FDMS_URL",
  "FDMS_DEVICE_ID",
  "FDMS_ACTIVATION_KEY",
  "FDMS_DEVICE_SERIAL",
  "FDMS_DEVICE_MODEL_NAME",
  "FDMS_DEVICE_MODEL_VERSION",
] as const;

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws a ConfigError whose message names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    const value = env[name];
    // A URL's password is masked (L6): DATABASE_URL=mysql://u:pw@… is refused for its scheme, not shown whole.
    const shown = value === undefined || SECRET_VARIABLES.has(name) ? "" : `=${JSON.stringify(maskUrlCredentials(value))}`;
    throw new ConfigError(`Invalid ${name}${shown}: ${issue?.message ?? "bad value"}`);
  }
  const e = parsed.data;
  const mode = e.APP_ENV ?? e.NODE_ENV;
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("Invalid S3_BUCKET: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set with it");
  }
  if (e.PAYNOW_INTEGRATION_ID && !e.PAYNOW_INTEGRATION_KEY) {
    throw new ConfigError(
      "Invalid PAYNOW_INTEGRATION_ID: PAYNOW_INTEGRATION_KEY must be set with it (or neither, to offer bank transfer only)",
    );
  }
  if (e.PAYNOW_INTEGRATION_KEY && !e.PAYNOW_INTEGRATION_ID) {
    throw new ConfigError(
      "Invalid PAYNOW_INTEGRATION_KEY: PAYNOW_INTEGRATION_ID must be set with it (or neither, to offer bank transfer only)",
    );
  }
  const fdmsSet = FDMS_VARIABLES.filter((name) => e[name] !== undefined);
  if (fdmsSet.length > 0 && fdmsSet.length < FDMS_VARIABLES.length) {
    const missing = FDMS_VARIABLES.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid ${fdmsSet[0]}: ${missing.join(", ")} must be set with it (all of ${FDMS_VARIABLES.join(", ")}, or none to leave fiscalisation off)`,
    );
  }
  if (mode === "production" && fdmsSet.length > 0 && !e.FDMS_KEY_SECRET) {
    throw new ConfigError(
      "Missing FDMS_KEY_SECRET: production with FDMS on keeps the fiscal device's private key sealed with it (at least 32 characters)",
    );
  }
  if (mode === "production" && !e.SITE_URL) {
    throw new ConfigError("Missing SITE_URL: production mode needs the public address of the site (for links in e-mails)");
  }
  return {
    env: mode,
    port: e.PORT,
    // The demo's passwords are published: outside production the site answers this machine only unless HOST says otherwise.
    host: e.HOST ?? (mode === "production" ? "0.0.0.0" : "127.0.0.1"),
    dataDir: path.resolve(e.DATA_DIR),
    seedMediaCache: e.SEED_MEDIA_CACHE ? path.resolve(e.SEED_MEDIA_CACHE) : undefined,
    databaseUrl: e.DATABASE_URL,
    siteUrl: e.SITE_URL?.replace(/\/+$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? "",
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? "",
        }
      : undefined,
    logLevel: e.LOG_LEVEL ?? (mode === "test" ? "silent" : "info"),
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    signupsPerHour: e.SIGNUPS_PER_HOUR,
    formsPerHour: e.FORMS_PER_HOUR,
    settingsCacheMs: e.SETTINGS_CACHE_MS ?? (mode === "test" ? 0 : 5_000),
    publicCacheMs: e.PUBLIC_CACHE_MS ?? (mode === "test" ? 0 : 5_000),
    paynow:
      e.PAYNOW_INTEGRATION_ID && e.PAYNOW_INTEGRATION_KEY
        ? {
            integrationId: e.PAYNOW_INTEGRATION_ID,
            integrationKey: e.PAYNOW_INTEGRATION_KEY,
            url: (e.PAYNOW_URL ?? "https://www.paynow.co.zw").replace(/\/+$/, ""),
            authEmail: e.PAYNOW_AUTH_EMAIL,
            currency: e.PAYNOW_CURRENCY ?? "USD",
            timeoutMs: e.PAYNOW_TIMEOUT_MS,
          }
        : undefined,
    fdms:
      e.FDMS_URL &&
      e.FDMS_DEVICE_ID &&
      e.FDMS_ACTIVATION_KEY &&
      e.FDMS_DEVICE_SERIAL &&
      e.FDMS_DEVICE_MODEL_NAME &&
      e.FDMS_DEVICE_MODEL_VERSION
        ? {
            url: e.FDMS_URL.replace(/\/+$/, ""),
            deviceId: Number(e.FDMS_DEVICE_ID),
            activationKey: e.FDMS_ACTIVATION_KEY,
            serialNo: e.FDMS_DEVICE_SERIAL,
            modelName: e.FDMS_DEVICE_MODEL_NAME,
            modelVersion: e.FDMS_DEVICE_MODEL_VERSION,
            timeoutMs: e.FDMS_TIMEOUT_MS,
            caFile: e.FDMS_CA_FILE,
            serverCertFile: e.FDMS_SERVER_CERT_FILE,
            keySecret: e.FDMS_KEY_SECRET,
            deliveryHsCode: e.FDMS_DELIVERY_HS_CODE,
            serviceHsCode: e.FDMS_SERVICE_HS_CODE,
          }
        : undefined,
    jobs: {
      pollMs: e.JOBS_POLL_MS ?? (e.NODE_ENV === "test" ? 0 : 2_000),
      retryBaseMs: e.JOBS_RETRY_BASE_MS,
      retryMaxMs: Math.max(e.JOBS_RETRY_MAX_MS, e.JOBS_RETRY_BASE_MS),
      leaseMs: e.JOBS_LEASE_MS,
    },
  };
}
