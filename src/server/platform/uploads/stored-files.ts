import { DEFAULT_PRODUCT_IMAGE, MEDIA_FOLDERS, type MediaFolder } from "#shared/media.ts";
import { removePublicImage, storePublicFile, storePublicImage } from "../images/public-images.ts";
import type { Storage } from "../storage/storage.ts";
import type { CheckedImage } from "./image-upload.ts";

/**
 * Files that belong to a record, stored before the transaction that names them and removed only once nothing
 * names them: one toolkit for the content, the catalogue and the dealers' documents.
 *
 * - `withStoredFiles(store, change)`: `store` puts the change's new files (through `put`, which keeps track of
 *   them), `change` writes the records (a transaction). When either fails, every file stored for it is removed
 *   again: a refused change leaves nothing behind.
 * - `after.remove(...)` inside the change: files the change replaces or drops, removed once it has committed (never
 *   before: a rolled-back change still names them).
 */

/** A stored file: a public image (every width and twin), a public file (a PDF), or a private file by its key. */
export type StoredFile = { kind: "image" | "file"; folder: MediaFolder; name: string } | { kind: "private"; key: string };

/** Stores a change's new files, keeping track of each for the undo. */
export type FilePut = {
  image(folder: MediaFolder, image: CheckedImage, stem: string): Promise<string>;
  images(folder: MediaFolder, images: readonly CheckedImage[], stem: string): Promise<string[]>;
  file(folder: MediaFolder, body: Buffer, stem: string, extension: string): Promise<string>;
  private(key: string, body: Buffer): Promise<string>;
};

/** What a change says about the files it no longer needs. */
export type AfterCommit = { remove(...files: (StoredFile | null | undefined | false)[]): void };

/** Server-made public file names only (`<words>-<hex>.<ext>`): anything else is never passed to the storage's remove. */
const OWN_FILE = /^[a-z0-9-]+\.[a-z0-9]+$/;

export function createStoredFiles(storage: Storage, onImageStored?: (folder: MediaFolder, name: string) => Promise<void>) {
  /** Removes files no record names any more. A file that cannot be removed is left (it harms nothing). */
  async function discard(files: readonly StoredFile[]): Promise<void> {
    await Promise.all(
      files.map(async (f) => {
        try {
          if (f.kind === "private") await storage.remove("private", f.key);
          // The shared placeholder image is never a product's own.
          else if (f.folder === MEDIA_FOLDERS.products && f.name === DEFAULT_PRODUCT_IMAGE) return;
          else if (f.kind === "image") await removePublicImage(storage, f.folder, f.name);
          else if (OWN_FILE.test(f.name)) await storage.remove("public", `${f.folder}/${f.name}`);
        } catch {
          // An unsafe or unknown name: nothing of ours to remove.
        }
      }),
    );
  }

  async function withStoredFiles<S, T>(
    store: (put: FilePut) => Promise<S>,
    change: (stored: S, after: AfterCommit) => Promise<T>,
  ): Promise<T> {
    const stored: StoredFile[] = [];
    const keep = (file: StoredFile, name: string) => {
      stored.push(file);
      return name;
    };
    const put: FilePut = {
      image: async (folder, image, stem) => {
        const name = await storePublicImage(storage, folder, image, stem, onImageStored);
        return keep({ kind: "image", folder, name }, name);
      },
      images: async (folder, images, stem) => {
        const names: string[] = [];
        for (const image of images) names.push(await put.image(folder, image, stem));
        return names;
      },
      file: async (folder, body, stem, extension) => {
        const name = await storePublicFile(storage, folder, body, stem, extension);
        return keep({ kind: "file", folder, name }, name);
      },
      private: async (key, body) => {
        await storage.put("private", key, body);
        return keep({ kind: "private", key }, key);
      },
    };
    const later: StoredFile[] = [];
    const after: AfterCommit = {
      remove: (...files) => {
        for (const f of files) if (f) later.push(f);
      },
    };
    let result: T;
    try {
      result = await change(await store(put), after);
    } catch (err) {
      await discard(stored);
      throw err;
    }
    await discard(later);
    return result;
  }

  /** A change that stores nothing and may drop files (a delete): they go once it has committed. */
  const removeAfterCommit = <T>(change: (after: AfterCommit) => Promise<T>): Promise<T> =>
    withStoredFiles(
      async () => undefined,
      (_, after) => change(after),
    );

  return { withStoredFiles, removeAfterCommit, discard };
}

export type StoredFiles = ReturnType<typeof createStoredFiles>;

/** Public images of a folder as stored files (null and empty names left out). */
export const publicImages = (folder: MediaFolder, names: readonly (string | null)[]): StoredFile[] =>
  names.flatMap((name) => (name ? [{ kind: "image" as const, folder, name }] : []));
