import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "#web/components/ui/button.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/verification";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Account Created", { description: "Your account has been created.", noIndex: true });
}

export default function Verification() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <MailCheck aria-hidden="true" className="size-12 text-accent-700" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Your account has been created</h1>
      <p className="mt-4 text-lg text-slate-700">Log in with your username or e-mail address and the password you chose.</p>
      <Link to="/login" className={`${buttonClass("primary")} mt-8`}>
        Go to Login
      </Link>
    </section>
  );
}
