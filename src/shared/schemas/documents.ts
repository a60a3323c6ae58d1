import { z } from "zod";
import { EXPIRING_SOON_DAYS, ZERA_LICENCE_CLASSES } from "../installer-network.ts";

/**
 * A dealer's documents (spec §5, §7, §8): the multipart field names the spec's clients send, the kinds they are
 * stored as, the limits and the messages. The server enforces all of it; the browser form uses the same values to
 * warn before sending.
 */

/** Multipart field → stored kind (spec §7: `taxClearance`, `certificate`, repeated `IDsOfDirectors`). */
export const DOCUMENT_FIELDS = {
  taxClearance: "tax_clearance",
  certificate: "certificate_of_incorporation",
  IDsOfDirectors: "director_id",
  /** ZERA's solar installer licence, optional at application, with its class. */
  zeraLicence: "zera_licence",
} as const;
export type DocumentField = keyof typeof DOCUMENT_FIELDS;
export type DocumentKind = (typeof DOCUMENT_FIELDS)[DocumentField];
export const DOCUMENT_KINDS = [
  "tax_clearance",
  "certificate_of_incorporation",
  "director_id",
  "zera_licence",
] as const satisfies readonly DocumentKind[];

export const FIELD_OF_KIND: Record<DocumentKind, DocumentField> = {
  tax_clearance: "taxClearance",
  certificate_of_incorporation: "certificate",
  director_id: "IDsOfDirectors",
  zera_licence: "zeraLicence",
};

/**
 * At most 3 MB each (spec §5 and §9 only hint it; the server enforces it). A JPG or PNG image, or a PDF (decision 026:
 * ZIMRA issues the tax clearance as a PDF, and the spec's "images only" would make dealers photograph a screen): the
 * proofs of payment's checks, the type decided by the file's first bytes, images re-encoded, PDFs written again.
 */
export const DOCUMENT_MAX_BYTES = 3 * 1024 * 1024;
export const DOCUMENT_MAX_MB = 3;
export const DOCUMENT_MIME_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];
export const DOCUMENT_EXTENSIONS = [".jpg", ".jpeg", ".png", ".pdf"] as const;
/** The file input's `accept` attribute. */
export const DOCUMENT_ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";
/** The hint under a document's file field. */
export const DOCUMENT_HINT = `A JPG or PNG image, or a PDF, at most ${DOCUMENT_MAX_MB} MB each.`;

/** Files one request may carry per field: one tax clearance, one certificate, up to 10 directors' IDs. */
export const MAX_FILES_PER_FIELD: Record<DocumentField, number> = { taxClearance: 1, certificate: 1, IDsOfDirectors: 10, zeraLicence: 1 };
/** Directors' ID files a dealer may keep on file at once. */
export const MAX_DIRECTOR_IDS = 10;
/** Longest original file name kept for display. */
export const DOCUMENT_NAME_MAX = 120;

// Spec §5: the form's required-field messages, word for word.
export const TAX_CLEARANCE_REQUIRED = "Tax Clearance document is required";
export const CERTIFICATE_REQUIRED = "Certificate of Incorporation is required";
export const DIRECTOR_IDS_REQUIRED = "National ID Copies of Directors is required";

// Spec §8, word for word: the certificate of incorporation's success text is 'Tax Certificate Uploaded' (as
// built). The spec shows none for the tax clearance, which gets its own.
export const TAX_CLEARANCE_UPLOADED = "Tax Clearance Uploaded";
export const CERTIFICATE_UPLOADED = "Tax Certificate Uploaded";
export const DIRECTOR_IDS_UPLOADED = "IDs uploaded successfully!";
export const ZERA_LICENCE_UPLOADED = "ZERA licence uploaded";
export const DOCUMENTS_UPLOADED = "Your documents have been uploaded.";
export const DOCUMENT_UPLOAD_FAILED = "Failed to upload tax certificate!";
export const DOCUMENTS_UPLOAD_FAILED = "An error occurred while uploading your documents.";
export const DOCUMENT_REMOVED = "The document has been removed.";

