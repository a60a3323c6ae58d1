import { useState } from "react";
import { useRevalidator } from "react-router";
import { formatDateTime } from "#shared/dates.ts";
import { SECURITY_EVENT_LABELS, type SecurityEventView } from "#shared/schemas/auth.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { Token } from "#web/components/ui/token.tsx";
import { ConfirmDialog } from "#web/features/admin/kit/confirm-dialog.tsx";
import { sendRequest } from "#web/features/admin/kit/send-request.ts";
import { SimpleTable } from "#web/features/admin/kit/simple-table.tsx";

/**
 * An account's recent security events and "Sign out everywhere" (L7): every session of the account
 * ends after a confirmation, and the audit log records who did it.
 */
export function AccountSecurity({
  userId,
  name,
  events,
  canEnd,
}: {
  userId: number;
  name: string;
  events: SecurityEventView[];
  canEnd: boolean;
}) {
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section aria-labelledby={`security-${userId}`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`security-${userId}`} className="text-lg font-semibold text-slate-900">
          Security events of {name}
        </h2>
        {canEnd ? (
          <button type="button" className={buttonClass("outline", "text-red-800")} onClick={() => setConfirming(true)}>
            Sign out everywhere
          </button>
        ) : null}
      </div>
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      <SimpleTable
        caption={`Recent security events of ${name}, newest first`}
        empty="No security events in the last 90 days."
        headRowClassName="border-b border-slate-200 text-slate-700"
        rowClassName="border-b border-slate-100 align-top"
        rows={events}
        rowKey={(e) => e.id}
        columns={[
          { header: "When", className: "py-2 pr-3", cell: (e) => <Token>{formatDateTime(new Date(e.at))}</Token> },
          {
            header: "Event",
            className: "py-2 pr-3",
            cell: (e) => (
              <>
                {SECURITY_EVENT_LABELS[e.kind as keyof typeof SECURITY_EVENT_LABELS] ?? e.kind}
                {e.byOther ? " (by an admin)" : ""}
              </>
            ),
          },
          {
            header: "Result",
            className: "py-2 pr-3",
            cell: (e) => (
              <>
                {e.result}
                {e.reason ? ` (${e.reason})` : ""}
              </>
            ),
          },
          {
            header: "From",
            className: "py-2",
            cellClassName: "break-words text-slate-700",
            cell: (e) => (
              <>
                <Token>{e.ip ?? "–"}</Token>
                {e.userAgent ? <span className="block text-xs text-slate-600">{e.userAgent}</span> : null}
              </>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={confirming}
        title={`Sign ${name} out everywhere?`}
        confirmLabel="Sign out everywhere"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const answer = await sendRequest<{ message: string }>({ method: "POST", url: `/api/auth/user/${userId}/end-sessions` });
          if (!answer.ok) return answer.message ?? "The sessions could not be ended.";
          setNotice(answer.data?.message ?? "Sessions ended.");
          await revalidator.revalidate();
          return null;
        }}
      >
        <p>Every session of this account ends now: they must sign in again on every device. The audit log records it.</p>
      </ConfirmDialog>
    </section>
  );
}
