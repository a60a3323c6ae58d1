import { Link, useSearchParams } from "react-router";
import { resetPasswordAction } from "#web/features/auth/auth-actions.server.ts";
import { AuthCard, inlineLinkClass } from "#web/features/auth/auth-card.tsx";
import { ResetPasswordForm } from "#web/features/auth/reset-password-form.tsx";
import { isSecondFactorState } from "#web/features/auth/second-factor-state.ts";
import { SecondFactorStep } from "#web/features/auth/second-factor-step.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { quietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/reset-password";

export const handle = quietPage;

export function action({ request, context }: Route.ActionArgs) {
  return resetPasswordAction(request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Set a New Password", { description: "Choose a new password for your account.", noIndex: true });
}

/** The page a reset or invitation link opens: `?token=` carries the link's secret. */
export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  // A new admin's invitation (or any account with two-step sign-in) goes on to the code or the app's setup.
  if (isSecondFactorState(actionData)) return <SecondFactorStep state={actionData} />;
  return (
    <AuthCard title="Set a New Password" intro="Choose the password you will log in with. Every other session of your account ends.">
      {token ? (
        <ResetPasswordForm token={token} result={actionData} />
      ) : (
        <p className="text-slate-700">
          This page opens from the link in a password e-mail.{" "}
          <Link to="/forgot-password" className={inlineLinkClass}>
            Ask for a new link
          </Link>
          .
        </p>
      )}
      {actionData?.formError ? (
        <p className="mt-4 text-sm">
          <Link to="/forgot-password" className={inlineLinkClass}>
            Ask for a new link
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