// Why a file is refused: the same words on the server and in the form.
export const ONLY_IMAGES = "Only JPG and PNG images are accepted.";
/** A dealer document or a proof of payment that is neither a JPG/PNG image nor a PDF. */
export const ONLY_IMAGE_OR_PDF = "Only JPG, PNG or PDF files are accepted.";
export const FILE_TOO_LARGE = `Each file must be ${DOCUMENT_MAX_MB} MB or smaller.`;
export const FILE_EMPTY = "The file is empty.";
export const IMAGE_UNREADABLE = "The image could not be read. It may be damaged; please scan or photograph it again.";
export const IMAGE_TOO_MANY_PIXELS = "The image is too large: at most 40 megapixels.";
export const NO_FILES = "Choose at least one file to upload.";
export const NOT_MULTIPART = "Send the files as multipart/form-data.";
export const TOO_MANY_FILES = `Too many files: at most ${MAX_FILES_PER_FIELD.taxClearance} tax clearance, ${MAX_FILES_PER_FIELD.certificate} certificate of incorporation and ${MAX_FILES_PER_FIELD.IDsOfDirectors} directors' IDs at once.`;
export const tooManyForField = (field: DocumentField) =>
  field === "IDsOfDirectors"
    ? `Upload at most ${MAX_FILES_PER_FIELD.IDsOfDirectors} directors' ID files at once.`
    : `Upload one ${field === "taxClearance" ? "tax clearance" : field === "zeraLicence" ? "ZERA licence" : "certificate of incorporation"} file only.`;
export const unexpectedField = (name: string, allowed: readonly string[]) =>
  `Unexpected file field "${name.slice(0, 40)}": send ${allowed.join(", ")}.`;

/**
 * What the browser can check before sending: the name's extension and the size (the server decides by content).
 * Null when the file looks acceptable.
 */
export function documentFileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!DOCUMENT_EXTENSIONS.some((ext) => name.endsWith(ext))) return ONLY_IMAGE_OR_PDF;
  if (file.size === 0) return FILE_EMPTY;
  if (file.size > DOCUMENT_MAX_BYTES) return FILE_TOO_LARGE;
  return null;
}

export const documentReviewStatuses = ["pending", "approved", "rejected"] as const;

/** One stored document as the API answers it; `url` is its private download address. */
export const dealerDocumentSchema = z.object({
  id: z.number(),
  kind: z.enum(DOCUMENT_KINDS),
  original_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  review_status: z.enum(documentReviewStatuses),
  review_reason: z.string().nullable(),
  created_At: z.string(),
  url: z.string(),
  /** The last day the document is valid (YYYY-MM-DD, Harare), set by the admin who approved it; null: no expiry. */
  expires_on: z.string().nullable(),
  /** A ZERA licence's class (ST1–ST4); null for other kinds. */
  licence_class: z.enum(ZERA_LICENCE_CLASSES).nullable(),
  /** Whether the day after `expires_on` has begun (Harare). */
  expired: z.boolean(),
  /** none (no expiry), valid, expiring (within EXPIRING_SOON_DAYS) or expired. */
  expiry_state: z.enum(["none", "valid", "expiring", "expired"]),
});
export type DealerDocumentView = z.infer<typeof dealerDocumentSchema>;

