import { randomBytes } from "node:crypto";
import { createReadStream, mkdirSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Config } from "../../config.ts";
import { ConfigError } from "../../config.ts";

/** Where files live: "public" is served under /media, "private" (dealer documents) only through services. */
export type Visibility = "public" | "private";

export type Storage = {
  put(visibility: Visibility, key: string, body: Buffer): Promise<void>;
  get(visibility: Visibility, key: string): Promise<Readable | null>;
  exists(visibility: Visibility, key: string): Promise<boolean>;
  remove(visibility: Visibility, key: string): Promise<void>;
  /** Every stored file of one visibility (under `prefix`, a folder such as "products/", when given). */
  list(visibility: Visibility, prefix?: string): AsyncIterable<StoredFile>;
  /** The folder served at /media, for the disk driver. */
  publicDir: string;
};

export type StoredFile = { key: string; size: number; modified: Date };

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are server-made ("folder/name.ext"); anything else (.., absolute paths, NUL) is refused. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
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

export function createStorage(config: Pick<Config, "dataDir" | "s3">): Storage {
  if (config.s3) {
    throw new ConfigError(
      "Invalid S3_BUCKET: object storage is not supported by this version yet; unset S3_* to store files in DATA_DIR/uploads",
    );
  }
  return createDiskStorage(path.join(config.dataDir, "uploads"));
}
