import { useEffect, useState } from "react";
import { can } from "#shared/can.ts";
import { formatDateTime } from "#shared/dates.ts";
import {
  APPLICATION_SECTIONS,
  type ApplicationSection,
  DEALER_ADMIN_TRANSITIONS,
  type DealerApplicationDetail,
  type DealerStatus,
  SECTION_TITLES,
} from "#shared/schemas/dealers.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { SelectField, TextAreaField } from "#web/components/ui/text-field.tsx";
import { useCurrentUser } from "#web/lib/root-data.ts";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";
import { duplicateName } from "./duplicate-warning.tsx";

const ACTION_LABEL: Record<DealerStatus, string> = {
  Approved: "Approve (becomes a dealer)",
  Rejected: "Reject",
  Suspended: "Suspend",
  Pending: "Back to pending",
};

/** Sets reg_status with a reason (PUT /api/dealer/status/{id}); only the moves allowed from the current status. */
export function StatusPanel({ dealer }: { dealer: DealerApplicationDetail }) {
  // Approving, rejecting and suspending are `dealers.verify` (decision 035): others read the history only.
  const mayChange = can.do(useCurrentUser(), "dealers.verify");
  const options = dealer.reg_status && mayChange ? DEALER_ADMIN_TRANSITIONS[dealer.reg_status] : [];
  const [to, setTo] = useState<DealerStatus | "">(options[0] ?? "");
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  // A refusal about the reason goes under it; any other heads the form.
  const submit = useAdminSubmit((answer) => {
    const field = answer.issues.find((i) => i.path.endsWith("reason"));
    if (!field) return answer.message;
    setReasonError(field.message);
    return null;
  });
  const { busy, failure: error, success: done } = submit;
  const [confirmDuplicate, setConfirmDuplicate] = useState(false);
  // Rejecting: the sections the applicant must correct, marked in their portal and named in the e-mail.
  const [sections, setSections] = useState<ApplicationSection[]>([]);
  const rejecting = to === "Rejected";
  const needsReason = to === "Rejected" || to === "Suspended";
  // Approving a registration number an approved dealer already has needs the admin's confirmation (the API's
  // confirmDuplicate; refused with 409 without it).
  const sameNumber = dealer.duplicates.filter((d) => d.matches.includes("company_reg_number"));
  const needsConfirmation = to === "Approved" && sameNumber.length > 0;
  // After a change the allowed moves are new: offer the first of them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the status itself changes
  useEffect(() => setTo(options[0] ?? ""), [dealer.reg_status]);

  return (
    <section
      aria-labelledby="status-heading"
      className="space-y-4 self-start rounded-lg border border-slate-200 bg-white p-5"
      data-tour="dealer-status"
    >
      <h2 id="status-heading" className="text-lg font-semibold text-slate-900">
        Registration status
      </h2>
      {dealer.reg_status === null ? (
        <p className="text-slate-700">This application has not been submitted yet: all three sections must be complete first.</p>
      ) : !mayChange ? null : options.length === 0 ? (
        <p className="text-slate-700">A rejected application comes back to Pending when the dealer corrects it and submits it again.</p>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!to) return;
            if (needsReason && !reason.trim()) {
              setReasonError("Please give a reason.");
              return;
            }
            const answer = await submit.send({
              method: "PUT",
              url: `/api/dealer/status/${dealer.id}`,
              body: {
                status: to,
                reason: reason.trim() || null,
                ...(rejecting ? { sections } : {}),
                ...(needsConfirmation ? { confirmDuplicate } : {}),
              },
            });
            if (!answer) return;
            setReason("");
            setSections([]);
            await submit.succeed({ message: `The application is now ${to}. The dealer has been told by e-mail.` });
          }}
        >
          {error ? <FormAlert>{error}</FormAlert> : null}
          {done ? <FormAlert tone="success">{done}</FormAlert> : null}
          <SelectField label="New status" name="status" value={to} onChange={(e) => setTo(e.currentTarget.value as DealerStatus)}>
            {options.map((s) => (
              <option key={s} value={s}>
                {ACTION_LABEL[s]}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label={needsReason ? "Reason (sent to the dealer)" : "Note (optional, sent to the dealer)"}
            name="reason"
            value={reason}
            maxLength={500}
            error={reasonError}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(undefined);
            }}
          />
          {rejecting ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-900">Sections to correct (marked in the dealer's portal)</legend>
              {APPLICATION_SECTIONS.map((section) => (
                <label key={section} className="flex items-center gap-3 text-sm text-slate-900">
                  <input
                    type="checkbox"
                    name="sections"
                    value={section}
                    checked={sections.includes(section)}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      setSections((list) => (checked ? [...list, section] : list.filter((s) => s !== section)));
                    }}
                    className="size-5 shrink-0 accent-accent-700"
                  />
                  {SECTION_TITLES[section]}
                </label>
              ))}
            </fieldset>
          ) : null}
          {needsConfirmation ? (
            <div className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3">
              <input
                id="confirm-duplicate"
                type="checkbox"
                name="confirmDuplicate"
                checked={confirmDuplicate}
                onChange={(e) => setConfirmDuplicate(e.currentTarget.checked)}
                className="mt-1 size-5 shrink-0 accent-accent-700"
              />
              <label htmlFor="confirm-duplicate" className="text-sm text-slate-900">
                I have checked: this is not the same company as {sameNumber.map(duplicateName).join(", ")}, whose registration number it
                shares. Approve it anyway.
              </label>
            </div>
          ) : null}
          <button type="submit" disabled={busy} className={buttonClass("primary")} data-tour="dealer-status-submit">
            {busy ? "Saving…" : "Save status"}
          </button>
        </form>
      )}
      {dealer.history.length > 0 ? (
        <div>
          <h3 className="font-semibold text-slate-900">History</h3>
          <ol className="mt-2 space-y-2 text-sm">
            {[...dealer.history].reverse().map((h) => (
              <li key={`${h.at}-${h.toStatus}`} className="border-l-2 border-slate-300 pl-3">
                <p className="text-slate-900">
                  {h.fromStatus ?? "Not Started"} → <strong>{h.toStatus}</strong>
                </p>
                <p className="text-slate-600">
                  {formatDateTime(h.at)}
                  {h.changedBy ? ` · ${h.changedBy.fullName}` : h.toStatus === "Pending" ? " · the dealer" : ""}
                </p>
                {h.reason ? <p className="text-slate-700">{h.reason}</p> : null}
                {h.sections.length > 0 ? (
                  <p className="text-slate-700">To correct: {h.sections.map((s) => SECTION_TITLES[s]).join(", ")}</p>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
