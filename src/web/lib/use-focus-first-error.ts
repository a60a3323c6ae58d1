import { useEffect } from "react";
import type { FieldErrors, FieldValues, UseFormReturn } from "react-hook-form";

/** The dotted names of the fields with an error ("customer_name", "installations.0.email"). */
export function errorPaths(errors: FieldErrors, prefix = ""): string[] {
  const paths: string[] = [];
  for (const [key, node] of Object.entries(errors)) {
    if (!node || typeof node !== "object") continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (node as { type?: unknown }).type === "string") paths.push(path);
    else paths.push(...errorPaths(node as FieldErrors, path));
  }
  return paths;
}

/**
 * A refused submit puts the focus on the first field marked wrong, once. Use with `shouldFocusError: false`:
 * react-hook-form's own focusing does it twice, the second time a moment later (a timer), and on a busy phone that
 * moment can come after the visitor has typed into the field and pressed Tab, pulling them back to it.
 */
export function useFocusFirstError<Values extends FieldValues>(form: Pick<UseFormReturn<Values>, "formState">): void {
  const { submitCount, errors } = form.formState;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per submit; errors that change while typing move nothing.
  useEffect(() => {
    if (submitCount === 0) return;
    const fields = errorPaths(errors)
      .map((name) => document.getElementsByName(name)[0])
      .filter((el): el is HTMLElement => el instanceof HTMLElement);
    fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    fields[0]?.focus();
  }, [submitCount]);
}

/** The useForm options that go with useFocusFirstError. */
export const FOCUS_FIRST_ERROR = { shouldFocusError: false } as const;
