import { data } from "react-router";
import type { z } from "zod";
import { knownFailure } from "./service-errors.ts";

/** What a page's form action answers when the page stays (a refusal, or a success text). */
export type FormResult<Field extends string> = {
  formError?: string;
  /** The spec's success text, when the page stays (e.g. 'Password reset instructions sent…'). */
  success?: string;
  fieldErrors?: Partial<Record<Field, string>>;
  /** What the user typed (never passwords), to fill the form again when the page was sent without JavaScript. */
  values?: Partial<Record<Field, string>>;
};

type KnownFailure = NonNullable<ReturnType<typeof knownFailure>>;
type Refusal<Field extends string> = Pick<FormResult<Field>, "formError" | "fieldErrors">;

type FormActionOptions<Field extends string, Tag extends object> = {
  /** The posted fields to check. */
  input: { [K in Field]?: unknown };
  /** What is given back with a refusal (never passwords). */
  values?: Partial<Record<Field, string>>;
  /** Said with every refusal: which of the page's forms it is about (`{ form: "profile" }`), and the like. */
  tag?: Tag;
  /** Fields whose refusal heads the form instead of standing under a field (a link's token). */
  formLevel?: readonly Field[];
  /** Fields a refusal of the service may be said under (`FieldError`'s field); other refusals head the form. */
  failureFields?: readonly Field[];
  /**
   * Refusals of a part of a field (a cart line's quantity, the service's `products.0.product_id`) said under the
   * field itself (`products`), where the form shows them.
   */
  topLevel?: boolean;
  /**
   * Where an unexpected failure is logged: the page's `context.logError` (the server's logger and its redaction: a
   * failed query's parameters are a user's data).
   */
  log: (error: unknown) => void;
  /** The form's message when the service fails unexpectedly (logged, 500); without it such a failure is thrown. */
  unexpected?: string;
  /** How a failure of `run` is said, when the rules above do not fit (null: an unexpected failure, already logged). */
  failure?: (known: KnownFailure | null) => Refusal<Field>;
};

/** Every issue of a schema by its dotted path ("installations.0.email"), first message only. */
export function issuesByPath(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/**
 * A page's form action, written once: checks `input` with the shared schema (400 with the first message of each
 * field), then runs `run` with the checked values and answers what it answers; a refusal of the service is said
 * with its status, under its field or heading the form (see the options), and an unexpected failure is logged and
 * said with `unexpected` (500) or thrown.
 */
export async function formAction<Schema extends z.ZodType, Result, Tag extends object = Record<never, never>>(
  schema: Schema,
  run: (values: z.output<Schema>) => Promise<Result>,
  options: FormActionOptions<Extract<keyof z.input<Schema>, string>, Tag>,
) {
  type Field = Extract<keyof z.input<Schema>, string>;
  const { values, tag, formLevel = [], failureFields = [], unexpected, topLevel = false } = options;
  const fieldOf = (path: string) => (topLevel ? (path.split(".")[0] ?? path) : path);
  const refuse = (refusal: Refusal<Field>, status: number) =>
    data<FormResult<Field> & Tag>({ ...tag, ...refusal, ...(values ? { values } : {}) } as FormResult<Field> & Tag, {
      status,
    });

  const parsed = schema.safeParse(options.input);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<Field, string>> = {};
    let formError: string | undefined;
    for (const [path, message] of Object.entries(issuesByPath(parsed.error))) {
      const field = fieldOf(path) as Field;
      if ((formLevel as readonly string[]).includes(field)) formError ??= message;
      else fieldErrors[field] ??= message;
    }
    return refuse({ fieldErrors, ...(formError ? { formError } : {}) }, 400);
  }
  try {
    return await run(parsed.data);
  } catch (err) {
    // A redirect (or any answer) thrown by `run` is the answer.
    if (err instanceof Response) throw err;
    const known = knownFailure(err);
    if (!known && !options.failure && unexpected === undefined) throw err;
    if (!known) options.log(err);
    if (options.failure) return refuse(options.failure(known), known?.statusCode ?? 500);
    if (!known) return refuse({ formError: unexpected }, 500);
    const field = known.field === undefined ? undefined : failureFields.find((f) => f === fieldOf(known.field as string));
    return refuse(
      field ? { fieldErrors: { [field]: known.message } as Partial<Record<Field, string>> } : { formError: known.message },
      known.statusCode,
    );
  }
}
