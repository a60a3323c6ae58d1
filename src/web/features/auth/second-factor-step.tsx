import { Form, Link } from "react-router";
import type { TotpSetup } from "#shared/schemas/auth.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { AuthCard } from "./auth-card.tsx";
import type { SecondFactorState } from "./second-factor-state.ts";

const TITLES = { code: "Two-step sign-in", enrol: "Set up two-step sign-in", recovery: "Your recovery codes" } as const;

/** The secret in groups of four: easier to read and type into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/**
 * The second step of a sign-in (decision 010), on the login page after a right password: a code from the app,
 * or first the app's setup (QR code made on the server, or the key typed in), then the recovery codes once. Plain
 * form posts to the page it is on (/login, or /reset-password after an invitation: posting to /login from there
 * would run its loader, which sends the just signed-in admin on before the recovery codes are seen), so it works
 * before JavaScript has loaded.
 */
export function SecondFactorStep({ state }: { state: SecondFactorState }) {
  if (state.secondFactor === "recovery") {
    return (
      <AuthCard title={TITLES.recovery} intro="Two-step sign-in is on. You are signed in.">
        <RecoveryCodes codes={state.recoveryCodes} />
        <Link to={state.next} className={buttonClass("primary", "mt-6 w-full")}>
          I have saved them: continue
        </Link>
      </AuthCard>
    );
  }
  const enrol = state.secondFactor === "enrol";
  return (
    <AuthCard
      title={TITLES[state.secondFactor]}
      intro={
        enrol
          ? "Back-office accounts sign in with a password and a code from an authenticator app. Set one up now: it takes a minute."
          : "Enter the 6-digit code your authenticator app shows for this site."
      }
    >
      <Form method="post" noValidate data-validate="second-factor" className="space-y-5">
        <input type="hidden" name="challenge" value={state.challenge} />
        <input type="hidden" name="secondFactor" value={state.secondFactor} />
        {state.redirectTo ? <input type="hidden" name="redirectTo" value={state.redirectTo} /> : null}
        {enrol && state.setup ? (
          <ol className="list-decimal space-y-4 pl-5 text-slate-800">
            <li>Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 2FAS, Aegis…).</li>
            <li>
              <QrKey setup={state.setup} />
            </li>
            <li>Enter the 6-digit code the app now shows.</li>
          </ol>
        ) : null}
        <TextField
          label={enrol ? "Code from the app" : "Code"}
          name="code"
          hint={enrol ? "Six digits." : "Six digits from the app, or one of your recovery codes if you have lost your phone."}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={state.codeError}
          autoFocus={state.codeError ? true : undefined}
        />
        <button type="submit" data-pending-text="Checking…" className={buttonClass("primary", "w-full")}>
          {enrol ? "Confirm and sign in" : "Verify"}
        </button>
        <p className="text-center text-sm text-slate-700">
          <Link to="/login" className="font-medium text-accent-700 underline-offset-2 hover:underline">
            Start again
          </Link>
        </p>
      </Form>
    </AuthCard>
  );
}

/** The key for the authenticator app: its QR code (an SVG made on the server) and the same key as text. */
export function QrKey({ setup }: { setup: TotpSetup }) {
  return (
    <div>
      <p>Scan this QR code with the app:</p>
      <div
        role="img"
        aria-label="QR code of the key for your authenticator app"
        className="mt-2 w-48 max-w-full"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is made on the server from the key (uqr): no script, no style, no user input.
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <p className="mt-2">Or type this key into the app:</p>
      <p className="mt-1 break-all rounded bg-slate-100 px-3 py-2 font-mono text-base text-slate-900" translate="no">
        {grouped(setup.secret)}
      </p>
    </div>
  );
}

/** Recovery codes, shown once: each signs in once without the phone. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3">
      <FormAlert tone="success">
        Save these recovery codes somewhere safe (a password manager, or printed). Each one signs you in once if you lose your phone. They
        are shown only now.
      </FormAlert>
      <ul className="grid grid-cols-2 gap-2 font-mono text-base text-slate-900" translate="no" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c} className="rounded bg-slate-100 px-3 py-2 text-center">
            {c}
          </li>
        ))}
      </ul>
    </div>
  );
}
