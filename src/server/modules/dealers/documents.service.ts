import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { and, asc, eq, inArray } from "drizzle-orm";
import { harareDate } from "#shared/dates.ts";
import { ZERA_LICENCE_CLASSES, type ZeraLicenceClass } from "#shared/installer-network.ts";
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
  type DocumentMimeType,
  documentRemovalRefusal,
  expiryState,
  LICENCE_CLASS_INVALID,
  MAX_DIRECTOR_IDS,
  MAX_FILES_PER_FIELD,
  NO_FILES,
  ONLY_IMAGE_OR_PDF,
  RENEWAL_NOT_DUE,
  TAX_CLEARANCE_UPLOADED,
  tooManyForField,
  type UploadResult,
  unexpectedField,
  ZERA_LICENCE_UPLOADED,
} from "#shared/schemas/documents.ts";
import type { Db } from "../../db/client.ts";
import { dealerDocuments, dealers } from "../../db/schema/dealers.ts";
import { type Actor, refuseTeamMember, requireStaff, requireUser, staffOf } from "../../platform/auth/actor.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../../platform/errors.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import {
  contentDisposition,
  type ImageFormat,
  type IncomingPart,
  type ReadUploads,
  readUploads,
  UploadError,
  type UploadRules,
} from "../../platform/uploads/image-upload.ts";
import { createStoredFiles, type StoredFile } from "../../platform/uploads/stored-files.ts";
import { currentDocuments, documentView } from "./document-view.ts";

export type DocumentsDeps = {
  db: Db;
  storage: Storage;
  /**
   * Called after a dealer's documents change, so the application's completion is worked out again; with the
   * rejected documents an upload replaced (the back office is told of those).
   */
  onDocumentsChanged: (dealerId: number, replacements?: DocumentReplacement[], renewals?: DocumentRenewal[]) => Promise<void>;
  /** The clock deciding which documents are due for renewal (Harare day). */
  now?: () => Date;
};

type DocumentRow = typeof dealerDocuments.$inferSelect;
/** A new file that took the place of a rejected one. */
export type DocumentReplacement = { kind: DocumentKind; originalName: string; replacedName: string };
/** A new document of an approved company's kind (a renewal, or a ZERA licence), waiting for review. */
export type DocumentRenewal = { kind: DocumentKind; originalName: string; currentExpiresOn: string | null };
type RegStatus = (typeof dealers.$inferSelect)["regStatus"];

/** A refused director's ID is named by its place among the request's IDs: the path is `body.IDsOfDirectors.1`. */
function namedByPlace(err: unknown): unknown {
  if (!(err instanceof UploadError) || err.field !== "IDsOfDirectors" || err.index === undefined) return err;
  return new UploadError(err.statusCode as 400, err.message, `${err.field}.${err.index}`, undefined, err.fileName);
}

/** Stored types served as they are; anything else (an old row, a hand-made one) is sent as a download. */
const SERVED_TYPES: Record<string, ImageFormat | "pdf" | null> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": null,
  "application/pdf": "pdf",
};

const UPLOADED_MESSAGE: Record<DocumentField, string> = {
  taxClearance: TAX_CLEARANCE_UPLOADED,
  certificate: CERTIFICATE_UPLOADED,
  IDsOfDirectors: DIRECTOR_IDS_UPLOADED,
  zeraLicence: ZERA_LICENCE_UPLOADED,
};

const NOT_FOUND = "Document not found.";

/**
 * While the application is approved or suspended the documents on file stay as reviewed, except rejected ones and
 * renewals: a document expiring within EXPIRING_SOON_DAYS or expired, and a ZERA licence at any time.
 */
const isLocked = (status: RegStatus) => status === "Approved" || status === "Suspended";

/** Whether an approved company may upload a new document of this kind now (the newest approved one is `approved`). */
function renewable(kind: DocumentKind, approved: DocumentRow | undefined, today: string): boolean {
  if (kind === "zera_licence") return true;
  if (!approved) return false;
  const state = expiryState(approved.expiresOn, today);
  return state === "expiring" || state === "expired";
}

