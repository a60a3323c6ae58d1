import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { and, asc, eq, inArray } from "drizzle-orm";
import { isAdminRole } from "#shared/roles.ts";
import { CONFIRM_EMAIL_TO_APPLY } from "#shared/schemas/dealers.ts";
import {
  CERTIFICATE_UPLOADED,
  type DealerDocumentView,
  DIRECTOR_IDS_UPLOADED,
  DOCUMENT_FIELDS,
  DOCUMENT_KINDS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_NAME_MAX,
  DOCUMENT_REMOVED,
  DOCUMENTS_UPLOADED,
  type DocumentField,
  type DocumentKind,
  documentFileUrl,
  documentRemovalRefusal,
  MAX_DIRECTOR_IDS,
  MAX_FILES_PER_FIELD,
  NO_FILES,
  TAX_CLEARANCE_UPLOADED,
  tooManyForField,
  type UploadResult,
  unexpectedField,
  ZERA_LICENCE_UPLOADED,
} from "#shared/schemas/documents.ts";
import type { Db } from "../../db/client.ts";
import { dealerDocuments, dealers } from "../../db/schema/dealers.ts";
import { type Actor, OWNER_ONLY, requireUser } from "../../platform/auth/actor.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../../platform/errors.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import {
  contentDisposition,
  type ImageFormat,
  type ImageUploadRules,
  type IncomingPart,
  readImageUploads,
  UploadError,
} from "../../platform/uploads/image-upload.ts";
import { createStoredFiles, type StoredFile } from "../../platform/uploads/stored-files.ts";

export type DocumentsDeps = {
  db: Db;
  storage: Storage;
  /**
   * Called after a dealer's documents change, so the application's completion is worked out again; with the
   * rejected documents an upload replaced (the back office is told of those).
   */
  onDocumentsChanged: (dealerId: number, replacements?: DocumentReplacement[]) => Promise<void>;
};

type DocumentRow = typeof dealerDocuments.$inferSelect;
/** A new file that took the place of a rejected one. */
export type DocumentReplacement = { kind: DocumentKind; originalName: string; replacedName: string };
type RegStatus = (typeof dealers.$inferSelect)["regStatus"];

/** A refused director's ID is named by its place among the request's IDs: the path is `body.IDsOfDirectors.1`. */
function namedByPlace(err: unknown): unknown {
  if (!(err instanceof UploadError) || err.field !== "IDsOfDirectors" || err.index === undefined) return err;
  return new UploadError(err.statusCode as 400, err.message, `${err.field}.${err.index}`, undefined, err.fileName);
}

/** Stored types served as they are; anything else (an old row, a hand-made one) is sent as a download. */
const SERVED_TYPES: Record<string, ImageFormat | null> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": null };

const UPLOADED_MESSAGE: Record<DocumentField, string> = {
  taxClearance: TAX_CLEARANCE_UPLOADED,
  certificate: CERTIFICATE_UPLOADED,
  IDsOfDirectors: DIRECTOR_IDS_UPLOADED,
  zeraLicence: ZERA_LICENCE_UPLOADED,
};

const NOT_FOUND = "Document not found.";

/** While the application is approved or suspended the documents on file stay as reviewed, except rejected ones. */
const isLocked = (status: RegStatus) => status === "Approved" || status === "Suspended";
const lockedMessage = (status: RegStatus) => `Your dealer application is ${status}: only a document our team has rejected can be replaced.`;

function view(row: DocumentRow): DealerDocumentView {
  return {
    id: row.id,
    kind: row.kind,
    original_name: row.originalName,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    review_status: row.reviewStatus,
    review_reason: row.reviewReason,
    created_At: row.createdAt.toISOString(),
    url: documentFileUrl(row.id),
  };
}

const kindOrder = (kind: DocumentKind) => DOCUMENT_KINDS.indexOf(kind);
const byKindThenId = (a: DocumentRow, b: DocumentRow) => kindOrder(a.kind) - kindOrder(b.kind) || a.id - b.id;

/** What one upload request may carry: every field, or the one field of a per-kind route. */
export function documentUploadRules(only?: DocumentField): ImageUploadRules {
  const fields: DocumentField[] = only ? [only] : (Object.keys(DOCUMENT_FIELDS) as DocumentField[]);
  return {
    maxBytes: DOCUMENT_MAX_BYTES,
    maxPerField: Object.fromEntries(fields.map((f) => [f, MAX_FILES_PER_FIELD[f]])),
    maxNameLength: DOCUMENT_NAME_MAX,
    messages: { tooMany: (field) => tooManyForField(field as DocumentField), unexpected: unexpectedField },
  };
}

