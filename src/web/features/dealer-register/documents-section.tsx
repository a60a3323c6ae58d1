import { useId, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { ZERA_CLASS_DESCRIPTIONS, ZERA_LICENCE_CLASSES } from "#shared/installer-network.ts";
import { CONFIRM_EMAIL_TO_APPLY, type DealerApplication } from "#shared/schemas/dealers.ts";
import {
  CERTIFICATE_REQUIRED,
  type DealerDocumentView,
  DIRECTOR_IDS_REQUIRED,
  DOCUMENT_ACCEPT,
  DOCUMENT_FIELDS,
  DOCUMENT_HINT,
  DOCUMENT_UPLOAD_FAILED,
  DOCUMENTS_UPLOAD_FAILED,
  DOCUMENTS_UPLOADED,
  type DocumentField,
  documentFileProblem,
  documentRemovalRefusal,
  FIELD_OF_KIND,
  LICENCE_CLASS_INVALID,
  MAX_FILES_PER_FIELD,
  TAX_CLEARANCE_REQUIRED,
} from "#shared/schemas/documents.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { SelectField } from "../../components/ui/text-field.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { uploadDocument } from "./upload-documents.ts";

type Chosen = {
  key: string;
  field: DocumentField;
  file: File;
  progress: number;
  state: "chosen" | "uploading" | "done" | "failed";
  message: string | null;
  /** The rejected document this file replaces. */
  replaces: DealerDocumentView | null;
};

/**
 * The documents asked for: the spec's three, required, and the ZERA licence, optional: the Zimbabwe Energy
 * Regulatory Authority licenses solar installers, and a dealer who only resells has none. With one on file and
 * approved, the company's listing in the installer directory shows its class.
 */
const FIELDS: { field: DocumentField; label: string; required: string | null; multiple: boolean; help?: string }[] = [
  { field: "taxClearance", label: "Tax Clearance", required: TAX_CLEARANCE_REQUIRED, multiple: false },
  { field: "certificate", label: "Certificate of Incorporation", required: CERTIFICATE_REQUIRED, multiple: false },
  { field: "IDsOfDirectors", label: "National ID Copies of Directors", required: DIRECTOR_IDS_REQUIRED, multiple: true },
  {
    field: "zeraLicence",
    label: "ZERA installer licence (if you install solar systems)",
    required: null,
    multiple: false,
    help:
      "Optional. The Zimbabwe Energy Regulatory Authority (ZERA) licenses solar installers in classes ST1 to ST4. If your " +
      "company installs systems, upload your current licence and choose its class: once approved, your listing in our " +
      "installer directory shows it. A company that only resells can leave this empty.",
  },
];

const LABEL_OF_KIND: Record<DealerDocumentView["kind"], string> = {
  tax_clearance: "Tax Clearance",
  certificate_of_incorporation: "Certificate of Incorporation",
  director_id: "Director's ID",
  zera_licence: "ZERA installer licence",
};

const REVIEW_STYLE: Record<DealerDocumentView["review_status"], string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-green-100 text-green-900",
  rejected: "bg-red-100 text-red-900",
};
const REVIEW_LABEL: Record<DealerDocumentView["review_status"], string> = {
  pending: "Pending review",
  approved: "Approved",
  rejected: "Rejected",
};

