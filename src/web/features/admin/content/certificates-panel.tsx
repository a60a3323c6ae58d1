import { useState } from "react";
import { mediaUrl } from "#shared/media.ts";
import { CERTIFICATE_FILE_REQUIRED, CERTIFICATE_MAX_BYTES, type Certificate, certificateFormSchema } from "#shared/schemas/content.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { NAME_CELL_CLASS } from "#web/components/ui/token.tsx";
import { fieldsForm, PdfField } from "../kit/file-fields.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { type ApiAnswer, sendRequest } from "../kit/send-request.ts";
import { RecordFormCard, RecordTable, useAfterSave } from "./content-ui.tsx";
import { useContentForm } from "./use-content-form.ts";

/** Certificates for download on the About page: a title and a PDF (POST and PUT /api/certificates, multipart). */
function CertificateForm({ certificate }: { certificate: Certificate | null }) {
  const after = useAfterSave();
  const [file, setFile] = useState<File | null>(null);
  const f = useContentForm(certificateFormSchema, { title: certificate?.title ?? "" }, { file: "file" });
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
      const body = fieldsForm(values);
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
    <RecordFormCard
      heading={certificate ? `Edit certificate: ${certificate.title}` : "Add a certificate"}
      editing={certificate !== null}
      form={f}
      title={certificate ? "Edit certificate" : "New certificate"}
      onSubmit={onSubmit}
      submitLabel={certificate ? "Save changes" : "Add certificate"}
      changed={file !== null}
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
    </RecordFormCard>
  );
}

export function CertificatesPanel(props: { rows: Certificate[]; count: number; params: ListParams; editing: Certificate | null }) {
  return (
    <>
      <CertificateForm key={props.editing?.id ?? "new"} certificate={props.editing} />
      <RecordTable
        label="Certificates"
        rows={props.rows}
        count={props.count}
        params={props.params}
        rowLabel={(c) => c.title}
        record={{ id: (c) => c.id, url: (id) => `/api/certificates/delete/${id}`, noun: "certificate" }}
        search={{ placeholder: "Title" }}
        columns={[
          {
            key: "title",
            header: "Title",
            sortable: true,
            className: NAME_CELL_CLASS,
            cell: (c) => <span className="font-semibold text-slate-900">{c.title}</span>,
          },
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
        empty="No certificates yet: add the first one above."
        tour="certificate-list"
      />
    </>
  );
}
