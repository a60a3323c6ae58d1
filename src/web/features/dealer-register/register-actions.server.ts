import { data } from "react-router";
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
import { formAction } from "../../lib/form-action.ts";
import { formText } from "../../lib/form-data.ts";
import { knownFailure } from "../../lib/service-errors.ts";
import type { WebContext } from "../../load-context.ts";
import { addressFormValues } from "../dealer-profile/address-action.server.ts";
import type { RegisterResult } from "./register-result.ts";

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

/** A refusal of the service the applicant can act on (locked application, unverified account) is said as it is. */
const refusal = (fallback: string) => (known: ReturnType<typeof knownFailure>) => ({
  formError: known && known.statusCode !== 400 ? known.message : fallback,
  ...(known?.field ? { fieldErrors: { [known.field]: known.message } } : {}),
});

async function saveCompany(form: FormData, context: WebContext, userId: number) {
  const values = {
    registeredCompanyName: formText(form, "registeredCompanyName"),
    tradingName: formText(form, "tradingName"),
    companyRegistrationNumber: formText(form, "companyRegistrationNumber"),
    VATNumber: formText(form, "VATNumber"),
    TIN: formText(form, "TIN"),
    ...addressFormValues(form),
  };
  return formAction(
    companyDetailsSchema,
    async (company) => {
      await context.services.dealers.saveCompany(context.actor, userId, company);
      return data<RegisterResult>({ form: "company", success: COMPANY_SAVED });
    },
    { log: context.logError, input: values, values, tag: { form: "company" as const }, failure: refusal(COMPANY_SAVE_FAILED) },
  );
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
  return formAction(
    installationsListSchema,
    async (list) => {
      await context.services.dealers.replaceInstallations(context.actor, list);
      return data<RegisterResult>({ form: "installations", success: INSTALLATIONS_SAVED });
    },
    {
      log: context.logError,
      input: { installations: items },
      tag: { form: "installations" as const, installations: items },
      failure: refusal(INSTALLATIONS_SAVE_FAILED),
    },
  );
}

async function removeDocument(form: FormData, context: WebContext) {
  const id = Number(formText(form, "documentId"));
  if (!Number.isInteger(id) || id <= 0)
    return data<RegisterResult>({ form: "documents", formError: DOCUMENTS_UPLOAD_FAILED }, { status: 400 });
  try {
    const { message } = await context.services.documents.remove(context.actor, id);
    return data<RegisterResult>({ form: "documents", success: message });
  } catch (err) {
    const known = knownFailure(err);
    if (!known) context.logError(err);
    return data<RegisterResult>({ form: "documents", ...refusal(DOCUMENTS_UPLOAD_FAILED)(known) }, { status: known?.statusCode ?? 500 });
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
