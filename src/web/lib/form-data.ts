import { z } from "zod";

/** A text field of a posted form ("" when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The first message of each field that failed the schema, as page actions answer them. */
export function firstIssues<Field extends string>(error: z.ZodError): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [field, messages] of Object.entries(z.flattenError(error).fieldErrors) as [Field, string[] | undefined][]) {
    if (messages?.[0]) out[field] = messages[0];
  }
  return out;
}