/**
 * A dealer's private documents (tax clearance, certificate of incorporation, directors' IDs): checked, re-encoded,
 * stored under server-made names, served only to their owner and admins.
 */
export function createDocumentsService({ db, storage, onDocumentsChanged }: DocumentsDeps) {
  async function listRows(dealerId: number): Promise<DocumentRow[]> {
    const rows = await db.select().from(dealerDocuments).where(eq(dealerDocuments.dealerId, dealerId)).orderBy(asc(dealerDocuments.id));
    return rows.sort(byKindThenId);
  }

  /** The user's dealer record, made (empty: 'Not Started') when they have none yet. */
  async function ensureDealer(userId: number): Promise<number> {
    await db.insert(dealers).values({ userId }).onConflictDoNothing({ target: dealers.userId });
    const [row] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, userId));
    if (!row) throw new Error("dealer record missing after insert");
    return row.id;
  }

  const { withStoredFiles, removeAfterCommit } = createStoredFiles(storage);
  const privateFiles = (keys: readonly string[]): StoredFile[] => keys.map((key) => ({ kind: "private", key }));

  return {
    /**
     * Stores the files of one upload request for the user's own dealer application (made if missing). `files` is
     * read only after the caller is authorised; `only` limits the request to one field (the spec's per-kind
     * routes). The tax clearance and the certificate are single (a new one replaces the old); directors' IDs are
     * added, replacing any rejected ones. All or nothing: every file is checked before any is stored.
     */
    async upload(actor: Actor, userId: number, files: AsyncIterable<IncomingPart>, only?: DocumentField): Promise<UploadResult> {
      const me = requireUser(actor);
      if (me.id !== userId) throw new ForbiddenError("You can only upload documents to your own dealer application.");
      if (isAdminRole(me.role)) throw new ForbiddenError("Admin accounts cannot apply as dealers.");
      if (!me.emailVerified) throw new ForbiddenError(CONFIRM_EMAIL_TO_APPLY);
      if (me.teamRole === "buyer" || me.teamRole === "technician") throw new ForbiddenError(OWNER_ONLY);

      // Refused before a byte of the files is read when nothing could be accepted anyway.
      const [existing] = await db.select().from(dealers).where(eq(dealers.userId, userId));
      if (existing && isLocked(existing.regStatus)) {
        const [rejected] = await db
          .select({ id: dealerDocuments.id })
          .from(dealerDocuments)
          .where(and(eq(dealerDocuments.dealerId, existing.id), eq(dealerDocuments.reviewStatus, "rejected")))
          .limit(1);
        if (!rejected) throw new ConflictError(lockedMessage(existing.regStatus));
      }

      const images = await readImageUploads(files, documentUploadRules(only)).catch((err: unknown) => {
        throw namedByPlace(err);
      });
      if (images.length === 0) throw new UploadError(400, NO_FILES, only);

      const dealerId = existing?.id ?? (await ensureDealer(userId));
      const planned = images.map((image) => ({
        image,
        kind: DOCUMENT_FIELDS[image.field as DocumentField],
        key: `dealer-documents/${dealerId}/${randomUUID()}.${image.extension}`,
      }));

      // Stored first; removed again if the change is refused; the files it replaces go once it is saved.
      const result = await withStoredFiles(
        async (put) => {
          for (const p of planned) await put.private(p.key, p.image.body);
        },
        (_, afterCommit) =>
          db.transaction(async (tx) => {
            // The dealer row locked: two uploads at once cannot both replace the same single document.
            const [dealer] = await tx.select().from(dealers).where(eq(dealers.id, dealerId)).for("update");
            if (!dealer) throw new NotFoundError("Dealer application not found.");
            const current = await tx.select().from(dealerDocuments).where(eq(dealerDocuments.dealerId, dealerId));
            const locked = isLocked(dealer.regStatus);
            const replaced: DocumentRow[] = [];
            for (const kind of new Set(planned.map((p) => p.kind))) {
              const ofKind = current.filter((d) => d.kind === kind);
              const rejected = ofKind.filter((d) => d.reviewStatus === "rejected");
              const incoming = planned.filter((p) => p.kind === kind).length;
              if (kind === "director_id") {
                if (locked && incoming > rejected.length) throw new ConflictError(lockedMessage(dealer.regStatus));
                if (ofKind.length - rejected.length + incoming > MAX_DIRECTOR_IDS) {
                  throw new ConflictError(
                    `A dealer can keep at most ${MAX_DIRECTOR_IDS} directors' ID files: remove one before adding another.`,
                  );
                }
                replaced.push(...rejected);
              } else {
                if (locked && (ofKind.length === 0 || rejected.length !== ofKind.length)) {
                  throw new ConflictError(lockedMessage(dealer.regStatus));
                }
                replaced.push(...ofKind);
              }
            }
            if (replaced.length > 0) {
              await tx.delete(dealerDocuments).where(
                inArray(
                  dealerDocuments.id,
                  replaced.map((d) => d.id),
                ),
              );
            }
            const inserted = await tx
              .insert(dealerDocuments)
              .values(
                planned.map((p) => ({
                  dealerId,
                  kind: p.kind,
                  storageKey: p.key,
                  originalName: p.image.name,
                  mimeType: p.image.mimeType,
                  sizeBytes: p.image.body.length,
                  reviewStatus: "pending" as const,
                })),
              )
              .returning();
            afterCommit.remove(...privateFiles(replaced.map((d) => d.storageKey)));
            return { inserted, replacedRejected: replaced.filter((d) => d.reviewStatus === "rejected") };
          }),
      );

      const replacements = result.replacedRejected.map((old) => ({
        kind: old.kind,
        replacedName: old.originalName,
        originalName: result.inserted.find((d) => d.kind === old.kind)?.originalName ?? "",
      }));
      await onDocumentsChanged(dealerId, replacements);
      const sent = new Set(images.map((i) => i.field as DocumentField));
      const [single] = sent;
      const message = sent.size === 1 && single ? UPLOADED_MESSAGE[single] : DOCUMENTS_UPLOADED;
      return { message, uploaded: result.inserted.sort(byKindThenId).map(view), documents: (await listRows(dealerId)).map(view) };
    },

    /**
     * A document's file, for its owner and admins only. Anyone else is told it does not exist, whether or not it
     * does.
     */
    async file(actor: Actor, documentId: number): Promise<{ body: Readable; contentType: string; disposition: string }> {
      const me = requireUser(actor);
      const [row] = await db
        .select({ document: dealerDocuments, ownerId: dealers.userId })
        .from(dealerDocuments)
        .innerJoin(dealers, eq(dealers.id, dealerDocuments.dealerId))
        .where(eq(dealerDocuments.id, documentId));
      if (!row || (row.ownerId !== me.id && !isAdminRole(me.role))) throw new NotFoundError(NOT_FOUND);
      const body = await storage.get("private", row.document.storageKey).catch(() => null);
      if (!body) throw new NotFoundError(NOT_FOUND);
      const type = row.document.mimeType;
      const served = Object.hasOwn(SERVED_TYPES, type);
      const format = served ? (SERVED_TYPES[type] ?? null) : null;
      const name =
        type === "image/webp" ? `${row.document.originalName.replace(/\.[A-Za-z0-9]{1,5}$/, "")}.webp` : row.document.originalName;
      return {
        body,
        contentType: served ? type : "application/octet-stream",
        disposition: contentDisposition(name, format, served ? "inline" : "attachment"),
      };
    },

    /**
     * The owner removes a document that has not been approved: any of them before the application is submitted
     * (or after it was rejected), otherwise only a rejected one.
     */
    async remove(actor: Actor, documentId: number): Promise<{ message: string; documents: DealerDocumentView[] }> {
      const me = requireUser(actor);
      const removed = await removeAfterCommit((afterCommit) =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .select({ document: dealerDocuments, ownerId: dealers.userId, regStatus: dealers.regStatus })
            .from(dealerDocuments)
            .innerJoin(dealers, eq(dealers.id, dealerDocuments.dealerId))
            .where(eq(dealerDocuments.id, documentId))
            .for("update");
          if (!row) throw new NotFoundError(NOT_FOUND);
          if (row.ownerId !== me.id) {
            if (isAdminRole(me.role)) throw new ForbiddenError("Only the dealer can remove their own documents.");
            throw new NotFoundError(NOT_FOUND);
          }
          const { document } = row;
          const refusal = documentRemovalRefusal(document.reviewStatus, row.regStatus);
          if (refusal) throw new ConflictError(refusal);
          await tx.delete(dealerDocuments).where(eq(dealerDocuments.id, document.id));
          afterCommit.remove(...privateFiles([document.storageKey]));
          return document;
        }),
      );
      await onDocumentsChanged(removed.dealerId);
      return { message: DOCUMENT_REMOVED, documents: (await listRows(removed.dealerId)).map(view) };
    },

    /** A dealer's documents (tax clearance, certificate, directors' IDs, each by id), for the dealer and review screens. */
    async listForDealer(dealerId: number): Promise<DealerDocumentView[]> {
      return (await listRows(dealerId)).map(view);
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
