import { useState } from "react";
import { Link } from "react-router";
import { mediaUrl } from "#shared/media.ts";
import { CERTIFICATE_FILE_REQUIRED, CERTIFICATE_MAX_BYTES, type Certificate, certificateFormSchema } from "#shared/schemas/content.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { DataTable } from "../kit/data-table.tsx";
import { PdfField } from "../kit/file-fields.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { type ApiAnswer, sendRequest } from "../kit/send-request.ts";
import { DeleteAction, deleteAll, FormCard, useAfterSave, useEditLinks } from "./content-ui.tsx";
import { useFocusOnEdit } from "./image-items.ts";
import { useContentForm } from "./use-content-form.ts";

/** Certificates for download on the About page: a title and a PDF (POST and PUT /api/certificates, multipart). */
function CertificateForm({ certificate }: { certificate: Certificate | null }) {
  const after = useAfterSave();
  const [file, setFile] = useState<File | null>(null);
  const f = useContentForm(certificateFormSchema, { title: certificate?.title ?? "" }, { file: "file" });
  const headingId = "certificate-form-heading";
  useFocusOnEdit(certificate !== null, headingId);
  const onSubmit = f.submitWith(
    async (values, onProgress): Promise<ApiAnswer> => {
      if (!certificate && !file) {
        // Checked here too, so the field says so before anything is sent.
        return {
          ok: false,
          status: 400,
          data: null,
          message: CERTIFICATE_FILE_REQUIRED,
          issues: [{ path: "body.file", message: CERTIFICATE_FILE_REQUIRED }],
        };
      }
      const body = new FormData();
      body.append("title", values.title);
      if (file) body.append("file", file, file.name);
      return sendRequest({
        method: certificate ? "PUT" : "POST",
        url: certificate ? `/api/certificates/${certificate.id}` : "/api/certificates",
        body,
        onProgress,
      });
    },
    () =>
      after.saved(certificate !== null, certificate ? "The certificate has been saved." : "The certificate has been added.", () => {
        f.form.reset({ title: "" });
        setFile(null);
      }),
  );
  return (
    <FormCard id={headingId} title={certificate ? `Edit certificate: ${certificate.title}` : "Add a certificate"}>
      <FormShell
        title={certificate ? "Edit certificate" : "New certificate"}
        onSubmit={onSubmit}
        busy={f.busy}
        progress={f.progress}
        error={f.formError}
        submitLabel={certificate ? "Save changes" : "Add certificate"}
        onCancel={certificate ? after.close : undefined}
        dirty={f.form.formState.isDirty || file !== null}
        tour="certificate-form"
      >
        <TextField label="Title" autoComplete="off" maxLength={200} error={f.error("title")} {...f.register("title")} />
        <PdfField
          label={certificate ? "Replace the PDF (optional)" : "PDF file"}
          current={certificate ? { name: certificate.path, href: mediaUrl("certificates", certificate.path) } : null}
          file={file}
          onChange={(next) => {
            setFile(next);
            f.clearFileError("file");
          }}
          maxBytes={CERTIFICATE_MAX_BYTES}
          hint="Visitors download it from the About page."
          error={f.fileErrors.file}
          tour="certificate-file"
        />
      </FormShell>
    </FormCard>
  );
}

export function CertificatesPanel(props: { rows: Certificate[]; count: number; params: ListParams; editing: Certificate | null }) {
  const { editHref } = useEditLinks();
  return (
    <>
      <CertificateForm key={props.editing?.id ?? "new"} certificate={props.editing} />
      <DataTable
        label="Certificates"
        rows={props.rows}
        count={props.count}
        params={props.params}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.title}
        search={{ placeholder: "Title" }}
        columns={[
          { key: "title", header: "Title", sortable: true, cell: (c) => <span className="font-semibold text-slate-900">{c.title}</span> },
          {
            key: "path",
            header: "File",
            cell: (c) => (
              <a href={mediaUrl("certificates", c.path)} className="break-all text-accent-800 underline" target="_blank" rel="noreferrer">
                {c.path}
              </a>
            ),
          },
        ]}
        rowActions={(c) => (
          <>
            <Link to={editHref(c.id)} preventScrollReset className={buttonClass("secondary")}>
              Edit<span className="sr-only"> {c.title}</span>
            </Link>
            <DeleteAction url={`/api/certificates/delete/${c.id}`} name={c.title} noun="certificate" />
          </>
        )}
        bulkDelete={{ noun: "certificate", onDelete: (ids) => deleteAll(ids.map((id) => `/api/certificates/delete/${id}`)) }}
        empty="No certificates yet: add the first one above."
        tour="certificate-list"
      />
    </>
  );
}
