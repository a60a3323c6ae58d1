import type { Db } from "../../db/client.ts";
import type { Storage } from "../../platform/storage/storage.ts";

export type DocumentsDeps = {
  db: Db;
  storage: Storage;
  /** Called after a dealer's documents change, so the application's completion is worked out again. */
  onDocumentsChanged: (dealerId: number) => Promise<void>;
};

/**
 * A dealer's private documents (tax clearance, certificate of incorporation, directors' IDs): checked, re-encoded,
 * stored under server-made names, served only to their owner and admins. Filled in by the upload work.
 */
export function createDocumentsService(_deps: DocumentsDeps) {
  return {};
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
