import { useState } from "react";
import { totpCodeSchema } from "#shared/schemas/auth.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { sendRequest } from "../kit/send-request.ts";

/**
 * Confirms the change with a fresh code (POST /api/auth/step-up, 10 minutes: decision 035); answers the refusal, or null. The code
 * is checked with the API's own schema first, so a typo is told at once.
 */
export async function stepUp(code: string): Promise<string | null> {
  const parsed = totpCodeSchema.safeParse({ code });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "Enter a code.";
  const answer = await sendRequest({ method: "POST", url: "/api/auth/step-up", body: parsed.data });
  return answer.ok ? null : (answer.issues[0]?.message ?? answer.message);
}

/** The hint of a sensitive change's code field (decision 035), where leaving it empty is allowed. */
export const STEP_UP_HINT = "A change like this asks for a fresh code. Leave it empty if you gave one in the last few minutes.";

/**
 * A sensitive change's code (decision 035): `confirm()` posts it to /api/auth/step-up before the change and answers
 * whether it was accepted (the refusal stands under the field); `field` goes to StepUpCodeField. Left empty, the
 * change goes as it is: a session that gave a code within the step-up window needs no other (each code is accepted
 * once, so asking again would mean waiting for the next one), and the server refuses the change in its own words
 * ("Enter a current code…") when the window has passed.
 */
export function useStepUp() {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  async function confirm(): Promise<boolean> {
    setError(undefined);
    if (!code.trim()) return true;
    const refused = await stepUp(code);
    setError(refused ?? undefined);
    if (refused) return false;
    setCode("");
    return true;
  }
  return { confirm, field: { value: code, onChange: setCode, error } };
}

/**
 * The code field of the sensitive changes (decisions 010 and 035): back-office accounts and roles, rates, credit notes,
 * dealers' terms. `hint` says what asks for it. Controlled (`value`, `onChange`) where the form posts to the API
 * itself; uncontrolled in a form posted to its page's action (a dealer's terms).
 */
export function StepUpCodeField({
  value,
  onChange,
  error,
  className,
  hint = "Adding or removing an admin asks for a fresh code.",
}: {
  value?: string;
  onChange?: (code: string) => void;
  error?: string | undefined;
  className?: string;
  hint?: string;
}) {
  return (
    <TextField
      className={className}
      label="Code from your authenticator app"
      hint={hint}
      name="stepUpCode"
      autoComplete="one-time-code"
      inputMode="numeric"
      {...(onChange ? { value: value ?? "", onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value) } : {})}
      error={error}
    />
  );
}
