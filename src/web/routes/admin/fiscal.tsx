import { data, Form, useNavigation } from "react-router";
import { formatDateTime } from "#shared/dates.ts";
import { sellerDifferences } from "#shared/fdms-seller.ts";
import { TAX_DOCUMENT_KIND_LABELS } from "#shared/schemas/tax-documents.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { Token } from "#web/components/ui/token.tsx";
import { SellerMismatch } from "#web/features/admin/fiscal/seller-mismatch.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { SimpleTable } from "#web/features/admin/kit/simple-table.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/fiscal";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "money.documents");
  const [overview, seller, settings] = await Promise.all([
    context.services.fiscal.overview(context.actor),
    context.services.fiscal.sellerAsFdmsKnowsIt(),
    context.services.settings.get(),
  ]);
  return { ...overview, sellerDifferences: sellerDifferences(seller, settings) };
}

/** "Close fiscal day" and "Retry now"; the page stays with what happened. */
export async function action({ context, request }: Route.ActionArgs) {
  await requireStaffPage(context, request, "money.documents");
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "close-day") {
      const day = await context.services.fiscal.closeDay(context.actor);
      if (!day) return { ok: true, message: "There is no open fiscal day to close." };
      return {
        ok: day.status === "closed",
        message:
          day.status === "closed"
            ? `Fiscal day ${day.dayNo} is closed.`
            : `FDMS is closing fiscal day ${day.dayNo}; this page shows when it is done.`,
      };
    }
    if (intent === "resubmit") {
      const documentId = Number(form.get("documentId"));
      await context.services.fiscal.resubmit(context.actor, documentId);
      return { ok: true, message: "Sent to FDMS again: it is waiting in the queue." };
    }
    if (intent === "credit-and-reissue") {
      const documentId = Number(form.get("documentId"));
      const done = await context.services.taxDocuments.creditAndReissue(context.actor, documentId);
      return {
        ok: true,
        message: `Credit note ${done.creditNote.number} and the new invoice ${done.invoice.number} are issued and waiting for FDMS in the queue.`,
      };
    }
    if (intent === "retry") {
      const n = await context.services.fiscal.retryNow(context.actor);
      return { ok: true, message: n === 0 ? "Nothing is waiting." : `${n} fiscalisation job${n === 1 ? "" : "s"} will run now.` };
    }
  } catch (err) {
    const { statusCode, message } = err as { statusCode?: unknown; message?: unknown };
    if (typeof statusCode === "number" && statusCode < 500 && (statusCode === 401 || statusCode === 403)) throw err;
    if (typeof statusCode === "number" && typeof message === "string") return data({ ok: false, message }, { status: statusCode });
    throw err;
  }
  return data(
    { ok: false, message: "Choose Close fiscal day, Retry now, Send again or Credit it and issue a new invoice." },
    { status: 400 },
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Fiscalisation – Admin", {
    description: "ZIMRA FDMS: the fiscal device, the fiscal day and the documents waiting to be fiscalised.",
    noIndex: true,
  });
}

const KIND_LABELS: Record<string, string> = TAX_DOCUMENT_KIND_LABELS;

const DAY_STATUS: Record<string, string> = {
  open: "Open",
  close_initiated: "Closing (FDMS is checking it)",
  closed: "Closed",
  close_failed: "Close refused by FDMS",
};

