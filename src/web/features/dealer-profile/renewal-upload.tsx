import { useState } from "react";
import { useRevalidator } from "react-router";
import { ZERA_LICENCE_CLASSES } from "#shared/installer-network.ts";
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_HINT,
  type DocumentField,
  type DocumentKind,
  documentFileProblem,
  FIELD_OF_KIND,
} from "#shared/schemas/documents.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { SelectField, TextField } from "#web/components/ui/text-field.tsx";
import { uploadDocument } from "../dealer-register/upload-documents.ts";

/**
 * An approved dealer uploads the renewal of a document that expires soon or has expired (or a ZERA
 * licence, with its class). The new file goes into the same per-document review; the current one stays until then.
 */
export function RenewalUpload({ userId, kind, label }: { userId: number; kind: DocumentKind; label: string }) {
  const revalidator = useRevalidator();
  const field: DocumentField = FIELD_OF_KIND[kind];
  const [file, setFile] = useState<File | null>(null);
  const [licenceClass, setLicenceClass] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const zera = kind === "zera_licence";
  const id = `renewal-${kind}`;

  return (
    <form
      noValidate
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setDone(null);
        const problem = file ? documentFileProblem(file) : "Choose the file to upload.";
        if (problem || !file) return setError(problem);
        if (zera && !licenceClass) return setError("Choose the licence class.");
        setBusy(true);
        setError(null);
        const answer = await uploadDocument(userId, field, file, () => {}, zera ? { licenceClass } : {});
        setBusy(false);
        if (!answer.ok) return setError(answer.message ?? "The upload failed. Please try again.");
        setDone("Uploaded: our team reviews it shortly. Your current document stays on file until then.");
        setFile(null);
        await revalidator.revalidate();
      }}
    >
      {error ? <FormAlert>{error}</FormAlert> : null}
      <p role="status" className={done ? "text-sm text-green-800" : "sr-only"}>
        {done ?? ""}
      </p>
      <TextField
        id={id}
        type="file"
        label={label}
        accept={DOCUMENT_ACCEPT}
        hint={DOCUMENT_HINT}
        onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
      />
      {zera ? (
        <SelectField
          label="Licence class"
          name="licenceClass"
          value={licenceClass}
          onChange={(e) => setLicenceClass(e.currentTarget.value)}
        >
          <option value="">Choose…</option>
          {ZERA_LICENCE_CLASSES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      ) : null}
      <button type="submit" disabled={busy} className={buttonClass("primary", "min-h-11")}>
        {busy ? "Uploading…" : "Upload"}
      </button>
    </form>
  );
}
