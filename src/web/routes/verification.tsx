import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "#web/components/ui/button.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/verification";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Verify Your Email", { description: "Check your e-mail to verify your address.", noIndex: true });
}

export default function Verification() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <MailCheck aria-hidden="true" className="size-12 text-accent-700" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Check your email</h1>
      <p className="mt-4 text-lg text-slate-700">
        Your account has been created. We have sent you an e-mail: open it and follow the link to verify your e-mail address.
      </p>
      <p className="mt-2 text-slate-600">If it has not arrived within a few minutes, look in your spam or junk folder.</p>
      <Link to="/login" className={`${buttonClass("primary")} mt-8`}>
        Go to Login
      </Link>
    </section>
  );
}