const JOB_STATUS: Record<string, string> = {
  queued: "Queued",
  running: "Sending now",
  failed: "Waiting to retry",
  dead: "Stopped: out of attempts",
  done: "Done",
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

const when = (v: string | null) => (v ? <Token>{formatDateTime(v)}</Token> : "—");

export default function AdminFiscal({ loaderData, actionData }: Route.ComponentProps) {
  const { enabled, device, day, pending, needsCorrection, unverified, failures, sellerDifferences: differences } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  /** The document whose action is being sent. */
  const sending = navigation.formData?.get("documentId");
  const dayOpen = day !== null && day.status !== "closed";
  return (
    <AdminPage
      title="Fiscalisation"
      description="Tax invoices and credit notes are fiscalised through ZIMRA's FDMS (a virtual fiscal device), oldest first."
      actions={
        enabled ? (
          <Form method="post" className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="retry" className={buttonClass("outline")} disabled={busy}>
              Retry now
            </button>
            <button type="submit" name="intent" value="close-day" className={buttonClass("primary")} disabled={busy || !dayOpen}>
              Close fiscal day
            </button>
          </Form>
        ) : null
      }
    >
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "text-green-800" : "text-red-700"}>
          {actionData.message}
        </p>
      ) : null}

      <SellerMismatch differences={differences} where="fiscal" />

      {!enabled ? (
        <section aria-labelledby="fdms-off" className="rounded-lg border border-slate-300 bg-slate-50 p-4">
          <h2 id="fdms-off" className="text-lg font-semibold text-slate-900">
            FDMS is off
          </h2>
          <p className="mt-2 max-w-prose text-slate-800">
            Tax invoices and credit notes are issued without fiscalisation: they carry no FDMS verification code or QR code. To switch it
            on, register a virtual fiscal device with ZIMRA, then set <code>FDMS_URL</code>, <code>FDMS_DEVICE_ID</code>,{" "}
            <code>FDMS_ACTIVATION_KEY</code>, <code>FDMS_DEVICE_SERIAL</code>, <code>FDMS_DEVICE_MODEL_NAME</code> and{" "}
            <code>FDMS_DEVICE_MODEL_VERSION</code> in the server's environment and restart it. The device registers itself with the first
            document.
          </p>
        </section>
      ) : null}

      {device ? (
        <section aria-labelledby="fdms-device" className="space-y-3">
          <h2 id="fdms-device" className="text-lg font-semibold text-slate-900">
            Fiscal device
          </h2>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Field label="Device ID">
              <Token>{device.deviceId}</Token>
            </Field>
            <Field label="Serial number">
              <Token>{device.serialNo}</Token>
            </Field>
            <Field label="Registered">{device.registered ? when(device.registeredAt) : "Not yet (with the first document)"}</Field>
            <Field label="Certificate valid until">{when(device.certificateValidTill)}</Field>
            <Field label="Taxpayer">
              {device.taxpayerName ?? "—"}
              {device.taxpayerTin ? (
                <>
                  {" "}
                  (TIN <Token>{device.taxpayerTin}</Token>
                  {device.taxpayerVatNumber ? (
                    <>
                      , VAT no. <Token>{device.taxpayerVatNumber}</Token>
                    </>
                  ) : null}
                  )
                </>
              ) : null}
            </Field>
            <Field label="Last receipt global number">
              <Token>{device.lastReceiptGlobalNo}</Token>
            </Field>
          </dl>
          {device.lastError ? (
            <p className="text-red-700">
              Last failure talking to FDMS ({device.lastErrorAt ? formatDateTime(device.lastErrorAt) : "—"}): {device.lastError}
            </p>
          ) : null}
        </section>
      ) : null}

      {enabled ? (
        <section aria-labelledby="fdms-day" className="space-y-3">
          <h2 id="fdms-day" className="text-lg font-semibold text-slate-900">
            Fiscal day
          </h2>
          {day ? (
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Field label="Day number">
                <Token>{day.dayNo}</Token>
              </Field>
              <Field label="State">{DAY_STATUS[day.status] ?? day.status}</Field>
              <Field label="Receipts counted">
                <Token>{day.receiptCounter}</Token>
              </Field>
              <Field label="Opened">{when(day.openedAt)}</Field>
              <Field label="Closed">{when(day.closedAt)}</Field>
              {day.closeError ? (
                <Field label="FDMS's reason">
                  <Token>{day.closeError}</Token>
                  {day.closeErrorText ? <> {day.closeErrorText}</> : null}
                </Field>
              ) : null}
            </dl>
          ) : (
            <p className="text-slate-800">No fiscal day yet: the first document opens one.</p>
          )}
          {day && day.blockedBy.length > 0 ? (
            <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-slate-900" data-testid="fiscal-day-blocked">
              <p className="font-medium">FDMS will not close this day while it holds these receipts with errors:</p>
              <ul className="mt-1 list-disc pl-5">
                {day.blockedBy.map((d) => (
                  <li key={d.id}>
                    <Token>{d.number}</Token> ({d.kind === "credit_note" ? "credit note" : "tax invoice"}):{" "}
                    {d.problems.map((p) => `${p.code ? `${p.code} ` : ""}${p.message}`).join(" ")}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p className="text-sm text-slate-700">
            The day is closed by itself in the last hour of the Harare day; the next document opens a new one.
          </p>
        </section>
      ) : null}

      <section aria-labelledby="fdms-queue" className="space-y-3">
        <h2 id="fdms-queue" className="text-lg font-semibold text-slate-900">
          Waiting for FDMS ({pending.length})
        </h2>
        <SimpleTable
          caption="Documents waiting to be fiscalised, in the order they will be sent"
          empty="No document is waiting."
          emptyClassName="text-slate-800"
          wrapperClassName="overflow-x-auto"
          className="min-w-full text-left text-sm"
          headClassName="border-b border-slate-300 text-slate-800"
          headerCellClassName=""
          rowClassName="border-b border-slate-200 align-top"
          rows={pending}
          rowKey={(p) => p.id}
          columns={[
            {
              header: "Document",
              className: "py-2 pr-4",
              cell: (p) => (
                <>
                  <Token>{p.number}</Token>
                  <span className="block text-xs text-slate-700">{KIND_LABELS[p.kind] ?? "Tax document"}</span>
                </>
              ),
            },
            { header: "Issued", className: "py-2 pr-4", cell: (p) => when(p.issuedAt) },
            {
              header: "State",
              className: "py-2 pr-4",
              cell: (p) => (p.jobStatus ? (JOB_STATUS[p.jobStatus] ?? p.jobStatus) : "Not queued"),
            },
            { header: "Attempts", className: "py-2 pr-4", cell: (p) => <Token>{p.attempts}</Token> },
            { header: "Next attempt", className: "py-2 pr-4", cell: (p) => when(p.nextAttemptAt) },
            { header: "Last error", className: "py-2", cellClassName: "break-words text-slate-800", cell: (p) => p.lastError ?? "—" },
          ]}
        />
      </section>

      {needsCorrection.length > 0 ? (
        <section aria-labelledby="fdms-corrections" className="space-y-3" data-testid="fiscal-corrections">
          <h2 id="fdms-corrections" className="text-lg font-semibold text-slate-900">
            Needs correction ({needsCorrection.length})
          </h2>
          <p className="max-w-prose text-sm text-slate-700">
            These documents are not fiscal and are not printed as such; the documents after them went on. One FDMS refused, or that could
            not be sent, is sent again once what is wrong is put right. An invoice FDMS kept with an error stops the fiscal day&apos;s close
            while that day is open: put right what is wrong (for example the product&apos;s HS code), then &ldquo;Credit it and issue a new
            invoice&rdquo; credits it in full and issues a new invoice of the same order, both sent to FDMS.
          </p>
          <ul className="space-y-2">
            {needsCorrection.map((d) => (
              <li key={d.id} className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-slate-900">
                <p>
                  <Token>{d.number}</Token> · {KIND_LABELS[d.kind] ?? "Tax document"} · issued {when(d.issuedAt)} ·{" "}
                  {d.keptByFdms ? "kept by FDMS with an error" : "not accepted by FDMS"}
                </p>
                {d.keptByFdms && d.kind === "invoice" ? (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="credit-and-reissue" />
                    <input type="hidden" name="documentId" value={d.id} />
                    <button type="submit" className={buttonClass("outline")} disabled={busy}>
                      {sending === String(d.id) ? "Issuing the credit note and the new invoice…" : "Credit it and issue a new invoice"}
                      <span className="sr-only"> (invoice {d.number})</span>
                    </button>
                  </Form>
                ) : null}
                {d.keptByFdms ? null : (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="resubmit" />
                    <input type="hidden" name="documentId" value={d.id} />
                    <button type="submit" className={buttonClass("outline")}>
                      Send again<span className="sr-only"> {d.number} to FDMS</span>
                    </button>
                  </Form>
                )}
                <ul className="mt-1 list-disc pl-5">
                  {d.problems.map((p) => (
                    <li key={`${p.code ?? ""}-${p.message}`}>
                      {p.code ? (
                        <>
                          <Token>{p.code}</Token>
                          {p.color ? ` (${p.color})` : ""}:{" "}
                        </>
                      ) : null}
                      {p.message}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {unverified.length > 0 ? (
        <section aria-labelledby="fdms-unverified" className="space-y-3">
          <h2 id="fdms-unverified" className="text-lg font-semibold text-slate-900">
            FDMS signatures that did not verify ({unverified.length})
          </h2>
          <p className="max-w-prose text-sm text-slate-700">
            FDMS&apos;s answer to these receipts is not signed by the certificate set in FDMS_SERVER_CERT_FILE. Check that the certificate
            is FDMS&apos;s current one, and ask ZIMRA if it is.
          </p>
          <ul className="space-y-2">
            {unverified.map((d) => (
              <li key={d.id} className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-slate-900">
                <Token>{d.number}</Token>: {d.problem}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {failures.length > 0 ? (
        <section aria-labelledby="fdms-failures" className="space-y-3">
          <h2 id="fdms-failures" className="text-lg font-semibold text-slate-900">
            Stopped after every attempt ({failures.length})
          </h2>
          <p className="text-sm text-slate-700">"Retry now" gives these new attempts.</p>
          <ul className="space-y-2">
            {failures.map((f) => (
              <li key={f.jobId} className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-slate-900">
                Job <Token>{f.jobId}</Token>
                {f.documentId !== null ? (
                  <>
                    {" "}
                    for document <Token>{f.documentId}</Token>
                  </>
                ) : null}
                , {f.attempts} attempts{f.at ? <>, stopped {when(f.at)}</> : null}: {f.lastError ?? "no error recorded"}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AdminPage>
  );
}
