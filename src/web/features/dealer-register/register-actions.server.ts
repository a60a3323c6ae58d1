import { data } from "react-router";
import type { z } from "zod";
import {
  COMPANY_SAVE_FAILED,
  COMPANY_SAVED,
  companyDetailsSchema,
  INSTALLATIONS_SAVE_FAILED,
  INSTALLATIONS_SAVED,
  installationsListSchema,
  MAX_INSTALLATIONS,
} from "#shared/schemas/dealers.ts";
import { DOCUMENTS_UPLOAD_FAILED } from "#shared/schemas/documents.ts";
import { formText } from "../../lib/form-data.ts";
import { knownFailure } from "../../lib/service-errors.ts";
import type { WebContext } from "../../load-context.ts";
import type { RegisterResult } from "./register-result.ts";

/** Every issue of a schema, keyed by its dotted path ("installations.0.email"), first message only. */
function issuesByPath(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The installation items of a posted form: fields named installations.{i}.{field}, in index order. */
export function postedInstallations(form: FormData): Record<string, string>[] {
  const items = new Map<number, Record<string, string>>();
  for (const [key, value] of form.entries()) {
    const m = /^installations\.(\d{1,3})\.(id|systemDescription|sizeOfSystem|email|phoneNumber)$/.exec(key);
    if (!m || typeof value !== "string") continue;
    const index = Number(m[1]);
    const item = items.get(index) ?? {};
    item[m[2] as string] = value;
    items.set(index, item);
  }
  return [...items.entries()].sort((a, b) => a[0] - b[0]).map(([, item]) => item);
}

function failure(form: RegisterResult["form"], fallback: string, err: unknown, values?: RegisterResult["values"]) {
  const known = knownFailure(err);
  if (!known) console.error(err);
  // A refusal the applicant can act on (locked application, unverified account) is said as it is.
  const formError = known && known.statusCode !== 400 ? known.message : fallback;
  const fieldErrors = known?.field ? { [known.field]: known.message } : undefined;
  return data<RegisterResult>(
    { form, formError, ...(fieldErrors ? { fieldErrors } : {}), ...(values ? { values } : {}) },
    { status: known?.statusCode ?? 500 },
  );
}

async function saveCompany(form: FormData, context: WebContext, userId: number) {
  const values = {
    registeredCompanyName: formText(form, "registeredCompanyName"),
    tradingName: formText(form, "tradingName"),
    companyRegistrationNumber: formText(form, "companyRegistrationNumber"),
    VATNumber: formText(form, "VATNumber"),
    TIN: formText(form, "TIN"),
  };
  const parsed = companyDetailsSchema.safeParse(values);
  if (!parsed.success) {
    return data<RegisterResult>({ form: "company", fieldErrors: issuesByPath(parsed.error), values }, { status: 400 });
  }
  try {
    await context.services.dealers.saveCompany(context.actor, userId, parsed.data);
    return data<RegisterResult>({ form: "company", success: COMPANY_SAVED });
  } catch (err) {
    return failure("company", COMPANY_SAVE_FAILED, err, values);
  }
}

const EMPTY_INSTALLATION = { id: "", systemDescription: "", sizeOfSystem: "", email: "", phoneNumber: "" };

async function saveInstallations(form: FormData, context: WebContext) {
  const items = postedInstallations(form);
  // Without JavaScript, "Add Installation" and "Remove" post the list as typed so far: it comes back edited, unsaved.
  const edit = formText(form, "edit");
  if (edit === "add" && items.length < MAX_INSTALLATIONS) {
    return data<RegisterResult>({ form: "installations", installations: [...items, { ...EMPTY_INSTALLATION }] });
  }
  const removeAt = /^remove:(\d{1,3})$/.exec(edit)?.[1];
  if (removeAt !== undefined) {
    return data<RegisterResult>({ form: "installations", installations: items.filter((_, i) => i !== Number(removeAt)) });
  }
  const parsed = installationsListSchema.safeParse({ installations: items });
  if (!parsed.success) {
    return data<RegisterResult>({ form: "installations", fieldErrors: issuesByPath(parsed.error), installations: items }, { status: 400 });
  }
  try {
    await context.services.dealers.replaceInstallations(context.actor, parsed.data);
    return data<RegisterResult>({ form: "installations", success: INSTALLATIONS_SAVED });
  } catch (err) {
    const res = failure("installations", INSTALLATIONS_SAVE_FAILED, err);
    return data<RegisterResult>({ ...res.data, installations: items }, res.init ?? undefined);
  }
}

async function removeDocument(form: FormData, context: WebContext) {
  const id = Number(formText(form, "documentId"));
  if (!Number.isInteger(id) || id <= 0)
    return data<RegisterResult>({ form: "documents", formError: DOCUMENTS_UPLOAD_FAILED }, { status: 400 });
  try {
    const { message } = await context.services.documents.remove(context.actor, id);
    return data<RegisterResult>({ form: "documents", success: message });
  } catch (err) {
    return failure("documents", DOCUMENTS_UPLOAD_FAILED, err);
  }
}

/**
 * "Send a new link" above the portal of an account whose address is not confirmed: the same resend (and its limits)
 * as /verification, for the signed-in account's own address, which it may name.
 */
async function resendVerification(context: WebContext) {
  const user = context.user;
  if (!user || user.emailVerified) {
    return data<RegisterResult>({ form: "verification", success: "Your e-mail address is already confirmed." });
  }
  try {
    await context.services.accounts.resendVerification(user.email, { ip: context.ip, origin: context.siteUrl });
  } catch (err) {
    const known = knownFailure(err);
    if (!known) throw err;
    return data<RegisterResult>({ form: "verification", formError: known.message }, { status: known.statusCode });
  }
  return data<RegisterResult>({
    form: "verification",
    success: `A new link is on its way to ${user.email}. Open it within 24 hours; the links sent before stop working.`,
  });
}

/** The registration page's forms: company details, the installation list, removing a document, a new e-mail link. */
export async function registerAction(request: Request, context: WebContext, userId: number) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "resend-verification") return resendVerification(context);
  if (intent === "company") return saveCompany(form, context, userId);
  if (intent === "installations") return saveInstallations(form, context);
  if (intent === "remove-document") return removeDocument(form, context);
  return data<RegisterResult>({ form: "company", formError: "Unknown form." }, { status: 400 });
}
