import { randomBytes } from "node:crypto";
import { createReadStream, mkdirSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Config } from "../../config.ts";
import { createS3Storage } from "./s3-storage.ts";

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

export function createDiskStorage(root: string): Storage {
  const dirOf = (v: Visibility) => path.join(root, v);
  mkdirSync(dirOf("public"), { recursive: true });
  mkdirSync(dirOf("private"), { recursive: true });
  const fileOf = (v: Visibility, key: string) => {
    assertSafeKey(key);
    return path.join(dirOf(v), key);
  };
  return {
    publicDir: dirOf("public"),
    async put(v, key, body) {
      const file = fileOf(v, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a reader (or another server process) never sees half a file.
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temp, body);
      await rename(temp, file);
    },
    async get(v, key) {
      const file = fileOf(v, key);
      try {
        const s = await stat(file);
        if (!s.isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async exists(v, key) {
      try {
        return (await stat(fileOf(v, key))).isFile();
      } catch {
        return false;
      }
    },
    async remove(v, key) {
      await rm(fileOf(v, key), { force: true });
    },
    async *list(v, prefix = "") {
      // Walks the folder of the prefix (its part up to the last "/"), then keeps the keys that start with it.
      const base = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      if (base) assertSafeKey(base);
      const stack = [base];
      while (stack.length > 0) {
        const rel = stack.pop() as string;
        let entries: import("node:fs").Dirent[];
        try {
          entries = await readdir(path.join(dirOf(v), rel), { withFileTypes: true });
        } catch {
          continue;
        }
        for (const entry of entries) {
          const key = rel ? `${rel}/${entry.name}` : entry.name;
          if (entry.isDirectory()) stack.push(key);
          else if (entry.isFile() && key.startsWith(prefix)) {
            const s = await stat(path.join(dirOf(v), key)).catch(() => null);
            if (s) yield { key, size: s.size, modified: s.mtime };
          }
        }
      }
    },
  };
}

/** An S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, "dataDir" | "s3">): Storage {
  if (config.s3) return createS3Storage(config.s3);
  return createDiskStorage(path.join(config.dataDir, "uploads"));
}

/** createStorage, then a check that the bucket answers (start-up fails with one line otherwise). */
export async function openStorage(config: Pick<Config, "dataDir" | "s3">): Promise<Storage> {
  if (!config.s3) return createStorage(config);
  const storage = createS3Storage(config.s3);
  await storage.checkBucket();
  return storage;
}
