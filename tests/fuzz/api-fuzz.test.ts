// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTOR_NAMES, type ActorName, type Actors, createActors } from "../support/actors.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Bad input: generated requests to every route the app registers (read from `app.routeList`, so a new
 * route is fuzzed without a change here). Each request is made of generated path params, a query string, headers
 * and a body (JSON shaped loosely after the route's own schema from the OpenAPI document, arbitrary JSON, raw
 * text, urlencoded, multipart with random files, cut-off multipart), sent as one of the seven actors of the
 * authorization tests from a generated client address. Two properties, checked on every request:
 * - no answer is a 5xx;
 * - a refused request (4xx) changed no stored data. The check is exact per request and cheap: PostgreSQL's next
 *   transaction id is read after each request, and only when it moved (something wrote, or tried to) are the
 *   tables fingerprinted (an md5 of each table's rows) and compared with the fingerprint before.
 *
 * Tables a refusal may legitimately change, left out of the comparison:
 * - auth_throttles: failed logins and over-limit sign-up/reset attempts are counted (that is the throttle's job);
 * - sessions: any signed-in request, refused or not, may move the session's last_seen_at/idle expiry forward;
 * - security_events: failed logins and refused (403) requests are recorded.
 *
 * A run sends a fixed budget of requests, FUZZ_TARGET (3,000 by default: about 40 s, where the 10,500 it once sent
 * were a quarter of the API suite's time), from a seed that rotates every day (the days since 1970, printed with the
 * run): each day's runs try inputs the earlier days did not, and a failure is replayed with its seed.
 * FUZZ_SEED=<n> replays a run, FUZZ_SEED=random draws a new seed (printed); FUZZ_TARGET=10500 sends the old full
 * budget; FUZZ_RUNS=<n> sets requests per route instead; FUZZ_SHRINK=1 shrinks a failure to a smaller
 * counterexample (slow: it sends the request again many times); FUZZ_PROFILE=1 prints the slowest routes and requests.
 */

const SEED =
  process.env.FUZZ_SEED === "random"
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? Math.floor(Date.now() / 86_400_000));
const TARGET = Number(process.env.FUZZ_TARGET ?? 3_000);
const EXCLUDED_TABLES = new Set(["auth_throttles", "sessions", "security_events"]);
const HOST = "localhost:3000";
const SAME_ORIGIN = `http://${HOST}`;

type Spec = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { in: string; name: string; schema?: Json }[]; requestBody?: { content?: Record<string, { schema?: Json }> } }
    >
  >;
};
type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
};

// ---------------------------------------------------------------------------------------------------------------
// Values

/** Strings that have broken servers before. */
const NASTY_STRINGS = [
  "",
  " ",
  "../",
  "../../../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "..\\..\\windows\\win.ini",
  "\u0000",
  "a\u0000b",
  "' OR '1'='1",
  "1; drop table users; --",
  "1' union select null--",
  "%",
  "%zz",
  "%00",
  "\u202etxt.exe",
  "😀",
  "Ω≈ç√∫",
  "\ud800",
  "<script>alert(1)</script>",
  "{{7*7}}",
  "$" + "{7*7}",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x10",
  "1.5",
  " 1",
  "1 ",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "\r\nX-Injected: 1",
  "a".repeat(300),
];
const NUMBER_STRINGS = [
  "0",
  "-1",
  "1",
  "2",
  "3",
  "2147483647",
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "99999999999999999999999999",
  "1e3",
  "00001",
];

const nastyString = fc.constantFrom(...NASTY_STRINGS);
const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
);
/** A string of n characters, made when the request is sent (a counterexample prints its size, not its text). */
type Huge = { huge: number; char: string };
const huge = (min: number, max: number): fc.Arbitrary<Huge> =>
  fc.record({ huge: fc.integer({ min, max }), char: fc.constantFrom("a", "é", "😀", "\u0000", "<") });
