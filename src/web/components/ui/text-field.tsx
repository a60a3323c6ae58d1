import { type ComponentProps, type ReactNode, useId } from "react";

type FieldProps = { label: string; error?: string | undefined; hint?: string; id?: string | undefined; className?: string | undefined };

const CONTROL =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-700";

/** Label, hint and error around a control, tied to it with aria-invalid and aria-describedby. */
function Field({ label, error, hint, id, className, control }: FieldProps & { control: (a11y: ControlA11y) => ReactNode }) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mb-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {control({ id: inputId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type ControlA11y = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/** A labelled input whose error is announced with it. */
export function TextField({ label, error, hint, id, className, ...input }: ComponentProps<"input"> & FieldProps) {
  return (
    <Field
      {...{ label, error, hint, id, className }}
      control={(a11y) => <input {...a11y} className={`${CONTROL} min-h-11`} {...input} />}
    />
  );
}

/** A labelled textarea whose error is announced with it. */
export function TextAreaField({ label, error, hint, id, className, ...textarea }: ComponentProps<"textarea"> & FieldProps) {
  return (
    <Field
      {...{ label, error, hint, id, className }}
      control={(a11y) => <textarea {...a11y} className={`${CONTROL} min-h-32`} {...textarea} />}
    />
  );
}

/** A labelled select whose error is announced with it. */
export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  children,
  ...select
}: ComponentProps<"select"> & FieldProps & { children: ReactNode }) {
  return (
    <Field
      {...{ label, error, hint, id, className }}
      control={(a11y) => (
        <select {...a11y} className={`${CONTROL} min-h-11`} {...select}>
          {children}
        </select>
      )}
    />
  );
}
