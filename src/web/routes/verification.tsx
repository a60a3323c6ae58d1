import { CircleAlert, MailCheck } from "lucide-react";
import { Form, Link } from "react-router";
import { homePathFor } from "#shared/roles.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormMessage } from "#web/components/ui/form-alert.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { resendVerificationAction } from "#web/features/auth/auth-actions.server.ts";
import type { FormResult } from "#web/lib/form-action.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { serverFields } from "#web/lib/server-form.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import { quietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/verification";

export const handle = quietPage;

/** Opened after sign-up (no token: "check your e-mail") or from the e-mailed link (`?token=`: confirms the address). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const email = context.user && !context.user.emailVerified ? context.user.email : "";
  if (!token) return { state: "sent" as const, email, message: null, next: null };
  try {
    const user = await context.services.accounts.verifyEmail(token, {
      ip: context.ip,
      userAgent: context.userAgent,
      origin: context.siteUrl,
    });
    return { state: "verified" as const, email: "", message: null, next: context.user ? homePathFor(user.role) : "/login" };
  } catch (err) {
    const known = knownFailure(err);
    if (!known) throw err;
    return { state: "invalid" as const, email, message: known.message, next: null };
  }
}

export function action({ request, context }: Route.ActionArgs) {
  return resendVerificationAction(request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Verify Your E-mail", { description: "Confirm the e-mail address of your account.", noIndex: true });
}

/** 'Send a new link', drawn by the server (decision 013) and checked in the browser first when scripts are there. */
function ResendForm({ email, result }: { email: string; result: FormResult<"email"> | undefined }) {
  const field = serverFields(result?.fieldErrors, ["email"]);
  return (
    <Form method="post" noValidate data-validate="resend-verification" className="mt-8 space-y-4 text-left">
      <h2 className="text-lg font-semibold text-slate-900">No e-mail?</h2>
      <p className="text-sm text-slate-700">Check your spam folder, or ask for a new link (the old one stops working).</p>
      <FormMessage error={result?.formError} success={result?.success} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={result?.values?.email ?? email}
        {...field("email")}
      />
      <button type="submit" data-pending-text="Sending…" className={buttonClass("outline", "w-full")}>
        Send a new link
      </button>
    </Form>
  );
}

export default function Verification({ loaderData, actionData }: Route.ComponentProps) {
  const { state, email, message, next } = loaderData;
  if (state === "verified") {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
        <MailCheck aria-hidden="true" className="size-12 text-green-700" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Your e-mail address is confirmed</h1>
        <p className="mt-4 text-lg text-slate-700">Thank you. You can now apply as a dealer and check out.</p>
        <Link to={next ?? "/login"} className={`${buttonClass("primary")} mt-8`}>
          {next === "/login" ? "Go to Login" : "Continue"}
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      {state === "invalid" ? (
        <CircleAlert aria-hidden="true" className="size-12 text-red-700" />
      ) : (
        <MailCheck aria-hidden="true" className="size-12 text-accent-700" />
      )}
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{state === "invalid" ? "This link does not work" : "Check your e-mail"}</h1>
      {state === "invalid" ? (
        <p className="mt-4 text-lg text-slate-700">{message}</p>
      ) : (
        <p className="mt-4 text-lg text-slate-700">
          We have sent an e-mail to the address you gave: open the link in it to finish. The link works once, for 24 hours. You can already
          log in and browse; applying as a dealer and checking out wait for the confirmation.
        </p>
      )}
      <Link to="/login" className={`${buttonClass("primary")} mt-8`}>
        Go to Login
      </Link>
      <div className="w-full">
        <ResendForm email={email} result={actionData} />
      </div>
    </section>
  );
}
