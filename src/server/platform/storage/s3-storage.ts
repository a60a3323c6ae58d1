import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Config } from "../../config.ts";
import { assertSafeKey, assertSafePrefix, RangeNotSatisfiableError, type Storage, type Visibility } from "./storage-contract.ts";

export type S3Config = NonNullable<Config["s3"]>;

export type S3Storage = Storage & {
  /** HeadBucket: throws StorageUnavailableError with a one-line reason when the bucket cannot be used. */
  checkBucket(): Promise<void>;
};

/** The bucket cannot be used (start-up prints the message as its one line). */
export class StorageUnavailableError extends Error {}

const CONTENT_TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  json: "application/json",
  mp4: "video/mp4",
  webm: "video/webm",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  m4a: "audio/mp4",
  wav: "audio/wav",
};

/** The Content-Type of a stored file, from its extension (keys are server-made, so the extension is ours). */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}

/** One range in the form S3 takes; anything else (several ranges, other units) is served whole. */
const SINGLE_RANGE = /^bytes=(\d+-\d*|-\d+)$/;

type SdkError = { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
const statusOf = (err: unknown) => (err as SdkError).$metadata?.httpStatusCode;
const isMissing = (err: unknown) => {
  const e = err as SdkError;
  return e.name === "NoSuchKey" || e.name === "NotFound" || statusOf(err) === 404;
};

/** A network error's reason: Node's connection errors may carry an empty message and the cause in `errors`. */
function reasonOf(err: unknown): string {
  const e = err as SdkError & { errors?: { message?: string }[] };
  return e.message || e.code || e.errors?.[0]?.message || e.name || String(err);
}

/**
 * Files in one S3-compatible bucket, under `public/` and `private/`. Objects are written without an ACL, so they
 * stay private to the bucket's owner: public files reach browsers only through the app's /media route, private
 * ones only through the services that check who asks. With S3_ENDPOINT (MinIO, a local server) requests use path
 * style (`endpoint/bucket/key`), which S3-compatible servers expect.
 */
export function createS3Storage(config: S3Config, client?: S3Client): S3Storage {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: Boolean(config.endpoint),
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      // S3-compatible servers differ in which of the newer checksums they accept: send and check them only where
      // S3 requires them. AWS itself gets the SDK's defaults.
      ...(config.endpoint ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" } : {}),
    });
  const Bucket = config.bucket;
  const objectKey = (v: Visibility, key: string) => {
    assertSafeKey(key);
    return `${v}/${key}`;
  };
  const where = config.endpoint ? `${config.endpoint} (region ${config.region})` : `region ${config.region}`;

  return {
    async put(v, key, body) {
      // One PUT: S3 makes the object visible whole or not at all, so readers never see half a file.
      await s3.send(new PutObjectCommand({ Bucket, Key: objectKey(v, key), Body: body, ContentType: contentTypeOf(key) }));
    },

    async get(v, key) {
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket, Key: objectKey(v, key) }));
        return (res.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async exists(v, key) {
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: objectKey(v, key) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },

    async remove(v, key) {
      // S3 answers 204 whether or not the object existed, as the disk driver's rm({ force: true }) does.
      await s3.send(new DeleteObjectCommand({ Bucket, Key: objectKey(v, key) }));
    },

    async *list(v, prefix = "") {
      assertSafePrefix(prefix);
      const root = `${v}/`;
      for await (const page of paginateListObjectsV2({ client: s3 }, { Bucket, Prefix: `${root}${prefix}` })) {
        for (const o of page.Contents ?? []) {
          if (!o.Key?.startsWith(root)) continue;
          yield { key: o.Key.slice(root.length), size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) };
        }
      }
    },

    async open(v, key, opts = {}) {
      const range = opts.range && SINGLE_RANGE.test(opts.range) ? opts.range : undefined;
      try {
        const res = await s3.send(
          new GetObjectCommand({ Bucket, Key: objectKey(v, key), Range: range, IfNoneMatch: opts.ifNoneMatch || undefined }),
        );
        if (!res.Body) return null;
        return {
          body: res.Body as Readable,
          length: res.ContentLength ?? 0,
          etag: res.ETag,
          modified: res.LastModified,
          contentRange: range ? res.ContentRange : undefined,
        };
      } catch (err) {
        if (statusOf(err) === 304) return "not-modified";
        if (statusOf(err) === 416) throw new RangeNotSatisfiableError(`Range not satisfiable: ${range}`);
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async checkBucket() {
      try {
        await s3.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(15_000) });
      } catch (err) {
        const status = statusOf(err);
        const reason =
          status === 404
            ? "it does not exist"
            : status === 403 || status === 401
              ? "access was refused (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that the key may use this bucket)"
              : status === 301 || status === 400
                ? `it answered ${status} (check S3_REGION and S3_ENDPOINT)`
                : reasonOf(err);
        throw new StorageUnavailableError(`Cannot use the S3 bucket "${Bucket}" at ${where}: ${reason}`.replace(/\s*\n\s*/g, " "));
      }
    },
  };
}