const isHuge = (v: unknown): v is Huge => typeof v === "object" && v !== null && "huge" in v && "char" in v && Object.keys(v).length === 2;
const materialize = (v: unknown): unknown => {
  if (isHuge(v)) return v.char.repeat(v.huge);
  if (Array.isArray(v)) return v.map(materialize);
  if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, materialize(x)]));
  return v;
};

const anyNumber = fc.oneof(
  fc.integer({ min: -5, max: 50 }),
  fc.integer(),
  fc.constantFrom(0, -0, -1, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 1, -(2 ** 53), 1e308, -1e308, 5e-324, 0.1, 1.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
/** Anything JSON can carry, wrong types and all. */
const wildValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: anyString },
  { weight: 2, arbitrary: anyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null]) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: huge(1000, 300_000) },
);

/** Whole numbers within [min, max]; a range with none (5.2–5.8) gives its lower bound. */
function wholeNumbersWithin(min: number, max: number): fc.Arbitrary<number> {
  const lo = Math.ceil(min);
  const hi = Math.floor(max);
  return lo <= hi ? fc.integer({ min: lo, max: hi }) : fc.constant(min);
}

/** A value shaped loosely after a JSON schema: mostly the right type and range, sometimes anything at all. */
function fromSchema(s: Json | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 5) return wildValue;
  const alts: fc.Arbitrary<unknown>[] = [];
  if (s.enum?.length) alts.push(fc.constantFrom(...s.enum));
  if (s.const !== undefined) alts.push(fc.constant(s.const));
  for (const v of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) alts.push(fromSchema(v, depth + 1));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  for (const type of types) {
    if (type === "string") {
      const max = s.maxLength ?? 80;
      const edges = [s.minLength ? "x".repeat(Math.max(0, s.minLength - 1)) : "", "x".repeat(Math.min(max, 5000))];
      if (s.maxLength !== undefined) edges.push("y".repeat(s.maxLength + 1));
      const plain = fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(max, 60) });
      if (s.format === "email") alts.push(fc.emailAddress(), fc.constantFrom("a@b", "@example.com", "x@example.com\r\nBcc: y@example.com"));
      else if (s.format === "date-time" || s.format === "date") alts.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
      alts.push(plain, plain, fc.constantFrom(...edges), anyString);
    } else if (type === "integer" || type === "number") {
      const edges = [
        s.minimum,
        s.maximum,
        s.minimum !== undefined ? s.minimum - 1 : -1,
        s.maximum !== undefined ? s.maximum + 1 : 2 ** 31,
      ].filter((n): n is number => n !== undefined);
      alts.push(
        // A decimal bound (the sun hours' 5.5–6.5) is met by the whole numbers inside it; the edges try the bounds.
        wholeNumbersWithin(Math.max(s.minimum ?? -10, -1e6), Math.min(s.maximum ?? 1000, 1e6)),
        fc.constantFrom(...edges),
        anyNumber,
        fc.constantFrom(...NUMBER_STRINGS),
      );
    } else if (type === "boolean") alts.push(fc.boolean(), fc.constantFrom("true", 1, 0, "on"));
    else if (type === "null") alts.push(fc.constant(null));
    else if (type === "array") alts.push(fc.array(fromSchema(s.items, depth + 1), { maxLength: 6 }));
    else if (type === "object") {
      const props = Object.entries(s.properties ?? {});
      const shape = Object.fromEntries(props.map(([k, v]) => [k, fromSchema(v, depth + 1)]));
      const required = (s.required ?? []).filter((k) => k in shape);
      alts.push(
        fc.record(shape, { requiredKeys: required }),
        fc.record(shape, { requiredKeys: required }),
        fc.record(shape, { requiredKeys: [] }),
        fc
          .tuple(fc.record(shape, { requiredKeys: required }), fc.dictionary(anyString, wildValue, { maxKeys: 3 }))
          .map(([a, b]) => ({ ...b, ...a })),
      );
    }
  }
  if (alts.length === 0) return wildValue;
  return fc.oneof({ weight: 6, arbitrary: fc.oneof(...alts) }, { weight: 1, arbitrary: wildValue });
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown; contentType: string }
  | { kind: "text"; text: string | Huge; contentType: string }
  | { kind: "urlencoded"; pairs: [string, string][] }
  | { kind: "multipart"; parts: Part[]; boundary: "ok" | "missing" | "wrong"; cut: number | null }
  | { kind: "bytes"; seed: number; size: number; contentType: string };
