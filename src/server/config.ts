import path from "node:path";
import { z } from "zod";

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
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
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  /** Unset: PGlite in DATA_DIR/db. "memory://" in tests. */
  databaseUrl: string | undefined;
  siteUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3: { bucket: string; region: string; endpoint: string | undefined; accessKeyId: string; secretAccessKey: string } | undefined;
  logLevel: string;
  trustProxy: boolean;
  /** Sign-ups allowed per client address and hour (brute-force limits, decision 005). */
  signupsPerHour: number;
};

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws a ConfigError whose message names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    const value = env[name];
    throw new ConfigError(`Invalid ${name}${value === undefined ? "" : `=${JSON.stringify(value)}`}: ${issue?.message ?? "bad value"}`);
  }
  const e = parsed.data;
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("Invalid S3_BUCKET: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set with it");
  }
  if (e.NODE_ENV === "production" && !e.SITE_URL) {
    throw new ConfigError("Missing SITE_URL: production mode needs the public address of the site (for links in e-mails)");
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
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
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    trustProxy: e.TRUST_PROXY,
    signupsPerHour: e.SIGNUPS_PER_HOUR,
  };
}
