import { randomBytes } from "node:crypto";
import { createReadStream, mkdirSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../config.ts";
import { createS3Storage } from "./s3-storage.ts";
import { assertSafeKey, type Storage, type Visibility } from "./storage-contract.ts";

export {
  assertSafeKey,
  assertSafePrefix,
  type OpenedFile,
  type OpenOptions,
  RangeNotSatisfiableError,
  type Storage,
  type StoredFile,
  type Visibility,
} from "./storage-contract.ts";

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
