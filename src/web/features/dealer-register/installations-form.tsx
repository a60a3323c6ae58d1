import { zodResolver } from "@hookform/resolvers/zod";
import { useFieldArray, useForm } from "react-hook-form";
import { Form, useSubmit } from "react-router";
import { type DealerApplication, installationsListSchema, MAX_INSTALLATIONS, MIN_INSTALLATIONS } from "#shared/schemas/dealers.ts";
import { FOCUS_FIRST_ERROR, useFocusFirstError } from "#web/lib/use-focus-first-error.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { usePostPending } from "../../lib/use-post-pending.ts";
import type { RegisterResult } from "./register-result.ts";
import { useClearingServerErrors } from "./use-clearing-errors.ts";

type Item = { id: string; systemDescription: string; sizeOfSystem: string; email: string; phoneNumber: string };
type Values = { installations: Item[] };
type ItemField = Exclude<keyof Item, "id">;

const empty = (): Item => ({ id: "", systemDescription: "", sizeOfSystem: "", email: "", phoneNumber: "" });

const ITEM_FIELDS: { name: ItemField; label: string; type?: string; autoComplete?: string; placeholder?: string }[] = [
  { name: "systemDescription", label: "System Description" },
  { name: "sizeOfSystem", label: "Size of System", placeholder: "for example 5kW" },
  { name: "email", label: "Customer Email", type: "email" },
  { name: "phoneNumber", label: "Customer Phone Number", type: "tel" },
];

/** Section 3: installation examples, added and removed here and saved in one go (at least 3 to complete). */
export function InstallationsForm({
  pathname,
  application,
  result,
}: {
  pathname: string;
  application: DealerApplication;
  result: RegisterResult | undefined;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const pending = usePostPending(pathname);
  const saved: Item[] =
    (result?.installations as Item[] | undefined) ??
    application.installations.map((i) => ({ ...i, email: i.email ?? "", phoneNumber: i.phoneNumber ?? "" }));
  const form = useForm<Values>({
    resolver: zodResolver(installationsListSchema) as never,
    defaultValues: { installations: saved.length ? saved : [empty()] },
    reValidateMode: "onSubmit",
    ...FOCUS_FIRST_ERROR,
  });
  useFocusFirstError(form);
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "installations" });
  const { serverError, markEdited } = useClearingServerErrors(result?.fieldErrors);
  const error = (index: number, field: ItemField) => {
    const message = form.formState.errors.installations?.[index]?.[field]?.message;
    return typeof message === "string" ? message : serverError(`installations.${index}.${field}`);
  };
  const listError = form.formState.errors.installations?.root?.message ?? form.formState.errors.installations?.message;
  const count = fields.length;
  const checkAndSend = form.handleSubmit((_values, event) => submit(event?.target as HTMLFormElement));
  // Spec §5: submitting with no items just adds an empty one.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (count > 0) return checkAndSend(event);
    event.preventDefault();
    append(empty());
  };
  return (
    <Form method="post" noValidate aria-busy={pending} onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value="installations" />
      {hydrated ? null : (
        // Enter in a field submits with the form's first button: before the script runs, make that one Save.
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
          Save Installations
        </button>
      )}
      <p className="text-sm text-slate-700">
        Give at least {MIN_INSTALLATIONS} examples of systems you have installed. {count} listed here, {application.installations.length}{" "}
        saved.
      </p>
      {result?.formError && !pending ? <FormAlert>{result.formError}</FormAlert> : null}
      {result?.success && !pending ? <FormAlert tone="success">{result.success}</FormAlert> : null}
      {typeof listError === "string" ? <FormAlert>{listError}</FormAlert> : null}
      <ol className="space-y-4">
        {fields.map((field, index) => (
          <li key={field.id} className="rounded-lg border border-slate-200 p-4">
            <fieldset>
              <legend className="text-base font-semibold text-slate-900">Installation {index + 1}</legend>
              <input type="hidden" {...form.register(`installations.${index}.id`)} />
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                {ITEM_FIELDS.map((f) => (
                  <TextField
                    key={f.name}
                    label={f.label}
                    required
                    type={f.type ?? "text"}
                    autoComplete="off"
                    {...(f.placeholder ? { placeholder: f.placeholder } : {})}
                    error={error(index, f.name)}
                    {...form.register(`installations.${index}.${f.name}`, {
                      onChange: () => {
                        form.clearErrors(`installations.${index}.${f.name}`);
                        markEdited(`installations.${index}.${f.name}`);
                      },
                    })}
                  />
                ))}
              </div>
              {/* Before the script runs, Remove posts the list and the page comes back without this item. */}
              <button
                type={hydrated ? "button" : "submit"}
                {...(hydrated ? { onClick: () => remove(index) } : { name: "edit", value: `remove:${index}`, formNoValidate: true })}
                className={buttonClass("outline", "mt-3 text-red-800")}
                aria-label={`Remove installation ${index + 1}`}
              >
                Remove
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type={hydrated ? "button" : "submit"}
          disabled={count >= MAX_INSTALLATIONS}
          // The new item's first field takes the focus (its first registered field is the hidden id, which cannot).
          {...(hydrated
            ? { onClick: () => append(empty(), { focusName: `installations.${count}.systemDescription` }) }
            : { name: "edit", value: "add", formNoValidate: true })}
          className={buttonClass("outline", "w-full sm:w-auto")}
        >
          Add Installation
        </button>
        <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "w-full sm:w-auto")}>
          {pending ? "Saving…" : "Save Installations"}
        </button>
      </div>
    </Form>
  );
}
