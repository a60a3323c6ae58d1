import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn, useForm } from "react-hook-form";
import { useBlocker } from "react-router";
import type { z } from "zod";
import { buttonClass } from "#web/components/ui/button.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { FOCUS_FIRST_ERROR, useFocusFirstError } from "#web/lib/use-focus-first-error.ts";
import { useHydrated } from "#web/lib/use-hydrated.ts";
import { type ApiAnswer, issueField } from "./send-request.ts";

export const UNSAVED_CHANGES = "You have unsaved changes. Leave this page and lose them?";

/**
 * A back-office form checked in the browser with the shared zod schema (the server checks the same schema again).
 * `error(name)` is the message under a field; `applyAnswer` puts the API's field issues under their fields and
 * answers the message for the whole form (null when it worked).
 */
export function useAdminForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
) {
  const form: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    // zodResolver is typed per concrete schema; here the schema is generic.
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
    defaultValues,
    ...FOCUS_FIRST_ERROR,
  });
  useFocusFirstError(form);
  const errors = form.formState.errors as Record<string, unknown>;
  // Nested fields ("social.x") are named by their dotted path, as react-hook-form names them.
  const error = (name: Path<z.input<Schema>>): string | undefined => {
    let node: unknown = errors;
    for (const part of String(name).split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    const message = (node as { message?: unknown } | undefined)?.message;
    return typeof message === "string" ? message : undefined;
  };
  const applyAnswer = (answer: ApiAnswer): string | null => {
    if (answer.ok) return null;
    const known = new Set(Object.keys(form.getValues() as object));
    let placed = false;
    for (const issue of answer.issues) {
      const field = issueField(issue.path);
      if (known.has(field.split(".")[0] ?? field)) {
        form.setError(field as Path<z.input<Schema>>, { type: "server", message: issue.message });
        placed = true;
      }
    }
    return placed && answer.status === 400 ? "Please correct the fields marked below." : (answer.message ?? "Saving failed.");
  };
  return { form, register: form.register, error, applyAnswer };
}

/**
 * Warns before unsaved changes are lost: a dialog when navigating inside the site, the browser's own prompt when
 * the tab is closed or reloaded.
 */
export function UnsavedChangesGuard({ when, watchSearch = false }: { when: boolean; watchSearch?: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && (currentLocation.pathname !== nextLocation.pathname || (watchSearch && currentLocation.search !== nextLocation.search)),
  );
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [when]);
  return (
    <Dialog open={blocker.state === "blocked"} onClose={() => blocker.reset?.()} title="Leave without saving?">
      <p className="text-slate-700">{UNSAVED_CHANGES}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button type="button" className={buttonClass("outline")} onClick={() => blocker.reset?.()}>
          Stay
        </button>
        <button type="button" className={buttonClass("primary", "bg-red-700 hover:bg-red-800")} onClick={() => blocker.proceed?.()}>
          Leave
        </button>
      </div>
    </Dialog>
  );
}

/** Upload progress as a labelled progress bar. */
export function UploadProgress({ value, label = "Uploading" }: { value: number | null; label?: string }) {
  if (value === null) return null;
  const percent = Math.round(value * 100);
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm text-slate-700">
        <span>{label}</span>
        <span>{percent}%</span>
      </div>
      {/* The native element (role progressbar, its value read out) drawn by classes: no style attribute (decision 011). */}
      <progress
        max={100}
        value={percent}
        aria-label={label}
        className="block h-2 w-full appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-accent-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-accent-700 [&::-webkit-progress-value]:transition-[width] motion-reduce:[&::-webkit-progress-value]:transition-none"
      />
    </div>
  );
}

export type FormShellProps = {
  /** The form's accessible name ("Edit product"). */
  title: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  /** Upload progress from 0 to 1 while files go up; null otherwise. */
  progress?: number | null;
  /** The form-level failure. */
  error?: string | null;
  success?: string | null;
  submitLabel: string;
  onCancel?: () => void;
  /** Whether the form holds changes not yet saved (warns before leaving). */
  dirty: boolean;
  /** Also warns when only the URL's query changes (a form opened by a query parameter on a list's page). */
  watchSearch?: boolean;
  tour?: string;
  children: React.ReactNode;
};

/** A back-office form: its fields, the failure or success message, progress, Save and Cancel, the unsaved-changes guard. */
export function FormShell({
  title,
  onSubmit,
  busy,
  progress = null,
  error,
  success,
  submitLabel,
  onCancel,
  dirty,
  watchSearch,
  tour,
  children,
}: FormShellProps) {
  const hydrated = useHydrated();
  return (
    <form aria-label={title} noValidate onSubmit={onSubmit} className="space-y-5" data-tour={tour} aria-busy={busy || undefined}>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {success ? <FormAlert tone="success">{success}</FormAlert> : null}
      {children}
      <UploadProgress value={busy ? progress : null} />
      <div className="flex flex-wrap gap-3">
        {/* Sending needs the page's script (checks, files, progress): until it runs, a click would post nothing useful. */}
        <button type="submit" disabled={busy || !hydrated} aria-busy={busy || undefined} className={buttonClass("primary")}>
          {busy ? "Saving…" : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} disabled={busy} className={buttonClass("outline")}>
            Cancel
          </button>
        ) : null}
      </div>
      <UnsavedChangesGuard when={dirty && !busy} watchSearch={watchSearch} />
    </form>
  );
}
