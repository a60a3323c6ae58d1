import { sendRequest } from "../kit/send-request.ts";

/** The label of the code field on the forms that add or remove back-office accounts (decision 010). */
export const STEP_UP_LABEL = "Code from your authenticator app";
export const STEP_UP_HINT = "Adding or removing an admin asks for a fresh code.";

/** Confirms the change with a fresh code (POST /api/auth/step-up, 5 minutes); answers the refusal, or null. */
export async function stepUp(code: string): Promise<string | null> {
  if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) return "Enter the 6-digit code from your authenticator app.";
  const answer = await sendRequest({ method: "POST", url: "/api/auth/step-up", body: { code } });
  return answer.ok ? null : (answer.issues[0]?.message ?? answer.message);
}
