import { Form } from "react-router";
import type { TotpStatus } from "#shared/schemas/auth.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { usePostPending } from "../../lib/use-post-pending.ts";
import { QrKey, RecoveryCodes } from "../auth/second-factor-step.tsx";
import type { TwoStepResult } from "./two-step-actions.server.ts";

/** A six-digit code from the authenticator app. */
function AppCodeField(props: { id?: string; hint: string; error: string | undefined }) {
  return <TextField label="Code from the app" name="code" autoComplete="one-time-code" inputMode="numeric" required {...props} />;
}

/**
 * Two-step sign-in on the profile (decision 010): dealers and users may turn it on (and off with the password and a
 * code); back-office accounts always have it and may make new recovery codes. Plain form posts to this page.
 */
export function TwoStepPanel({ status, result }: { status: TotpStatus; result: TwoStepResult | undefined }) {
  const pending = usePostPending("/dealer/profile");
  const setup = !status.enabled ? result?.setup : undefined;
  const errorOf = (intent: string, field: "code" | "password") => (result?.intent === intent ? result.fieldErrors?.[field] : undefined);
  return (
    <section aria-labelledby="two-step-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="two-step-heading" className="text-xl font-semibold text-slate-900">
        Two-step sign-in
      </h2>
      <p className="mt-2 text-slate-700">
        {status.enabled
          ? `On: each sign-in asks for a code from your authenticator app. ${status.recoveryCodesLeft} unused recovery code${status.recoveryCodesLeft === 1 ? "" : "s"} left.`
          : "Off. Turn it on and each sign-in also asks for a code from an authenticator app on your phone, so a stolen password is not enough."}
      </p>
      <div className="mt-4 space-y-4">
        {result?.success ? <FormAlert tone="success">{result.success}</FormAlert> : null}
        {result?.formError ? <FormAlert>{result.formError}</FormAlert> : null}
        {result?.recoveryCodes ? <RecoveryCodes codes={result.recoveryCodes} /> : null}
        {setup ? (
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="intent" value="totp-enable" />
            <QrKey setup={setup} />
            <AppCodeField hint="Six digits." error={errorOf("totp-enable", "code")} />
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary")}>
              Confirm and turn on
            </button>
          </Form>
        ) : null}
        {!status.enabled && !setup ? (
          <Form method="post">
            <input type="hidden" name="intent" value="totp-setup" />
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary")}>
              Turn on two-step sign-in
            </button>
          </Form>
        ) : null}
        {status.enabled ? (
          <Form method="post" noValidate className="space-y-3">
            <input type="hidden" name="intent" value="totp-recovery" />
            <h3 className="font-semibold text-slate-900">New recovery codes</h3>
            <AppCodeField id="recovery-code" hint="The old recovery codes stop working." error={errorOf("totp-recovery", "code")} />
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("outline")}>
              Make new recovery codes
            </button>
          </Form>
        ) : null}
        {status.enabled && !status.required ? (
          <Form method="post" noValidate className="space-y-3">
            <input type="hidden" name="intent" value="totp-disable" />
            <h3 className="font-semibold text-slate-900">Turn off</h3>
            <TextField
              label="Current password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={errorOf("totp-disable", "password")}
            />
            <TextField
              label="Code from the app or a recovery code"
              name="code"
              id="disable-code"
              autoComplete="one-time-code"
              required
              error={errorOf("totp-disable", "code")}
            />
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("outline")}>
              Turn off two-step sign-in
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
