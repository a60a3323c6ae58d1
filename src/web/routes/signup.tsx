import { redirect } from "react-router";
import { signupAction } from "#web/features/auth/auth-actions.server.ts";
import { AuthCard } from "#web/features/auth/auth-card.tsx";
import { SignupForm } from "#web/features/auth/signup-form.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { quietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/signup";

export const handle = quietPage;

/** Spec §2: sign-up redirects to / when a user is already signed in. */
export function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect("/");
  return null;
}

export function action({ context, request }: Route.ActionArgs) {
  return signupAction(request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Sign Up", { description: "Create an account to request quotations and apply to become a dealer." });
}

export default function Signup({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="Sign Up" intro="Create your account.">
      <SignupForm result={actionData} />
    </AuthCard>
  );
}