type Part = { name: string; filename?: string; contentType?: string; data: string | Huge | { bytes: number; seed: number; magic: string } };

type FuzzRequest = {
  actor: ActorName;
  params: Record<string, string>;
  query: string;
  headers: Record<string, string>;
  /** Leave the actor's session off the request and send this Authorization instead (null: none). */
  authorization: string | null | undefined;
  body: Body;
  ip: string;
};

const ip = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 223 }), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join(".")),
  fc.tuple(fc.nat(0xffff), fc.nat(0xffff)).map(([a, b]) => `2001:db8::${a.toString(16)}:${b.toString(16)}`),
);

const paramValue = (smallIds: number[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...smallIds.map(String)) },
    { weight: 2, arbitrary: fc.constantFrom(...NUMBER_STRINGS) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 2, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );

/** encodeURIComponent that takes lone surrogates too (as their UTF-8 replacement bytes). */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
  }
}

/**
 * A query string: the route's own parameters and others, repeated keys, bracket arrays, broken escapes. Values stay
 * under 2,000 characters: a real server refuses a longer request line before the app sees it (431).
 */
function queryString(names: string[], schemas: Record<string, Json | undefined>): fc.Arbitrary<string> {
  const key = fc.oneof({ weight: 4, arbitrary: names.length ? fc.constantFrom(...names) : anyString }, { weight: 1, arbitrary: anyString });
  const pair = key.chain((k) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: fromSchema(schemas[k]).map(
          (v) => `${enc(k)}=${enc((typeof v === "string" ? v : (JSON.stringify(materialize(v)) ?? "")).slice(0, 2000))}`,
        ),
      },
      { weight: 1, arbitrary: fc.constantFrom(`${k}[]=1&${k}[]=2`, `${k}[0]=a`, `${k}[a][b]=c`, `${k}=1&${k}=2`, k, `${k}=`, `=${k}`) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "%zz",
          "%",
          "%E0%A4%A",
          "a=%ff%fe",
          "%00=%00",
          "a=b=c",
          "&&&",
          "a=%u0041",
          "__proto__[x]=1",
          "constructor[prototype][x]=1",
        ),
      },
    ),
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant("") },
    { weight: 3, arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((p) => `?${p.join("&")}`) },
  );
}

const PROTO_JSON = [
  '{"__proto__":{"isAdmin":true,"role":"super"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"__proto__":{"polluted":1}}',
  '[{"__proto__":{"polluted":1}}]',
];
const BAD_JSON = [
  "{",
  "}",
  "[1,]",
  "{'a':1}",
  "\u0000",
  "\ufeff{}",
  '{"a":"\\ud800"}',
  '{"a":1,"a":2}',
  "null",
  "0",
  '"str"',
  "[]",
  "NaN",
  '{"a":1e999}',
];
const deepJson = fc.integer({ min: 100, max: 20_000 }).map((n) => ({ huge: n, char: "[" }) as Huge);

const contentTypeFor = (base: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(base) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `${base}; charset=utf-8`,
        `${base}; charset=utf-16`,
        `${base}; charset=latin1`,
        `${base}; charset="nonsense"`,
        `${base};;;`,
        "text/plain",
        "application/octet-stream",
        "application/x-www-form-urlencoded",
        "application/xml",
        "image/png",
        "",
        "garbage",
        "application/json; boundary=x",
        "multipart/form-data",
        "APPLICATION/JSON",
      ),
    },
  );

