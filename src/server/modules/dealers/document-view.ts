import { harareDate } from "#shared/dates.ts";
import type { ZeraLicenceClass } from "#shared/installer-network.ts";
import { type DealerDocumentView, documentFileUrl, expiryState } from "#shared/schemas/documents.ts";
import type { dealerDocuments } from "../../db/schema/dealers.ts";

type DocumentRow = typeof dealerDocuments.$inferSelect;

/**
 * The documents that count: directors' IDs all; of each single kind (tax clearance, certificate, ZERA licence) the
 * newest, and while that newest is a renewal not yet approved, the newest approved one too: the old
 * document stays current until its renewal is approved.
 */
export function currentDocuments<T extends Pick<DocumentRow, "id" | "kind" | "reviewStatus">>(docs: T[]): T[] {
  const newest = new Map<string, T>();
  const newestApproved = new Map<string, T>();
  for (const d of docs) {
    if (d.kind === "director_id") continue;
    const seen = newest.get(d.kind);
    if (!seen || d.id > seen.id) newest.set(d.kind, d);
    const approved = newestApproved.get(d.kind);
    if (d.reviewStatus === "approved" && (!approved || d.id > approved.id)) newestApproved.set(d.kind, d);
  }
  return docs
    .filter((d) => d.kind === "director_id" || newest.get(d.kind) === d || newestApproved.get(d.kind) === d)
    .sort((a, b) => a.id - b.id);
}

/** A document as the API answers it (its private download address included, never its storage key), as of `today`. */
export function documentView(d: DocumentRow, today = harareDate(new Date())): DealerDocumentView {
  const state = expiryState(d.expiresOn, today);
  return {
    id: d.id,
    kind: d.kind,
    original_name: d.originalName,
    mime_type: d.mimeType,
    size_bytes: d.sizeBytes,
    review_status: d.reviewStatus,
    review_reason: d.reviewReason,
    created_At: d.createdAt.toISOString(),
    url: documentFileUrl(d.id),
    expires_on: d.expiresOn,
    licence_class: (d.licenceClass as ZeraLicenceClass | null) ?? null,
    expired: state === "expired",
    expiry_state: state,
  };
}