const newestApproved = (rows: DocumentRow[]) =>
  rows.filter((d) => d.reviewStatus === "approved").reduce<DocumentRow | undefined>((a, d) => (!a || d.id > a.id ? d : a), undefined);
const lockedMessage = (status: RegStatus) => `Your dealer application is ${status}: only a document our team has rejected can be replaced.`;

const kindOrder = (kind: DocumentKind) => DOCUMENT_KINDS.indexOf(kind);
const byKindThenId = (a: DocumentRow, b: DocumentRow) => kindOrder(a.kind) - kindOrder(b.kind) || a.id - b.id;

/**
 * What one upload request may carry: every field, or the one field of a per-kind route. Each file a JPG/PNG image or
 * a PDF decided by its first bytes, with the proofs of payment's checks (decision 026): images re-encoded, PDFs
 * checked for trailing data, markup and inflation bombs and written again, 3 MB each.
 */
export function documentUploadRules(only?: DocumentField): UploadRules {
  const fields: DocumentField[] = only ? [only] : (Object.keys(DOCUMENT_FIELDS) as DocumentField[]);
  return {
    maxBytes: DOCUMENT_MAX_BYTES,
    maxPdfBytes: DOCUMENT_MAX_BYTES,
    maxPerField: {},
    imageOrPdfFields: Object.fromEntries(fields.map((f) => [f, MAX_FILES_PER_FIELD[f]])),
    onlyImageOrPdf: ONLY_IMAGE_OR_PDF,
    maxNameLength: DOCUMENT_NAME_MAX,
    messages: { tooMany: (field) => tooManyForField(field as DocumentField), unexpected: unexpectedField },
  };
}

/** A checked file of an upload, image or PDF, as it is stored. */
type CheckedDocument = { field: DocumentField; index: number; name: string; body: Buffer; mimeType: DocumentMimeType; extension: string };

/** The request's checked files in the order they were sent within each field (images and PDFs read apart). */
function checkedDocuments(read: ReadUploads): CheckedDocument[] {
  const files: CheckedDocument[] = [
    ...read.images.map((i) => ({
      field: i.field as DocumentField,
      index: i.index,
      name: i.name,
      body: i.body,
      mimeType: i.mimeType,
      extension: i.extension,
    })),
    ...read.pdfs.map((p) => ({
      field: p.field as DocumentField,
      index: p.index,
      name: p.name,
      body: p.body,
      mimeType: "application/pdf" as const,
      extension: "pdf",
    })),
  ];
  const fieldOrder = Object.keys(DOCUMENT_FIELDS);
  return files.sort((a, b) => fieldOrder.indexOf(a.field) - fieldOrder.indexOf(b.field) || a.index - b.index);
}

/**
 * A dealer's private documents (tax clearance, certificate of incorporation, directors' IDs, ZERA licence): images
 * or PDFs, checked, re-encoded or written again, stored under server-made names, served only to their owner and admins.
 */