const UPLOAD_FIELDS = [
  "images",
  "image",
  "datasheet",
  "file",
  "picture",
  "photo",
  "directorPhoto",
  "taxClearance",
  "certificate",
  "IDsOfDirectors",
];
const MAGIC = {
  png: "89504e470d0a1a0a",
  jpeg: "ffd8ffe0",
  pdf: "255044462d312e340a",
  gif: "474946383961",
  zip: "504b0304",
  none: "",
};
const part = (fieldNames: string[]): fc.Arbitrary<Part> =>
  fc.oneof(
    {
      weight: 2,
      arbitrary: fc.record({
        name: fieldNames.length ? fc.oneof(fc.constantFrom(...fieldNames), anyString) : anyString,
        data: fc.oneof(anyString, huge(10, 300_000)),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        name: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...UPLOAD_FIELDS) }, { weight: 1, arbitrary: anyString }),
        filename: fc.oneof(
          fc.constantFrom("photo.png", "a.jpg", "doc.pdf", "../../etc/passwd", "a\u0000.png", "\u202egnp.exe", "x".repeat(500), ""),
          anyString,
        ),
        contentType: fc.constantFrom(
          "image/png",
          "image/jpeg",
          "application/pdf",
          "text/html",
          "image/svg+xml",
          "application/octet-stream",
          "",
        ),
        data: fc.record({
          bytes: fc.oneof(fc.integer({ min: 0, max: 4096 }), fc.integer({ min: 0, max: 4_000_000 })),
          seed: fc.nat(),
          magic: fc.constantFrom(...Object.values(MAGIC)),
        }),
      }),
    },
  );

function bodyFor(schema: Json | undefined, fieldNames: string[]): fc.Arbitrary<Body> {
  const json = (value: fc.Arbitrary<unknown>) =>
    fc.record({ kind: fc.constant("json" as const), value, contentType: contentTypeFor("application/json") });
  const text = (t: fc.Arbitrary<string | Huge>) =>
    fc.record({ kind: fc.constant("text" as const), text: t, contentType: contentTypeFor("application/json") });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ kind: "none" } as Body) },
    { weight: 8, arbitrary: json(fromSchema(schema ?? { type: "object", properties: {} })) },
    { weight: 2, arbitrary: json(fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.dictionary(anyString, wildValue, { maxKeys: 6 }))) },
    { weight: 2, arbitrary: text(fc.oneof(fc.constantFrom(...PROTO_JSON, ...BAD_JSON), deepJson, huge(500_000, 1_200_000))) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("urlencoded" as const),
        pairs: fc.array(fc.tuple(fieldNames.length ? fc.oneof(fc.constantFrom(...fieldNames), anyString) : anyString, anyString), {
          maxLength: 5,
        }),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("multipart" as const),
        parts: fc.array(part(fieldNames), { maxLength: 4 }),
        boundary: fc.constantFrom("ok", "ok", "ok", "missing", "wrong"),
        cut: fc.option(fc.nat(2000), { freq: 3 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("bytes" as const),
        seed: fc.nat(),
        size: fc.integer({ min: 0, max: 5000 }),
        contentType: fc.constantFrom("application/octet-stream", "image/png", "text/plain", "application/json", "application/pdf"),
      }),
    },
  );
}

