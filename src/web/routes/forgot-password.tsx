import { forgotPasswordAction } from "#web/features/auth/auth-actions.server.ts";
import { AuthCard } from "#web/features/auth/auth-card.tsx";
import { ForgotPasswordForm } from "#web/features/auth/forgot-password-form.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { quietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/forgot-password";

export const handle = quietPage;

export function action({ request, context }: Route.ActionArgs) {
  return forgotPasswordAction(request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Forgot Password", { description: "Ask for a link to reset your password." });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="Forgot Password" intro="Enter the e-mail address of your account and we will send you a link to reset your password.">
      <ForgotPasswordForm result={actionData} />
    </AuthCard>
  );
}
