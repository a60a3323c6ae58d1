import { useEffect, useRef, useState } from "react";
import type { DefaultValues, FieldValues } from "react-hook-form";
import type { z } from "zod";
import { useAdminForm } from "./form-kit.tsx";
import { type ApiAnswer, issueField } from "./send-request.ts";

const CORRECT_FIELDS = "Please correct the fields marked below.";

type UploadFormOptions<Saved> = {
  /** The API's file fields, each with the file input its messages show under (`imageOrder` → `images`). */
  fileFields: Readonly<Record<string, string>>;
  /** A refused file at 400 asks to correct the fields marked (else the API's own message heads the form). */
  filesAreFields?: boolean;
  /** Called once the form is saved, after the render that turned the unsaved-changes guard off. */
  onSaved: (saved: Saved) => void;
};

/**
 * A back-office form that sends files (a product, a featured product, a brand): the kit's zod-checked form plus
 * the state of sending it — busy, upload progress, the form's failure, the server's messages about the files — and
 * what was saved, reported once leaving is no longer blocked.
 */
export function useUploadForm<Schema extends z.ZodType<FieldValues, FieldValues>, Saved>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  { fileFields, filesAreFields = false, onSaved }: UploadFormOptions<Saved>,
) {
  const kit = useAdminForm(schema, defaultValues);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<{ value: Saved } | null>(null);

  const report = useRef(onSaved);
  report.current = onSaved;
  useEffect(() => {
    if (saved) report.current(saved.value);
  }, [saved]);

  /** Puts a refusal's issues under their fields and files and heads the form with its message (after `prefix`). */
  const refuse = (answer: ApiAnswer, prefix = ""): void => {
    const message = kit.applyAnswer(answer);
    const files: Record<string, string> = {};
    // In the order of `fileFields`: the first field named there that has an issue speaks for its input.
    for (const [field, target] of Object.entries(fileFields)) {
      const issue = answer.issues.find((i) => issueField(i.path) === field);
      if (issue && !files[target]) files[target] = issue.message;
    }
    setFileErrors(files);
    const filesMarked = filesAreFields && Object.keys(files).length > 0 && answer.status === 400;
    setFailure(`${prefix}${filesMarked ? CORRECT_FIELDS : message}`);
  };

  /**
   * The form's submit handler: checks the fields (and the files, with `checkFiles`, which marks its own problems and
   * answers whether there are none), then runs `save` while busy; `save` ends with `finish` or `refuse`.
   */
  const submit = (save: (values: z.output<Schema>) => Promise<void>, checkFiles?: () => boolean) => (event?: React.BaseSyntheticEvent) => {
    setFailure(null);
    const filesOk = checkFiles ? checkFiles() : true;
    return kit.form.handleSubmit(
      async (values) => {
        if (!filesOk) return setFailure(CORRECT_FIELDS);
        setBusy(true);
        try {
          await save(values);
        } finally {
          setBusy(false);
          setProgress(null);
        }
      },
      () => setFailure(CORRECT_FIELDS),
    )(event);
  };

  return {
    ...kit,
    busy,
    progress,
    /** For `sendRequest`'s `onProgress` (0 again before each further upload). */
    setProgress,
    failure,
    fileErrors,
    setFileErrors,
    clearFileError: (name: string) => setFileErrors(({ [name]: _, ...rest }) => rest),
    /** FormShell's sending state: busy, progress, the failure, and unsaved changes (the fields or `changed`) until saved. */
    shell: (changed = false) => ({ busy, progress, error: failure, dirty: (kit.form.formState.isDirty || changed) && saved === null }),
    /** Saved: the guard turns off, then `onSaved` gets the value. */
    finish: (value: Saved) => setSaved({ value }),
    refuse,
    submit,
  };
}
