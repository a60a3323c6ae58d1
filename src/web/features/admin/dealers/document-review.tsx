import { useEffect, useRef, useState } from "react";
import { harareDate } from "#shared/dates.ts";
import { defaultTaxClearanceExpiry, ZERA_LICENCE_CLASSES } from "#shared/installer-network.ts";
import { canExpire, type DealerDocumentView } from "#shared/schemas/documents.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";

/** Approve or reject one dealer document (PUT /api/dealer/documents/{id}/review); rejecting asks for the reason. */
export function DocumentReview({ doc, name }: { doc: DealerDocumentView; name: string }) {
  const submit = useAdminSubmit();
  const { busy, failure: error } = submit;
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  // The approved document's last valid day (a tax clearance: 31 December of this year, prefilled) and a
  // ZERA licence's class as the dealer gave it, which the admin confirms or changes.
  const today = harareDate(new Date());
  const [expiresOn, setExpiresOn] = useState(doc.expires_on ?? (doc.kind === "tax_clearance" ? defaultTaxClearanceExpiry(today) : ""));
  const [licenceClass, setLicenceClass] = useState<string>(doc.licence_class ?? "");
  const [expiryError, setExpiryError] = useState<string | undefined>();
  const asksExpiry = doc.review_status !== "approved" && canExpire(doc.kind);
  // The button pressed goes away with the review (an approved document has no Approve): the focus moves to the
  // other one, with the outcome announced, instead of being lost to the page.
  const [reviewed, setReviewed] = useState<"approved" | "rejected" | null>(null);
  const approveRef = useRef<HTMLButtonElement>(null);
  const rejectRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (reviewed === "approved" && doc.review_status === "approved") rejectRef.current?.focus();
    if (reviewed === "rejected" && doc.review_status === "rejected") approveRef.current?.focus();
  }, [reviewed, doc.review_status]);

  const review = async (status: "approved" | "rejected", why: string | null) => {
    const extra =
      status === "approved" && asksExpiry
        ? { expires_on: expiresOn || null, ...(doc.kind === "zera_licence" ? { licence_class: licenceClass || null } : {}) }
        : {};
    // A rejection's refusal goes under the reason; an approval's issue under the expiry date, else it heads the panel.
    const answer = await submit.send(
      { method: "PUT", url: `/api/dealer/documents/${doc.id}/review`, body: { status, reason: why, ...extra } },
      (refused) => {
        const issue = refused.issues[0]?.message;
        if (status === "rejected") setReasonError(issue ?? refused.message ?? undefined);
        else if (issue) setExpiryError(issue);
        else return refused.message;
        return null;
      },
    );
    if (!answer) return false;
    await submit.succeed();
    setReviewed(status);
    return true;
  };

  return (
    <div className="space-y-2">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <p role="status" className="sr-only">
        {reviewed ? `${name} ${reviewed}.` : ""}
      </p>
      {asksExpiry ? (
        <div className="space-y-2">
          <TextField
            type="date"
            label={`${name}: valid until`}
            hint={
              doc.kind === "tax_clearance"
                ? "Tax clearance: 31 Dec of this year unless it says otherwise."
                : "Leave empty if it does not expire."
            }
            value={expiresOn}
            min={today}
            error={expiryError}
            onChange={(e) => {
              setExpiresOn(e.currentTarget.value);
              setExpiryError(undefined);
            }}
          />
          {doc.kind === "zera_licence" ? (
            <SelectField label={`${name}: class`} value={licenceClass} onChange={(e) => setLicenceClass(e.currentTarget.value)}>
              <option value="">Not given</option>
              {ZERA_LICENCE_CLASSES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {doc.review_status !== "approved" ? (
          <button
            ref={approveRef}
            type="button"
            disabled={busy}
            className={buttonClass("secondary", "min-h-10 px-3")}
            onClick={() => review("approved", null)}
          >
            Approve<span className="sr-only"> {name}</span>
          </button>
        ) : null}
        {doc.review_status !== "rejected" ? (
          <button
            ref={rejectRef}
            type="button"
            disabled={busy}
            className={buttonClass("outline", "min-h-10 px-3 text-red-800")}
            onClick={() => setRejecting(true)}
          >
            Reject<span className="sr-only"> {name}</span>
          </button>
        ) : null}
      </div>
      <Dialog open={rejecting} onClose={() => setRejecting(false)} title={`Reject ${name}`}>
        <form
          noValidate
          className="space-y-4"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!reason.trim()) {
              setReasonError("Please give a reason.");
              return;
            }
            if (await review("rejected", reason.trim())) {
              setRejecting(false);
              setReason("");
            }
          }}
        >
          <p className="text-slate-700">The dealer sees the reason and is asked by e-mail to upload a new document.</p>
          <TextAreaField
            label="Reason"
            name="reason"
            value={reason}
            maxLength={500}
            error={reasonError}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(undefined);
            }}
          />
          <div className="flex justify-end gap-3">
            <button type="button" className={buttonClass("outline")} onClick={() => setRejecting(false)}>
              Cancel
            </button>
            <button type="submit" disabled={busy} className={buttonClass("primary", "bg-red-700 hover:bg-red-800")}>
              {busy ? "Rejecting…" : "Reject document"}
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
