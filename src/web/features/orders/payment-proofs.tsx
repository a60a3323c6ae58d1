import { FileText } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { formatDateTime } from "#shared/dates.ts";
import type { OrderAnswer } from "#shared/schemas/orders.ts";
import {
  PAYMENT_PROOF_ACCEPT,
  PAYMENT_PROOF_FILE_FIELD,
  PAYMENT_PROOF_FILE_REQUIRED,
  PAYMENT_PROOF_MAX_MB,
  PAYMENT_PROOF_REFERENCE_MAX,
  PAYMENT_PROOF_SENT,
  type PaymentProofView,
  paymentProofFileProblem,
  paymentProofReferenceSchema,
} from "#shared/schemas/payment-proofs.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { Token } from "#web/components/ui/token.tsx";

/** The proofs sent for an order: each a link to its private file, with its reference, when and by whom. */
export function PaymentProofList({ proofs, headingLevel = 3 }: { proofs: PaymentProofView[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (proofs.length === 0) return null;
  return (
    <div data-payment-proofs="">
      <Heading className="text-base font-semibold text-slate-900">Proof of payment sent</Heading>
      <ul className="mt-2 space-y-2 text-sm">
        {proofs.map((p) => (
          <li key={p.id} className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
            <a
              href={p.url}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-6 items-center gap-1.5 font-medium break-all text-accent-800 underline hover:text-accent-700"
            >
              <FileText aria-hidden="true" className="size-4 shrink-0" />
              {p.original_name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <p className="mt-0.5 text-slate-700">
              Reference <Token className="font-medium text-slate-900">{p.reference}</Token>
            </p>
            <p className="text-slate-600">
              <time dateTime={p.uploaded_at}>{formatDateTime(new Date(p.uploaded_at))}</time>
              {p.uploaded_by ? ` · ${p.uploaded_by}` : ""}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

type Answer = { ok: boolean; status: number; message: string | null; issues: { path: string; message: string }[] };

/** Sends the proof with its reference, reporting the upload's progress (fetch reports none: XMLHttpRequest). */
function sendProof(orderId: number, file: File, reference: string, onProgress: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append("reference", reference);
    body.append(PAYMENT_PROOF_FILE_FIELD, file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/orders/${orderId}/payment-proof`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.addEventListener("progress", (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    });
    xhr.addEventListener("load", () => {
      let message: string | null = null;
      let issues: Answer["issues"] = [];
      try {
        const parsed = JSON.parse(xhr.responseText) as { message?: unknown; issues?: unknown };
        if (typeof parsed.message === "string") message = parsed.message;
        if (Array.isArray(parsed.issues)) issues = parsed.issues as Answer["issues"];
      } catch {
        message = null;
      }
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, message, issues });
    });
    const failed = () => resolve({ ok: false, status: 0, message: null, issues: [] });
    xhr.addEventListener("error", failed);
    xhr.addEventListener("abort", failed);
    xhr.send(body);
  });
}

/**
 * The dealer's proof of a bank transfer or ZIPIT payment: the slip or confirmation (JPG, PNG or PDF,
 * checked here for type and size before sending, and again on the server) and the reference; the upload's
 * progress; the errors under their fields; what was sent, below.
 */
export function PaymentProofForm({ order }: { order: OrderAnswer }) {
  const revalidator = useRevalidator();
  const formId = useId();
  const fileId = `${formId}-file`;
  const fileInput = useRef<HTMLInputElement>(null);
  const [reference, setReference] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ reference?: string; file?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;

  const submit = async () => {
    setDone(null);
    setFormError(null);
    const checked = paymentProofReferenceSchema.safeParse(reference);
    const next: { reference?: string; file?: string } = {};
    if (!checked.success) next.reference = checked.error.issues[0]?.message;
    if (!file) next.file = PAYMENT_PROOF_FILE_REQUIRED;
    else {
      const problem = paymentProofFileProblem(file);
      if (problem) next.file = problem;
    }
    setErrors(next);
    if (next.reference || next.file || !file || !checked.success) {
      document.getElementById(next.reference ? `${formId}-reference` : fileId)?.focus();
      return;
    }
    setProgress(0);
    const answer = await sendProof(order.id, file, checked.data, setProgress);
    setProgress(null);
    if (!answer.ok) {
      const onReference = answer.issues.find((i) => i.path === "reference");
      if (onReference || (answer.status === 400 && answer.message?.toLowerCase().includes("reference"))) {
        setErrors({ reference: onReference?.message ?? answer.message ?? undefined });
      } else if (answer.status === 413 || answer.status === 415 || (answer.status === 400 && answer.issues.length > 0)) {
        setErrors({ file: answer.message ?? "The file was refused." });
      } else {
        setFormError(answer.message ?? "The proof could not be sent. Check your connection and try again.");
      }
      return;
    }
    setReference("");
    setFile(null);
    if (fileInput.current) fileInput.current.value = "";
    setDone(PAYMENT_PROOF_SENT);
    await revalidator.revalidate();
  };

  return (
    <section aria-labelledby={`${formId}-title`} className="space-y-3 rounded-lg border border-slate-200 p-4" data-payment-proof-form="">
      <h3 id={`${formId}-title`} className="text-base font-semibold text-slate-900">
        Send proof of payment
      </h3>
      <p className="text-sm text-slate-700">
        Paid by bank transfer or ZIPIT? Upload the bank slip or ZIPIT confirmation with its reference, so we can match your payment sooner.
      </p>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        <TextField
          id={`${formId}-reference`}
          label="Payment reference"
          name="reference"
          value={reference}
          maxLength={PAYMENT_PROOF_REFERENCE_MAX}
          autoComplete="off"
          error={errors.reference}
          onChange={(e) => {
            setReference(e.currentTarget.value);
            setErrors((x) => ({ ...x, reference: undefined }));
          }}
        />
        <div>
          <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-800">
            Bank slip or ZIPIT confirmation
          </label>
          <p id={`${fileId}-hint`} className="mb-1 text-sm text-slate-600">
            JPG, PNG or PDF, at most {PAYMENT_PROOF_MAX_MB} MB.
          </p>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            name={PAYMENT_PROOF_FILE_FIELD}
            accept={PAYMENT_PROOF_ACCEPT}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={`${fileId}-hint${errors.file ? ` ${fileId}-error` : ""}`}
            className="block w-full min-h-11 text-sm text-slate-900 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2 file:font-medium file:text-slate-900"
            onChange={(e) => {
              const chosen = e.currentTarget.files?.[0] ?? null;
              setFile(chosen);
              setErrors((x) => ({ ...x, file: chosen ? (paymentProofFileProblem(chosen) ?? undefined) : undefined }));
            }}
          />
          {errors.file ? (
            <p id={`${fileId}-error`} className="mt-1 text-sm text-red-700">
              {errors.file}
            </p>
          ) : null}
        </div>
        {progress !== null ? (
          <div className="flex items-center gap-2 text-sm">
            <progress
              max={100}
              value={Math.round(progress * 100)}
              aria-label="Upload of the proof of payment"
              className="h-2 flex-1 overflow-hidden rounded-full [&::-moz-progress-bar]:bg-accent-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-accent-700"
            />
            <span className="w-12 text-right tabular-nums text-slate-700">{Math.round(progress * 100)}%</span>
          </div>
        ) : null}
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {busy ? "Sending…" : "Send proof of payment"}
        </button>
      </form>
    </section>
  );
}

/** The dealer's panel on an order card: the form while it awaits payment (for who can pay), and what was sent. */
export function PaymentProofPanel({ order, canSend }: { order: OrderAnswer; canSend: boolean }) {
  const showForm = canSend && order.status === "awaiting_payment";
  if (!showForm && order.payment_proofs.length === 0) return null;
  return (
    <div className="space-y-4">
      {showForm ? <PaymentProofForm order={order} /> : null}
      <PaymentProofList proofs={order.payment_proofs} />
    </div>
  );
}