export const uploadResultSchema = z.object({
  message: z.string(),
  /** The documents this request stored. */
  uploaded: z.array(dealerDocumentSchema),
  /** All of the dealer's documents after the change. */
  documents: z.array(dealerDocumentSchema),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const documentIdParamSchema = z.object({ documentId: z.coerce.number().int().positive().max(2_147_483_647) });

/** The private download address of a document. */
export const documentFileUrl = (id: number) => `/api/dealer/documents/${id}/file`;

/**
 * Why a dealer may not take a document off their application, or null when they may: never an approved one; once
 * the application is under review (submitted, not rejected), only a rejected one. The service refuses with this
 * message and the registration page offers Remove only when it is null.
 */
export function documentRemovalRefusal(
  reviewStatus: DealerDocumentView["review_status"],
  regStatus: "Pending" | "Approved" | "Rejected" | "Suspended" | null,
): string | null {
  if (reviewStatus === "approved") return "An approved document cannot be removed.";
  const underReview = regStatus !== null && regStatus !== "Rejected";
  if (underReview && reviewStatus !== "rejected") {
    return `This document is part of your ${regStatus} application and cannot be removed; our team will ask for a new one if needed.`;
  }
  return null;
}

// Documents that expire.
export type ExpiryState = DealerDocumentView["expiry_state"];

/** Whole days from `today` to `expiresOn` (both YYYY-MM-DD): 0 on the last valid day, negative once expired. */
export function daysUntil(expiresOn: string, today: string): number {
  return Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** A document's expiry as of `today` (Harare): expired only from the day after its last valid day. */
export function expiryState(expiresOn: string | null, today: string): ExpiryState {
  if (!expiresOn) return "none";
  const days = daysUntil(expiresOn, today);
  if (days < 0) return "expired";
  return days <= EXPIRING_SOON_DAYS ? "expiring" : "valid";
}

/**
 * A company's documents as the back office's dealers list marks them: "expired" when an approved document is past its
 * last valid day (the hold's rule), else "expiring" when one is within EXPIRING_SOON_DAYS, else null.
 */
export function companyDocumentsExpiry(
  docs: readonly Pick<DealerDocumentView, "review_status" | "expiry_state">[],
): "expired" | "expiring" | null {
  const approved = docs.filter((d) => d.review_status === "approved");
  if (approved.some((d) => d.expiry_state === "expired")) return "expired";
  return approved.some((d) => d.expiry_state === "expiring") ? "expiring" : null;
}

const shortDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
/** "31 Dec 2026" for "2026-12-31". */
export const formatExpiryDay = (date: string) => shortDay.format(new Date(`${date}T00:00:00Z`));

/** "Expires 31 Dec 2026", or "Expired 31 Dec 2026" once past. */
export function expiryLabel(doc: Pick<DealerDocumentView, "expires_on" | "expired">): string | null {
  if (!doc.expires_on) return null;
  return `${doc.expired ? "Expired" : "Expires"} ${formatExpiryDay(doc.expires_on)}`;
}

/** The kinds a document can expire: the single-file ones (directors' IDs do not). */
export const EXPIRING_KINDS = ["tax_clearance", "certificate_of_incorporation", "zera_licence"] as const satisfies readonly DocumentKind[];
export const canExpire = (kind: DocumentKind) => (EXPIRING_KINDS as readonly DocumentKind[]).includes(kind);

/** The documents' names in sentences ("Your tax clearance expired on …"). */
export const DOCUMENT_KIND_NAMES: Record<DocumentKind, string> = {
  tax_clearance: "tax clearance",
  certificate_of_incorporation: "certificate of incorporation",
  director_id: "director's ID",
  zera_licence: "ZERA installer licence",
};

export const RENEWAL_NOT_DUE = `This document can be renewed once it expires within ${EXPIRING_SOON_DAYS} days: your current one is approved and valid.`;
export const LICENCE_CLASS_INVALID = `Choose the licence class: ${ZERA_LICENCE_CLASSES.join(", ")}.`;
export const EXPIRY_IN_PAST = "The expiry date cannot be in the past.";
export const EXPIRY_NOT_FOR_KIND = "Directors' IDs do not expire: leave the expiry date empty.";

/** One line of the admins' dashboard list "Documents expiring in the next 60 days". */
export const expiringDocumentSchema = z.object({
  dealer_user_id: z.number(),
  company: z.string(),
  document_id: z.number(),
  kind: z.enum(DOCUMENT_KINDS),
  expires_on: z.string(),
  /** Negative once expired. */
  days_left: z.number(),
  expired: z.boolean(),
  /** A renewal of this kind waits for review. */
  renewal_pending: z.boolean(),
});
export type ExpiringDocument = z.infer<typeof expiringDocumentSchema>;

/** The words of the dealer pages' banner and the hold's audit entry: "Your tax clearance expired on 31 Dec 2026." */
export function expiredSentence(docs: { kind: DocumentKind; expiresOn: string }[]): string {
  const parts = docs.map((d) => `${DOCUMENT_KIND_NAMES[d.kind]} expired on ${formatExpiryDay(d.expiresOn)}`);
  return parts.length ? `Your ${parts.join(" and your ")}.` : "One of your company's documents has expired.";
}
export const HOLD_BANNER_TAIL = "Dealer prices and checkout are suspended until a renewed document is approved.";