/** Headers of a generated request besides its session: mostly ordinary, sometimes hostile. */
const headers = fc
  .record(
    {
      origin: fc.oneof(
        { weight: 8, arbitrary: fc.constant(SAME_ORIGIN) },
        { weight: 4, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            "https://evil.example",
            "null",
            "not a url",
            "http://localhost:3000.evil.example",
            "javascript:alert(1)",
            "",
          ),
        },
      ),
      "sec-fetch-site": fc.constantFrom("same-origin", "cross-site", "none", "bogus"),
      cookie: fc.oneof(
        fc.constantFrom("sid=", "sid=garbage", "sid=%zz", "a=b; sid=x; sid=y", "=", ";;;"),
        huge(4000, 16_000).map((h) => `sid=${h.char === "\u0000" ? "a" : "b".repeat(h.huge)}`),
      ),
      "accept-encoding": fc.constantFrom(
        "gzip",
        "br",
        "br;q=abc",
        "identity;q=0",
        "*;q=0",
        "gzip, deflate, br, zstd",
        "x-unknown",
        "",
        "gzip;q=1.5",
      ),
      accept: fc.constantFrom("application/json", "text/html", "*/*", "image/avif", "garbage/", ""),
      "accept-language": fc.constantFrom("en", "sn-ZW", "*", "x".repeat(2000)),
      "x-forwarded-for": fc.constantFrom("1.2.3.4", "garbage", "::1, 10.0.0.1"),
      "if-none-match": fc.constantFrom('"abc"', "*", "W/", "x".repeat(1000)),
      range: fc.constantFrom("bytes=0-10", "bytes=-5", "bytes=99999999-", "bytes=abc"),
      "user-agent": fc.oneof(anyString, fc.constant("Googlebot/2.1")),
    },
    { requiredKeys: [] },
  )
  .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>);

const badAuthorization = fc.oneof(
  fc.constantFrom(
    null,
    "Bearer",
    "Bearer ",
    "Bearer  ",
    "bearer abc",
    "Basic dXNlcjpwYXNz",
    "Bearer \u0000",
    "Bearer a b c",
    "Bearer %zz",
    "Token abc",
  ),
  fc.string({ maxLength: 80 }).map((s) => `Bearer ${s}`),
  fc.integer({ min: 1000, max: 9000 }).map((n) => `Bearer ${"A".repeat(n)}`),
);

/** Bytes from a seed, cheap and repeatable: up to 4 KiB of noise, repeated to the size asked for. */
function pseudoBytes(seed: number, size: number): Buffer {
  const noise = Buffer.alloc(Math.min(size, 4096));
  let x = seed | 0 || 1;
  for (let i = 0; i < noise.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    noise[i] = x & 0xff;
  }
  return noise.length === size ? noise : Buffer.alloc(size, noise);
}

function encodeBody(body: Body): { payload?: string | Buffer; contentType?: string } {
  switch (body.kind) {
    case "none":
      return {};
    case "json": {
      const text = JSON.stringify(materialize(body.value));
      return { payload: text ?? "", contentType: body.contentType };
    }
    case "text": {
      const t = body.text;
      const text = isHuge(t)
        ? t.char === "["
          ? `${"[".repeat(t.huge)}${"]".repeat(t.huge)}`
          : JSON.stringify({ a: t.char.repeat(t.huge) })
        : t;
      return { payload: text, contentType: body.contentType };
    }
    case "urlencoded":
      return {
        payload: body.pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&"),
        contentType: "application/x-www-form-urlencoded",
      };
    case "bytes":
      return { payload: pseudoBytes(body.seed, body.size), contentType: body.contentType };
    case "multipart": {
      const boundary = `----fuzz${randomBytes(6).toString("hex")}`;
      const chunks: Buffer[] = [];
      for (const p of body.parts) {
        let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name.replace(/["\r\n]/g, "_")}"`;
        if (p.filename !== undefined) head += `; filename="${p.filename.replace(/["\r\n]/g, "_")}"`;
        head += "\r\n";
        if (p.contentType !== undefined) head += `Content-Type: ${p.contentType}\r\n`;
        const data =
          typeof p.data === "string"
            ? Buffer.from(p.data)
            : isHuge(p.data)
              ? Buffer.from(p.data.char.repeat(p.data.huge))
              : Buffer.concat([Buffer.from(p.data.magic, "hex"), pseudoBytes(p.data.seed, p.data.bytes)]);
        chunks.push(Buffer.from(`${head}\r\n`), data, Buffer.from("\r\n"));
      }
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      let payload = Buffer.concat(chunks);
      if (body.cut !== null) payload = payload.subarray(0, Math.min(payload.length, body.cut));
      const contentType =
        body.boundary === "ok"
          ? `multipart/form-data; boundary=${boundary}`
          : body.boundary === "missing"
            ? "multipart/form-data"
            : "multipart/form-data; boundary=nope";
      return { payload, contentType };
    }
  }
}

