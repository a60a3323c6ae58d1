import { CircleAlert, ShieldCheck } from "lucide-react";
import { data, Form, Link } from "react-router";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import { quietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/undo-email-change";

export const handle = quietPage;

/**
 * The link mailed to the old address after an e-mail change. Opening it changes nothing (mail
 * scanners open links): the button posts, then the old address is back and every session has ended.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  try {
    const user = await context.services.accounts.undoEmailChange(token, { ip: context.ip, userAgent: context.userAgent });
    // Every session ended, this browser's too.
    return data({ restored: user.email, error: null }, { headers: { "Set-Cookie": context.clearSessionCookie() } });
  } catch (err) {
    const known = knownFailure(err);
    if (!known) throw err;
    return data({ restored: null, error: known.message }, { status: known.statusCode });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Undo an E-mail Change", { description: "Put back the e-mail address of your account.", noIndex: true });
}

export default function UndoEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.restored) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
        <ShieldCheck aria-hidden="true" className="size-12 text-green-700" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Your e-mail address is back</h1>
        <p className="mt-4 text-lg text-slate-700">
          The account's address is {actionData.restored} again and every session has ended. Choose a new password now: whoever changed the
          address may know the old one.
        </p>
        <Link to="/forgot-password" className={`${buttonClass("primary")} mt-8`}>
          Reset my password
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <CircleAlert aria-hidden="true" className="size-12 text-accent-700" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Undo the e-mail change</h1>
      <p className="mt-4 text-lg text-slate-700">
        If you did not change the e-mail address of your account, put this address back: every session of the account ends, and you then
        choose a new password.
      </p>
      <Form method="post" className="mt-8 w-full space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        {actionData?.error ? <FormAlert>{actionData.error}</FormAlert> : null}
        <button type="submit" data-pending-text="Working…" className={buttonClass("primary", "w-full")}>
          Put my old address back
        </button>
      </Form>
    </section>
  );
}