let nextKey = 0;

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Section 2: the required documents, checked in the browser, uploaded with a progress bar per file. */
export function DocumentsSection({
  userId,
  application,
  editable,
  emailVerified = true,
}: {
  userId: number;
  application: DealerApplication;
  editable: boolean;
  /** False: uploads are refused with the confirmation notice (the server refuses them too). */
  emailVerified?: boolean;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const remover = useFetcher();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [problems, setProblems] = useState<Partial<Record<DocumentField, string>>>({});
  const [alert, setAlert] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [licenceClass, setLicenceClass] = useState("");
  const baseId = useId();

  const canRemove = (doc: DealerDocumentView) => documentRemovalRefusal(doc.review_status, application.reg_status) === null;
  const docsOf = (field: DocumentField) => application.documents.filter((d) => d.kind === DOCUMENT_FIELDS[field]);
  const waiting = chosen.filter((c) => c.state === "chosen" || c.state === "failed");

  function choose(field: DocumentField, files: File[], replaces: DealerDocumentView | null = null) {
    setAlert(null);
    const refused = files.map((f) => documentFileProblem(f)).find((p) => p !== null) ?? null;
    const accepted = files.filter((f) => documentFileProblem(f) === null);
    setProblems((p) => ({ ...p, [field]: refused ?? undefined }));
    if (accepted.length === 0) return;
    const single = MAX_FILES_PER_FIELD[field] === 1;
    setChosen((prev) => {
      // Finished uploads make way for the new choice; a one-file field keeps only the newest file.
      const kept = prev.filter((c) => c.state !== "done" && !(single && c.field === field));
      const added = (single ? accepted.slice(-1) : accepted).map<Chosen>((file) => ({
        key: `f${nextKey++}`,
        field,
        file,
        progress: 0,
        state: "chosen",
        message: null,
        replaces,
      }));
      return [...kept, ...added];
    });
  }

  function drop(key: string) {
    setChosen((prev) => prev.filter((c) => c.key !== key));
  }

  function patch(key: string, change: Partial<Chosen>) {
    setChosen((prev) => prev.map((c) => (c.key === key ? { ...c, ...change } : c)));
  }

  async function send() {
    setAlert(null);
    if (!emailVerified) {
      setAlert({ tone: "error", text: CONFIRM_EMAIL_TO_APPLY });
      return;
    }
    // Spec §5: each of the three is required, unless a usable one is already on file; a ZERA licence needs its class.
    const missing: Partial<Record<DocumentField, string>> = {};
    for (const f of FIELDS) {
      const pickedNow = waiting.some((c) => c.field === f.field);
      const onRecord = docsOf(f.field).some((d) => d.review_status !== "rejected");
      if (f.required && !pickedNow && !onRecord) missing[f.field] = f.required;
    }
    if (waiting.some((c) => c.field === "zeraLicence") && !licenceClass) missing.zeraLicence = LICENCE_CLASS_INVALID;
    if (Object.keys(missing).length) {
      setProblems(missing);
      return;
    }
    if (waiting.length === 0) return;
    setBusy(true);
    let failed = false;
    for (const item of waiting) {
      patch(item.key, { state: "uploading", progress: 0, message: null });
      const answer = await uploadDocument(
        userId,
        item.field,
        item.file,
        (progress) => patch(item.key, { progress }),
        item.field === "zeraLicence" ? { licenceClass } : {},
      );
      if (answer.ok) {
        patch(item.key, { state: "done", progress: 1, message: answer.message });
        if (item.replaces && item.replaces.kind === "director_id") {
          await remover.submit({ intent: "remove-document", documentId: String(item.replaces.id) }, { method: "post" });
        }
      } else {
        failed = true;
        patch(item.key, { state: "failed", message: answer.message ?? DOCUMENT_UPLOAD_FAILED });
      }
    }
    setBusy(false);
    setAlert(failed ? { tone: "error", text: DOCUMENTS_UPLOAD_FAILED } : { tone: "success", text: DOCUMENTS_UPLOADED });
    await revalidator.revalidate();
  }

  if (!hydrated) {
    return (
      <div className="space-y-4">
        <OnFile documents={application.documents} removable={editable ? canRemove : undefined} />
        <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          Uploading documents needs JavaScript. Please turn it on, or use a browser that supports it.
        </p>
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <OnFile
        documents={application.documents}
        removable={editable && !busy ? canRemove : undefined}
        onReplace={
          editable && !busy
            ? (doc, file) => {
                choose(FIELD_OF_KIND[doc.kind], [file], doc);
              }
            : undefined
        }
      />
      {editable ? (
        <>
          {FIELDS.map((f) => {
            const inputId = `${baseId}-${f.field}`;
            const problem = problems[f.field];
            const items = chosen.filter((c) => c.field === f.field);
            return (
              <div key={f.field} className="rounded-lg border border-slate-200 p-4">
                <label htmlFor={inputId} className="block text-base font-semibold text-slate-900">
                  {f.label}
                  {f.multiple ? " (one or more files)" : ""}
                </label>
                {f.help ? (
                  <p id={`${inputId}-help`} className="mt-1 text-sm text-slate-700">
                    {f.help}
                  </p>
                ) : null}
                <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-600">
                  {DOCUMENT_HINT}
                </p>
                <input
                  id={inputId}
                  type="file"
                  name={f.field}
                  accept={DOCUMENT_ACCEPT}
                  multiple={f.multiple}
                  disabled={busy}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={[f.help ? `${inputId}-help` : "", `${inputId}-hint`, problem ? `${inputId}-error` : ""]
                    .filter(Boolean)
                    .join(" ")}
                  onChange={(e) => {
                    choose(f.field, [...(e.currentTarget.files ?? [])]);
                    e.currentTarget.value = "";
                  }}
                  className="mt-2 block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-slate-900 file:px-4 file:py-2 file:font-semibold file:text-white"
                />
                {f.field === "zeraLicence" ? (
                  <SelectField
                    label="Licence class"
                    name="licenceClass"
                    className="mt-3 max-w-xs"
                    value={licenceClass}
                    disabled={busy}
                    onChange={(e) => setLicenceClass(e.currentTarget.value)}
                  >
                    <option value="">Choose…</option>
                    {ZERA_LICENCE_CLASSES.map((c) => (
                      <option key={c} value={c}>
                        {ZERA_CLASS_DESCRIPTIONS[c]}
                      </option>
                    ))}
                  </SelectField>
                ) : null}
                {problem ? (
                  <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
                    {problem}
                  </p>
                ) : null}
                {items.length ? (
                  <ul className="mt-3 space-y-2" aria-label={`${f.label}: files to upload`}>
                    {items.map((c) => (
                      <ChosenFile key={c.key} item={c} busy={busy} onRemove={() => drop(c.key)} />
                    ))}
                  </ul>
                ) : null}
              </div>
            );
          })}
          {alert ? <FormAlert tone={alert.tone}>{alert.text}</FormAlert> : null}
          <button type="button" onClick={send} disabled={busy} aria-busy={busy} className={buttonClass("primary", "w-full sm:w-auto")}>
            {busy ? "Uploading…" : "Upload Documents"}
          </button>
        </>
      ) : null}
    </div>
  );
}

function ChosenFile({ item, busy, onRemove }: { item: Chosen; busy: boolean; onRemove: () => void }) {
  const percent = Math.round(item.progress * 100);
  const showBar = item.state === "uploading" || item.state === "done";
  return (
    <li className="rounded-md bg-slate-50 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 break-all font-medium text-slate-900">
          {item.file.name}
          {item.replaces ? <span className="font-normal text-slate-600"> (replaces {item.replaces.original_name})</span> : null}
        </span>
        <span className="text-slate-600">{fileSize(item.file.size)}</span>
        {item.state === "chosen" || item.state === "failed" ? (
          <button
            type="button"
            disabled={busy}
            onClick={onRemove}
            aria-label={`Remove ${item.file.name}`}
            className={buttonClass("ghost", "min-h-9 px-3 py-1 text-red-800")}
          >
            Remove
          </button>
        ) : null}
      </div>
      {showBar ? (
        <div className="mt-2 flex items-center gap-2">
          <progress
            max={100}
            value={percent}
            aria-label={`Upload of ${item.file.name}`}
            className="h-2 flex-1 overflow-hidden rounded-full [&::-moz-progress-bar]:bg-accent-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-accent-700"
          />
          <span className="w-12 text-right tabular-nums text-slate-700">{percent}%</span>
        </div>
      ) : null}
      {item.message ? (
        <p
          role={item.state === "failed" ? "alert" : undefined}
          className={`mt-1 ${item.state === "failed" ? "text-red-700" : "text-green-800"}`}
        >
          {item.message}
        </p>
      ) : null}
    </li>
  );
}

/** The documents on file, each with its review status (and the reason when rejected). */
function OnFile({
  documents,
  onReplace,
  removable,
}: {
  documents: DealerDocumentView[];
  onReplace?: ((doc: DealerDocumentView, file: File) => void) | undefined;
  /** Whether the dealer may take a document off the application (the service's rule; it checks again). */
  removable?: ((doc: DealerDocumentView) => boolean) | undefined;
}) {
  const replaceRef = useRef<Record<number, HTMLInputElement | null>>({});
  const remover = useFetcher();
  const removing = remover.state !== "idle" ? Number(remover.formData?.get("documentId")) : null;
  if (documents.length === 0) return <p className="text-sm text-slate-700">No documents uploaded yet.</p>;
  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900">Documents on file</h3>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {documents.map((doc) => (
          <li
            key={doc.id}
            className={`flex flex-wrap items-center gap-2 p-3 text-sm ${doc.review_status === "rejected" ? "border-l-4 border-l-red-700 bg-red-50" : ""}`}
          >
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900">{LABEL_OF_KIND[doc.kind]}</span>
              <span className="block break-all text-slate-600">{doc.original_name}</span>
              {doc.review_status === "rejected" && doc.review_reason ? (
                <span className="block text-red-800">
                  <span className="font-semibold">Reason from our team:</span> {doc.review_reason} Upload a new file to replace it.
                </span>
              ) : null}
            </span>
            <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${REVIEW_STYLE[doc.review_status]}`}>
              {REVIEW_LABEL[doc.review_status]}
            </span>
            {doc.review_status === "rejected" && onReplace ? (
              <>
                <input
                  ref={(el) => {
                    replaceRef.current[doc.id] = el;
                  }}
                  type="file"
                  accept={DOCUMENT_ACCEPT}
                  className="sr-only"
                  tabIndex={-1}
                  aria-label={`Replace ${LABEL_OF_KIND[doc.kind]} ${doc.original_name}`}
                  onChange={(e) => {
                    const file = e.currentTarget.files?.[0];
                    if (file) onReplace(doc, file);
                    e.currentTarget.value = "";
                  }}
                />
                <button
                  type="button"
                  onClick={() => replaceRef.current[doc.id]?.click()}
                  className={buttonClass("outline", "min-h-9 px-3 py-1")}
                >
                  Replace
                </button>
              </>
            ) : null}
            {removable?.(doc) ? (
              // A plain form post: removing works before the page's script has loaded.
              <remover.Form method="post">
                <input type="hidden" name="intent" value="remove-document" />
                <input type="hidden" name="documentId" value={doc.id} />
                <button type="submit" disabled={removing === doc.id} className={buttonClass("outline", "min-h-9 px-3 py-1 text-red-800")}>
                  {removing === doc.id ? "Removing…" : "Remove"}
                  <span className="sr-only">
                    {" "}
                    {LABEL_OF_KIND[doc.kind]} {doc.original_name}
                  </span>
                </button>
              </remover.Form>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
