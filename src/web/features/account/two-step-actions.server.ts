import { data } from "react-router";
import { disableTotpSchema, type TotpSetup, totpCodeSchema } from "#shared/schemas/auth.ts";
import type { FormResult } from "../../lib/form-action.ts";
import { formText } from "../../lib/form-data.ts";
import { knownFailure } from "../../lib/service-errors.ts";
import type { WebContext } from "../../load-context.ts";

export type TwoStepField = "code" | "password";
/** What the profile's two-step sign-in panel shows after one of its forms (decision 010). */
export type TwoStepResult = {
  form: "totp";
  /** Which of the panel's forms answered, so only that one shows its field errors. */
  intent?: string;
  /** The key being set up (after "Turn on", and again after a wrong first code). */
  setup?: TotpSetup;
  /** New recovery codes, shown once. */
  recoveryCodes?: string[];
} & Omit<FormResult<TwoStepField>, "values">;

/** The panel's forms: start the setup, confirm it with the first code, new recovery codes, turn it off. */
export async function twoStepAction(intent: string, form: FormData, context: WebContext) {
  const sf = context.services.accounts.secondFactor;
  const failed = async (err: unknown, keepSetup: boolean) => {
    const known = knownFailure(err);
    if (!known) throw err;
    const field = known.field === "code" || known.field === "password" ? known.field : undefined;
    const setup = keepSetup ? await sf.pendingSetup(context.actor) : null;
    return data<TwoStepResult>(
      {
        form: "totp",
        intent,
        ...(field ? { fieldErrors: { [field]: known.message } } : { formError: known.message }),
        ...(setup ? { setup } : {}),
      },
      { status: known.statusCode },
    );
  };
  try {
    if (intent === "totp-setup") return data<TwoStepResult>({ form: "totp", setup: await sf.setup(context.actor) });
    if (intent === "totp-enable") {
      const parsed = totpCodeSchema.safeParse({ code: formText(form, "code") });
      if (!parsed.success) return failed({ statusCode: 400, message: parsed.error.issues[0]?.message, field: "code" }, true);
      const recoveryCodes = await sf.enable(context.actor, parsed.data.code).catch((err) => failed(err, true));
      if (!Array.isArray(recoveryCodes)) return recoveryCodes;
      return data<TwoStepResult>({ form: "totp", success: "Two-step sign-in is on.", recoveryCodes });
    }
    if (intent === "totp-recovery") {
      const parsed = totpCodeSchema.safeParse({ code: formText(form, "code") });
      if (!parsed.success) return failed({ statusCode: 400, message: parsed.error.issues[0]?.message, field: "code" }, false);
      const recoveryCodes = await sf.regenerateRecoveryCodes(context.actor, parsed.data.code);
      return data<TwoStepResult>({ form: "totp", success: "New recovery codes made. The old ones no longer work.", recoveryCodes });
    }
    if (intent === "totp-disable") {
      const parsed = disableTotpSchema.safeParse({ password: formText(form, "password"), code: formText(form, "code") });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return failed({ statusCode: 400, message: issue?.message, field: String(issue?.path[0] ?? "code") }, false);
      }
      await sf.disable(context.actor, parsed.data);
      return data<TwoStepResult>({ form: "totp", success: "Two-step sign-in is off." });
    }
  } catch (err) {
    return failed(err, false);
  }
  return data<TwoStepResult>({ form: "totp", formError: "Unknown form." }, { status: 400 });
}
