import { redirect, useSearchParams } from "react-router";
import { afterLoginPath, loginAction } from "#web/features/auth/auth-actions.server.ts";
import { AuthCard } from "#web/features/auth/auth-card.tsx";
import { LoginForm } from "#web/features/auth/login-form.tsx";
import { isSecondFactorState } from "#web/features/auth/second-factor-state.ts";
import { SecondFactorStep } from "#web/features/auth/second-factor-step.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { safeRedirectPath } from "#web/lib/redirects.ts";
import { quietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/login";

export const handle = quietPage;

/** A signed-in user is sent on by role, as after a login (spec §4). */
export function loader({ context, request }: Route.LoaderArgs) {
  if (context.user) throw redirect(afterLoginPath(request, context.user.role));
  return null;
}

export function action({ context, request }: Route.ActionArgs) {
  return loginAction(request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Login", { description: "Log in with your e-mail address or username." });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  // After a right password an account with two-step sign-in is asked for its code on this page (decision 010).
  if (isSecondFactorState(actionData)) return <SecondFactorStep state={actionData} />;
  return (
    <AuthCard title="Login" intro="Welcome back. Log in with your e-mail address or username.">
      <LoginForm result={actionData} redirectTo={safeRedirectPath(searchParams.get("redirectTo"))} />
    </AuthCard>
  );
}
