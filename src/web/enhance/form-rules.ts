/**
 * The rules of the forms src/web/enhance/forms.ts checks in the browser: the shared contracts themselves (zod), so
 * a field is refused with the server's own message. Loaded apart (a chunk of its own, `import()`) on the first
 * focus inside such a form or on its first submit: a visitor who never opens a form never downloads zod.
 */
import type { z } from "zod";
import {
  forgotPasswordSchema,
  loginSchema,
  resendVerificationSchema,
  resetPasswordFormSchema,
  secondFactorLoginSchema,
  signupFormSchema,
} from "#shared/schemas/auth.ts";
import { contactSchema } from "#shared/schemas/contact.ts";
import { quoteRequestSchema } from "#shared/schemas/quotations.ts";
import { quoteRefusal, quoteRequestInput } from "#web/features/catalogue/quote-fields.ts";
import { contactInput } from "#web/features/contact/contact-fields.ts";

export type Refusal = { fieldErrors: Record<string, string>; formError?: string };
/** A form's check: the contract's checked body, or the messages by the form's field names. */
export type Checked = ({ ok: true; body: unknown } & Partial<Refusal>) | ({ ok: false } & Refusal);

type Issue = { path: string; message: string };

const issuesOf = (error: z.ZodError): Issue[] => error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));

/** The contact form's fields are the contract's top-level keys. */
function byTopLevelKey(issues: readonly Issue[]): Refusal {
  const fieldErrors: Record<string, string> = {};
  for (const { path, message } of issues) fieldErrors[path.split(".")[0] ?? ""] ??= message;
  return { fieldErrors };
}

/** The issues (the server's "body.…" paths or the contract's) as the messages of the form's fields. */
export function refusalOf(kind: string | undefined, issues: readonly Issue[]): Refusal {
  if (kind === "quote") {
    const { fieldErrors = {}, formError } = quoteRefusal(issues);
    return formError ? { fieldErrors, formError } : { fieldErrors };
  }
  return byTopLevelKey(issues.map((i) => ({ ...i, path: i.path.replace(/^body\./, "") })));
}

/**
 * The sign-in pages' forms, whose fields are their contract's keys, all text. The second step's challenge is a
 * hidden field the visitor cannot mend: only the code is checked here (the page's action checks both).
 */
const TEXT_FORMS: Record<string, z.ZodType> = {
  login: loginSchema,
  signup: signupFormSchema,
  "forgot-password": forgotPasswordSchema,
  "reset-password": resetPasswordFormSchema,
  "resend-verification": resendVerificationSchema,
  "second-factor": secondFactorLoginSchema.pick({ code: true }),
};

function textInput(data: FormData): Record<string, string> {
  return Object.fromEntries([...data].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/** Checks a form marked `data-validate` with its contract. */
export function check(form: HTMLFormElement): Checked {
  const data = new FormData(form);
  const kind = form.dataset.validate ?? "";
  const parsed =
    kind === "quote"
      ? quoteRequestSchema.safeParse(quoteRequestInput(data, form.dataset.productId ? Number(form.dataset.productId) : null))
      : kind === "contact"
        ? contactSchema.safeParse(contactInput(data))
        : (TEXT_FORMS[kind]?.safeParse(textInput(data)) ?? null);
  if (!parsed) return { ok: true, body: null };
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, ...refusalOf(kind, issuesOf(parsed.error)) };
}