export function createDocumentsService({ db, storage, onDocumentsChanged, now = () => new Date() }: DocumentsDeps) {
  /** The documents that count (older approved ones a renewal replaced are kept for the record, not shown). */
  async function listRows(dealerId: number): Promise<DocumentRow[]> {
    const rows = await db.select().from(dealerDocuments).where(eq(dealerDocuments.dealerId, dealerId)).orderBy(asc(dealerDocuments.id));
    return currentDocuments(rows).sort(byKindThenId);
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
      refuseTeamMember(me);

      // Refused before a byte of the files is read when nothing could be accepted anyway.
      const today = harareDate(now());
      const [existing] = await db.select().from(dealers).where(eq(dealers.userId, userId));
      if (existing && isLocked(existing.regStatus) && only !== undefined) {
        const kind = DOCUMENT_FIELDS[only];
        const ofKind = await db
          .select()
          .from(dealerDocuments)
          .where(and(eq(dealerDocuments.dealerId, existing.id), eq(dealerDocuments.kind, kind)));
        const approved = newestApproved(ofKind);
        const rejected = ofKind.some((d) => d.reviewStatus === "rejected");
        if (!rejected && !renewable(kind, approved, today)) {
          throw new ConflictError(approved?.expiresOn ? RENEWAL_NOT_DUE : lockedMessage(existing.regStatus));
        }
      }

      const read = await readUploads(files, { ...documentUploadRules(only), maxFieldBytes: 16 }).catch((err: unknown) => {
        throw namedByPlace(err);
      });
      const images = checkedDocuments(read);
      if (images.length === 0) throw new UploadError(400, NO_FILES, only);
      // A ZERA licence comes with its class (ST1–ST4), chosen next to the file.
      const classField = read.fields.licenceClass;
      const licenceClass = typeof classField === "string" ? classField.trim().toUpperCase() : "";
      const sendsLicence = images.some((i) => i.field === "zeraLicence");
      if (sendsLicence && !(ZERA_LICENCE_CLASSES as readonly string[]).includes(licenceClass)) {
        throw new UploadError(400, LICENCE_CLASS_INVALID, "licenceClass");
      }

      const dealerId = existing?.id ?? (await ensureDealer(userId));
      const planned = images.map((image) => ({
        image,
        kind: DOCUMENT_FIELDS[image.field],
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
            const renewals: DocumentRenewal[] = [];
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
                const approved = newestApproved(ofKind);
                if (locked && (ofKind.length === 0 || rejected.length !== ofKind.length)) {
                  // A renewal; the approved document stays current until the new one is approved.
                  if (!renewable(kind, approved, today)) {
                    throw new ConflictError(approved?.expiresOn ? RENEWAL_NOT_DUE : lockedMessage(dealer.regStatus));
                  }
                  replaced.push(...ofKind.filter((d) => d.reviewStatus !== "approved"));
                  const name = planned.find((p) => p.kind === kind)?.image.name ?? "";
                  renewals.push({ kind, originalName: name, currentExpiresOn: approved?.expiresOn ?? null });
                  continue;
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
                  licenceClass: p.kind === "zera_licence" ? (licenceClass as ZeraLicenceClass) : null,
                })),
              )
              .returning();
            afterCommit.remove(...privateFiles(replaced.map((d) => d.storageKey)));
            return { inserted, replacedRejected: replaced.filter((d) => d.reviewStatus === "rejected"), renewals };
          }),
      );

      const replacements = result.replacedRejected.map((old) => ({
        kind: old.kind,
        replacedName: old.originalName,
        originalName: result.inserted.find((d) => d.kind === old.kind)?.originalName ?? "",
      }));
      await onDocumentsChanged(dealerId, replacements, result.renewals);
      const sent = new Set(images.map((i) => i.field));
      const [single] = sent;
      const message = sent.size === 1 && single ? UPLOADED_MESSAGE[single] : DOCUMENTS_UPLOADED;
      return {
        message,
        uploaded: result.inserted.sort(byKindThenId).map((d) => documentView(d)),
        documents: (await listRows(dealerId)).map((d) => documentView(d)),
      };
    },

    /**
     * A document's file, for its owner and admins only. Anyone else is told it does not exist, whether or not it
     * does.
     */
    async file(actor: Actor, documentId: number): Promise<{ body: Readable; contentType: string; disposition: string }> {
      const me = requireUser(actor);
      // Decision 035: the back office reads dealers' documents with dealers.read (403 without it, before the id).
      const staff = staffOf(me) !== null;
      if (staff) requireStaff(me, "dealers.read");
      const [row] = await db
        .select({ document: dealerDocuments, ownerId: dealers.userId })
        .from(dealerDocuments)
        .innerJoin(dealers, eq(dealers.id, dealerDocuments.dealerId))
        .where(eq(dealerDocuments.id, documentId));
      if (!row || (row.ownerId !== me.id && !staff)) throw new NotFoundError(NOT_FOUND);
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
      return { message: DOCUMENT_REMOVED, documents: (await listRows(removed.dealerId)).map((d) => documentView(d)) };
    },

    /** A dealer's documents (tax clearance, certificate, directors' IDs, each by id), for the dealer and review screens. */
    async listForDealer(dealerId: number): Promise<DealerDocumentView[]> {
      return (await listRows(dealerId)).map((d) => documentView(d));
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