function describeRequest(opts: InjectOptions, actor: ActorName): string {
  const payload = opts.payload as string | Buffer | undefined;
  const preview = payload === undefined ? "(no body)" : `${payload.length} bytes: ${JSON.stringify(payload.toString().slice(0, 400))}`;
  const h = Object.fromEntries(
    Object.entries((opts.headers ?? {}) as Record<string, string>).map(([k, v]) => [
      k,
      String(v).length > 120 ? `${String(v).slice(0, 120)}… (${String(v).length} chars)` : v,
    ]),
  );
  return `${opts.method} ${String(opts.url).slice(0, 400)} as ${actor} from ${opts.remoteAddress}\nheaders: ${JSON.stringify(h)}\nbody: ${preview}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The app, its actors and its data

let t: TestApp;
let actors: Actors;
let spec: Spec;
const sessions = {} as Record<ActorName, Record<string, string>>;
let smallIds: number[] = [];
let tables: string[] = [];
let fingerprint = new Map<string, string>();
let lastXid = "";
let requestCount = 0;
let fingerprints = 0;
/** Refused requests after which something had written, so the tables were compared. */
let refusalsCompared = 0;
let injectMs = 0;
const slowest: [number, string][] = [];
let checkMs = 0;
const routeTimes: [string, number][] = [];
const statusCounts = new Map<number, number>();
const routesFuzzed = new Set<string>();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function readFingerprint(): Promise<Map<string, string>> {
  const union = tables
    .map((name) => `select '${name}' as t, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${name}" x`)
    .join(" union all ");
  return new Map((await rows<{ t: string; h: string }>(sql.raw(union))).map((r) => [r.t, r.h]));
}

/** The next transaction id PostgreSQL will hand out: it moves only when something writes (or starts to). */
async function nextXid(): Promise<string> {
  const [row] = await rows<{ x: string }>(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`);
  return row?.x ?? "";
}

/** The tables whose rows differ from the last fingerprint (the fingerprint is then renewed). */
async function changedTables(): Promise<string[]> {
  const xid = await nextXid();
  if (xid === lastXid) return [];
  lastXid = xid;
  fingerprints++;
  const now = await readFingerprint();
  const changed = [...now].filter(([name, h]) => fingerprint.get(name) !== h).map(([name]) => name);
  fingerprint = now;
  return changed;
}

const specPath = (url: string) => url.replace(/:(\w+)(\([^)]*\))?/g, "{$1}");

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  for (const name of ACTOR_NAMES) sessions[name] = actors.headers(name);
  spec = (await t.inject({ method: "GET", url: "/api/docs/json" })).json() as Spec;
  // Small ids hit real rows (products, posts, orders…); the actors' own accounts are left out so a super deleting
  // "user 3" does not end the run's dealer.
  const actorIds = new Set(Object.values(actors.identity).map((i) => i.id));
  smallIds = [
    ...Array.from({ length: 41 }, (_, i) => i - 1).filter((n) => !actorIds.has(n)),
    actors.otherDealer.quotationId,
    actors.otherDealer.orderId,
  ];
  tables = (await rows<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`))
    .map((r) => r.tablename)
    .filter((n) => !EXCLUDED_TABLES.has(n) && /^[a-z_][a-z0-9_]*$/.test(n));
  fingerprint = await readFingerprint();
  lastXid = await nextXid();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Every route as registered (method + URL), the wildcard 404s and HEAD twins included. */
