import type { Readable } from "node:stream";

/**
 * What every storage driver provides (the disk driver in storage.ts, the bucket in s3-storage.ts) and the key checks
 * they share. Its own module so that the drivers import it and storage.ts, which chooses between them, imports both:
 * no import cycle.
 */

/** Where files live: "public" is served under /media, "private" (dealer documents) only through services. */
export type Visibility = "public" | "private";

export type Storage = {
  put(visibility: Visibility, key: string, body: Buffer): Promise<void>;
  get(visibility: Visibility, key: string): Promise<Readable | null>;
  exists(visibility: Visibility, key: string): Promise<boolean>;
  remove(visibility: Visibility, key: string): Promise<void>;
  /** Every stored file of one visibility (under `prefix`, a folder such as "products/", when given). */
  list(visibility: Visibility, prefix?: string): AsyncIterable<StoredFile>;
  /** The folder served at /media by @fastify/static (disk driver). Without it, /media is read through `open`. */
  publicDir?: string;
  /** A file with its length and ETag, whole or a byte range, for serving /media (S3 driver). */
  open?(visibility: Visibility, key: string, opts?: OpenOptions): Promise<OpenedFile | "not-modified" | null>;
};

export type StoredFile = { key: string; size: number; modified: Date };

export type OpenOptions = {
  /** A Range header of one range ("bytes=0-99", "bytes=100-", "bytes=-100"); others are ignored. */
  range?: string;
  /** An If-None-Match header: "not-modified" when it matches the file's ETag. */
  ifNoneMatch?: string;
};

export type OpenedFile = {
  body: Readable;
  /** Bytes in `body`. */
  length: number;
  etag: string | undefined;
  modified: Date | undefined;
  /** Set when a range was asked for and served: "bytes 0-99/1234". */
  contentRange: string | undefined;
};

/** A range the file does not have (416). */
export class RangeNotSatisfiableError extends Error {}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are server-made ("folder/name.ext"); anything else (.., absolute paths, NUL) is refused. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

/** A key prefix for `list`: "" or the start of a safe key ("products/", "products/panel-"). */
export function assertSafePrefix(prefix: string): void {
  if (prefix !== "" && (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(prefix) || prefix.includes("..") || prefix.includes("//"))) {
    throw new Error(`Unsafe storage prefix: ${JSON.stringify(prefix)}`);
  }
}
