import { FileText } from "lucide-react";
import { type DealerDocumentView, type DocumentKind, expiryLabel } from "#shared/schemas/documents.ts";
import { NOT_UPLOADED, ProfileSection } from "./profile-section.tsx";

type ReviewStatus = DealerDocumentView["review_status"];

const BADGE = "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold";
const REVIEW: Record<ReviewStatus, { label: string; className: string; alt: string }> = {
  pending: { label: "Pending review", className: "border-amber-300 bg-amber-50 text-amber-900", alt: "pending review" },
  approved: { label: "Approved", className: "border-green-300 bg-green-50 text-green-900", alt: "approved" },
  rejected: { label: "Rejected", className: "border-red-300 bg-red-50 text-red-900", alt: "rejected" },
};

const GROUPS: { kind: DocumentKind; title: string; name: (n: number) => string }[] = [
  { kind: "tax_clearance", title: "Tax Clearance", name: () => "Tax clearance" },
  { kind: "certificate_of_incorporation", title: "Certificate of Incorporation", name: () => "Certificate of incorporation" },
  { kind: "director_id", title: "National ID Copies of the Directors", name: (n) => `Director ID ${n}` },
  { kind: "zera_licence", title: "ZERA Installer Licence (optional)", name: () => "ZERA licence" },
];

/** "Expired" or "Expires soon": a document's, or on the back office's dealers list a company's documents'. */
export function ExpiryBadge({ state, children }: { state: "expired" | "expiring"; children?: React.ReactNode }) {
  return state === "expired" ? (
    <span className={`${BADGE} border-red-400 bg-red-100 text-red-900`}>{children ?? "Expired"}</span>
  ) : (
    <span className={`${BADGE} border-amber-300 bg-amber-50 text-amber-900`}>{children ?? "Expires soon"}</span>
  );
}

/** A document's expiry ("Expires 31 Dec 2026"), a clear "Expired" badge once past, a licence's class. */
function ExpiryNote({ doc }: { doc: DealerDocumentView }) {
  const label = expiryLabel(doc);
  if (!label && !doc.licence_class) return null;
  return (
    <div className="space-y-1 text-sm">
      {doc.licence_class ? <p className="text-slate-700">Class {doc.licence_class}</p> : null}
      {doc.expired ? <ExpiryBadge state="expired" /> : doc.expiry_state === "expiring" ? <ExpiryBadge state="expiring" /> : null}
      {label ? <p className={doc.expired ? "font-medium text-red-800" : "text-slate-700"}>{label}</p> : null}
    </div>
  );
}

/** Controls under each document (the back office's Approve and Reject). */
type DocumentActions = (doc: DealerDocumentView, name: string) => React.ReactNode;

/** A document's review status as a badge, with the reason when it was rejected. */
export function ReviewBadge({ status, reason }: { status: ReviewStatus; reason: string | null }) {
  const review = REVIEW[status];
  return (
    <div className="space-y-1">
      <span className={`${BADGE} ${review.className}`}>{review.label}</span>
      {status === "rejected" && reason ? <p className="text-sm break-words text-red-800">Reason: {reason}</p> : null}
    </div>
  );
}

/**
 * One document as a thumbnail linking to the full file (a private address the session cookie opens): an image's own
 * picture, or a PDF's icon and file name (decision 026: a PDF cannot be an `<img>`).
 */
function DocumentCard({ doc, name, actions }: { doc: DealerDocumentView; name: string; actions?: DocumentActions | undefined }) {
  const pdf = doc.mime_type === "application/pdf";
  return (
    <li className="w-[calc(50%-0.5rem)] space-y-2 sm:w-48">
      <a
        href={doc.url}
        target="_blank"
        rel="noopener"
        className="block overflow-hidden rounded-lg border border-slate-200 bg-slate-50 hover:border-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700"
      >
        {pdf ? (
          <span className="flex aspect-4/3 w-full flex-col items-center justify-center gap-2 p-3 text-center">
            <FileText aria-hidden="true" className="size-10 text-red-800" />
            <span className="text-xs font-semibold tracking-wide text-slate-700">PDF</span>
            <span className="line-clamp-2 text-xs break-all text-slate-600">{doc.original_name}</span>
            <span className="sr-only">
              {name} ({REVIEW[doc.review_status].alt})
            </span>
          </span>
        ) : (
          <img
            src={doc.url}
            alt={`${name} (${REVIEW[doc.review_status].alt})`}
            loading="lazy"
            decoding="async"
            width={240}
            height={180}
            className="aspect-4/3 h-auto w-full object-contain"
          />
        )}
        <span className="sr-only">{pdf ? " (opens the PDF in a new tab)" : " (opens the full image in a new tab)"}</span>
      </a>
      <p className="text-sm font-medium break-words text-slate-900">{name}</p>
      <ReviewBadge status={doc.review_status} reason={doc.review_reason} />
      <ExpiryNote doc={doc} />
      {actions ? actions(doc, name) : null}
    </li>
  );
}

/**
 * Spec §2 /dealer/profile: the images of the tax clearance, the certificate of incorporation and each director's ID,
 * 'Not uploaded' when one is missing, each with its review status.
 */
export function DocumentsPanel({
  documents,
  actions,
  renewal,
}: {
  documents: DealerDocumentView[];
  actions?: DocumentActions;
  /** Under a kind's documents: the dealer's renewal upload, when one is open. */
  renewal?: (kind: DocumentKind, documents: DealerDocumentView[]) => React.ReactNode;
}) {
  return (
    <ProfileSection id="documents-heading" title="Documents">
      <div className="grid gap-6 sm:grid-cols-2">
        {GROUPS.map((group) => {
          const docs = documents.filter((d) => d.kind === group.kind);
          const headingId = `documents-${group.kind}`;
          return (
            <div key={group.kind} className={group.kind === "director_id" ? "sm:col-span-2" : undefined}>
              <h3 id={headingId} className="font-semibold text-slate-900">
                {group.title}
              </h3>
              {docs.length === 0 ? (
                <p className="mt-2 text-slate-500 italic">{NOT_UPLOADED}</p>
              ) : (
                <ul className="mt-3 flex flex-wrap gap-4">
                  {docs.map((doc, i) => (
                    <DocumentCard key={doc.id} doc={doc} name={group.name(i + 1)} actions={actions} />
                  ))}
                </ul>
              )}
              {renewal ? renewal(group.kind, docs) : null}
            </div>
          );
        })}
      </div>
    </ProfileSection>
  );
}
