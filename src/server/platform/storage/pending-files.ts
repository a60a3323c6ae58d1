import type { Storage, Visibility } from "./storage-contract.ts";

/**
 * Files the database already names but storage does not hold yet, made on their first read: the demo's pictures,
 * drawn in the background after the first start (seed/pictures.ts, decision 027). A read of one waits for it to be
 * made instead of finding nothing; the files of a stored image's widths and twins (`<name>-w800.webp`, `.avif`) count
 * as the image's.
 */
export type PendingFiles = {
  /** How many are still to be made. Once it is 0 it stays 0, and every read below costs one comparison. */
  readonly size: number;
  /** Makes the file `key` belongs to now when it is still to be made; resolves at once otherwise. Never rejects. */
  ensure(visibility: Visibility, key: string): Promise<void>;
};

/**
 * `storage`, whose reads (`get`, `exists`, `open`) first make a pending file: the derived-image encoder reading a
 * picture not drawn yet, a private document opened by an admin, /media read from a bucket. /media served from disk
 * by @fastify/static does not read through here: the media plugin asks `pending.ensure` itself (plugins/media.ts).
 */
export function withPendingFiles(storage: Storage, pending: PendingFiles): Storage {
  const first = async (visibility: Visibility, key: string) => {
    if (pending.size > 0) await pending.ensure(visibility, key);
  };
  const open = storage.open;
  return {
    ...storage,
    async get(visibility, key) {
      await first(visibility, key);
      return storage.get(visibility, key);
    },
    async exists(visibility, key) {
      await first(visibility, key);
      return storage.exists(visibility, key);
    },
    ...(open
      ? {
          async open(visibility: Visibility, key: string, opts?: Parameters<typeof open>[2]) {
            await first(visibility, key);
            return open(visibility, key, opts);
          },
        }
      : {}),
  };
}