function routes(): { method: string; url: string }[] {
  const seen = new Set<string>();
  return t.app.routeList.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Signs an actor in again when a fuzzed request ended its session (logout, a revoked session, a deleted account). */
async function reviveSessions() {
  for (const name of ACTOR_NAMES) {
    if (name === "anonymous") continue;
    const me = await t.inject({ method: "GET", url: "/api/auth/me", headers: sessions[name] });
    if (me.statusCode === 200) continue;
    sessions[name] = await actors.freshSession(name).catch(() => sessions[name]);
  }
  await changedTables();
}

describe("fuzz: every route, generated input", () => {
  it("reads the routes from app.routeList", () => {
    const list = routes();
    expect(list.length, "app.routeList is empty: nothing to fuzz").toBeGreaterThan(50);
    expect(list.some((r) => r.url.startsWith("/api/"))).toBe(true);
  });

  it("sees a write to any table, and no change when nothing was written", async () => {
    expect(await changedTables()).toEqual([]);
    await t.database.db.execute(sql`update faqs set question = question || ' ' where id = (select min(id) from faqs)`);
    expect(await changedTables()).toEqual(["faqs"]);
    await t.database.db.execute(sql`update faqs set question = rtrim(question) where id = (select min(id) from faqs)`);
    expect(await changedTables()).toEqual(["faqs"]);
    // A write to a left-out table moves the transaction id but changes nothing compared.
    await t.database.db.execute(sql`update sessions set last_seen_at = last_seen_at`);
    expect(await changedTables()).toEqual([]);
  });

  it("answers no generated request with a 5xx, and a refused request changes no stored data", async () => {
    const list = routes();
    const runs = Number(process.env.FUZZ_RUNS ?? Math.ceil(TARGET / list.length));
    const started = performance.now();
    console.log(`fuzz: seed ${SEED}, ${list.length} routes × ${runs} requests`);
    let index = 0;
    for (const route of list) {
      index++;
      const routeStart = performance.now();
      const op = spec.paths[specPath(route.url)]?.[route.method.toLowerCase()];
      const bodySchema = op?.requestBody?.content?.["application/json"]?.schema;
      const queryParams = (op?.parameters ?? []).filter((p) => p.in === "query");
      const querySchemas = Object.fromEntries(queryParams.map((p) => [p.name, p.schema]));
      const fieldNames = Object.keys(bodySchema?.properties ?? {});
      const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      const wildcard = route.url.endsWith("*");

      const request: fc.Arbitrary<FuzzRequest> = fc.record({
        actor: fc.constantFrom(...ACTOR_NAMES),
        params: fc.record(Object.fromEntries([...paramNames, ...(wildcard ? ["*"] : [])].map((n) => [n, paramValue(smallIds)]))),
        query: queryString(
          queryParams.map((p) => p.name),
          querySchemas,
        ),
        headers,
        authorization: fc.option(badAuthorization, { freq: 8, nil: undefined }),
        body:
          route.method === "GET" || route.method === "HEAD"
            ? fc.oneof(
                { weight: 9, arbitrary: fc.constant({ kind: "none" } as Body) },
                { weight: 1, arbitrary: bodyFor(bodySchema, fieldNames) },
              )
            : bodyFor(bodySchema, fieldNames),
        ip,
      });

      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          let url = route.url.replace(/:(\w+)(\([^)]*\))?/g, (_m, name: string) => {
            const v = r.params[name] ?? "";
            // Mostly escaped as a client would; now and then raw (a "../" or "%zz" as typed).
            return v.length % 5 === 0 ? v : enc(v);
          });
          if (wildcard) url = url.replace(/\*$/, r.params["*"] ?? "");
          const { payload, contentType } = encodeBody(r.body);
          const h: Record<string, string> = { host: HOST, ...r.headers };
          if (contentType !== undefined) h["content-type"] = contentType;
          if (r.authorization === undefined) Object.assign(h, sessions[r.actor]);
          else if (r.authorization !== null) h.authorization = r.authorization;
          const opts: InjectOptions = {
            method: route.method as "GET",
            url: `${url}${r.query}`,
            headers: h,
            remoteAddress: r.ip,
            ...(payload !== undefined ? { payload } : {}),
          };
          const xidBefore = lastXid;
          let res: Awaited<ReturnType<TestApp["inject"]>>;
          try {
            const t0 = performance.now();
            res = await t.inject(opts);
            const took = performance.now() - t0;
            injectMs += took;
            if (process.env.FUZZ_PROFILE) slowest.push([took, `${describeRequest(opts, r.actor).slice(0, 300)} → ${res.statusCode}`]);
          } catch (err) {
            // light-my-request refuses some requests a real client could not send either (an invalid header value).
            if (err instanceof TypeError || (err as { code?: string }).code === "ERR_INVALID_CHAR") return;
            throw err;
          }
          requestCount++;
          statusCounts.set(res.statusCode, (statusCounts.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) {
            throw new Error(`answered ${res.statusCode}: ${res.body.slice(0, 300)}\n${describeRequest(opts, r.actor)}`);
          }
          const t1 = performance.now();
          const changed = await changedTables();
          checkMs += performance.now() - t1;
          if (res.statusCode >= 400 && lastXid !== xidBefore) refusalsCompared++;
          if (res.statusCode >= 400 && changed.length > 0) {
            throw new Error(
              `refused with ${res.statusCode} (${res.body.slice(0, 200)}) yet changed ${changed.join(", ")}\n${describeRequest(opts, r.actor)}`,
            );
          }
        }),
        { seed: SEED + index, numRuns: runs, endOnFailure: process.env.FUZZ_SHRINK !== "1" },
      );
      routesFuzzed.add(`${route.method} ${route.url}`);
      routeTimes.push([`${route.method} ${route.url}`, performance.now() - routeStart]);
      // The routes that can end a session: logout, revoking sessions, deleting or changing an account.
      if (route.method !== "GET" && route.method !== "HEAD" && /^\/api\/(auth|dealer)\//.test(route.url)) await reviveSessions();
    }
    // Nothing generated reached Object.prototype.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const statuses = [...statusCounts]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(" ");
    if (process.env.FUZZ_PROFILE) {
      console.log(`fingerprints: ${fingerprints}, inject ${injectMs.toFixed(0)}ms, check ${checkMs.toFixed(0)}ms`);
      console.log(
        slowest
          .sort((a, b) => b[0] - a[0])
          .slice(0, 30)
          .map(([ms, d]) => `${ms.toFixed(0)}ms ${d.replace(/\n/g, " | ")}`)
          .join("\n"),
      );
      console.log(
        routeTimes
          .sort((a, b) => b[1] - a[1])
          .slice(0, 25)
          .map(([k, ms]) => `${ms.toFixed(0)}ms ${k}`)
          .join("\n"),
      );
    }
    console.log(
      `fuzz: ${requestCount} requests to ${routesFuzzed.size} routes in ${seconds}s (seed ${SEED}, ${t.database.kind}); statuses ${statuses}; ${fingerprints} fingerprints, ${refusalsCompared} refusals compared table by table`,
    );
    expect(routesFuzzed.size).toBe(list.length);
    // Requests light-my-request refuses to build are not sent: the run is held to 95 % of its budget.
    const bar = Math.floor(TARGET * 0.95);
    expect(requestCount, "requests sent in this run").toBeGreaterThanOrEqual(Number(process.env.FUZZ_RUNS) ? 0 : bar);
    // Most requests must get past the throttles to the validation and the handlers.
    expect(statusCounts.get(429) ?? 0, "requests refused by a throttle").toBeLessThan(requestCount / 10);
  }, 900_000);
});
