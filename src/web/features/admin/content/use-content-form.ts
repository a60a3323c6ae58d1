import { useState } from "react";
import type { DefaultValues, FieldValues } from "react-hook-form";
import type { z } from "zod";
import { useAdminForm } from "../kit/form-kit.tsx";
import { type ApiAnswer, issueField } from "../kit/send-request.ts";

/**
 * A content form of the back office: the kit's zod-checked form plus the state of sending it (busy, upload progress
 * for a form with files, the form's failure) and the server's messages about its files, shown under the file inputs
 * they concern.
 */
export function useContentForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  /** The multipart file fields the form sends, and the field whose error shows under them. */
  fileFields: Readonly<Record<string, string>> = {},
) {
  const kit = useAdminForm(schema, defaultValues);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const sendsFiles = Object.keys(fileFields).length > 0;

  /** Checks the fields, sends them with `send`, and puts any failure where it belongs; `onSaved` runs on success. */
  const submitWith = (
    send: (values: z.output<Schema>, onProgress: (fraction: number) => void) => Promise<ApiAnswer>,
    onSaved: (answer: ApiAnswer) => void,
  ) =>
    kit.form.handleSubmit(async (values) => {
      setBusy(true);
      setFormError(null);
      setFileErrors({});
      if (sendsFiles) setProgress(0);
      const answer = await send(values, setProgress);
      setBusy(false);
      setProgress(null);
      if (answer.ok) {
        onSaved(answer);
        return;
      }
      const files: Record<string, string> = {};
      for (const issue of answer.issues) {
        const target = fileFields[issueField(issue.path)];
        if (target && !files[target]) files[target] = issue.message;
      }
      setFileErrors(files);
      setFormError(kit.applyAnswer(answer));
    });

  return {
    ...kit,
    busy,
    progress,
    /** The whole form's failure (the kit's `error(name)` is a field's). */
    formError,
    fileErrors,
    clearFileError: (name: string) => setFileErrors(({ [name]: _, ...rest }) => rest),
    submitWith,
  };
}
