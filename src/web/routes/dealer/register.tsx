import { Form } from "react-router";
import { can } from "#shared/can.ts";
import { CONFIRM_EMAIL_TO_APPLY } from "#shared/schemas/dealers.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { registerAction } from "#web/features/dealer-register/register-actions.server.ts";
import { RegistrationPortal } from "#web/features/dealer-register/registration-portal.tsx";
import { requireSignedIn } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { usePostPending } from "#web/lib/use-post-pending.ts";
import type { Route } from "./+types/register";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireSignedIn(context, request);
  const admin = can.enterBackOffice(user);
  // Back-office accounts see no forms, so their application is not read. An account whose address is not confirmed
  // sees the whole portal; saving and uploading wait for the confirmation (the services refuse them).
  const application = admin ? null : await context.services.dealers.myApplication(context.actor);
  return { userId: user.id, email: user.email, emailVerified: user.emailVerified, admin, application };
}

export function action({ context, request }: Route.ActionArgs) {
  const user = requireSignedIn(context, request);
  return registerAction(request, context, user.id);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName(), {
    description: "Register your company as a dealer: company details, required documents and installations.",
    noIndex: true,
  });
}

/** Above the portal while the address is not confirmed: why nothing can be saved yet, and a new link. */
function ConfirmEmailNotice({ email, result }: { email: string; result: Route.ComponentProps["actionData"] }) {
  const pending = usePostPending("/dealer/register");
  const answer = result?.form === "verification" ? result : undefined;
  return (
    <div
      className="not-prose rounded-lg border border-amber-300 bg-amber-50 p-4 text-base text-amber-900"
      data-testid="confirm-email-notice"
    >
      <p className="font-semibold" id="confirm-email-notice">
        {CONFIRM_EMAIL_TO_APPLY}
      </p>
      <p className="mt-1">
        Open the link we sent to <span className="break-all font-medium">{email}</span> when you signed up. Until then you can look through
        the application below, but not save or upload anything.
      </p>
      <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
        <input type="hidden" name="intent" value="resend-verification" />
        <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("outline", "w-full bg-white sm:w-auto")}>
          {pending ? "Sending…" : "Send a new link"}
        </button>
      </Form>
      {answer && !pending ? (
        <div className="mt-3">
          {answer.success ? <FormAlert tone="success">{answer.success}</FormAlert> : null}
          {answer.formError ? <FormAlert>{answer.formError}</FormAlert> : null}
        </div>
      ) : null}
    </div>
  );
}

export default function DealerRegister({ loaderData, actionData }: Route.ComponentProps) {
  const { application } = loaderData;
  return (
    <DealerPage title="Dealer Registration Portal">
      <p>Complete three sections to apply: Company Details, Required Documents and Dealer Installations.</p>
      {loaderData.emailVerified || loaderData.admin ? null : <ConfirmEmailNotice email={loaderData.email} result={actionData} />}
      {loaderData.admin ? <p className="text-base">Back-office accounts cannot apply to become dealers.</p> : null}
      {application ? (
        <RegistrationPortal
          pathname="/dealer/register"
          userId={loaderData.userId}
          application={application}
          result={actionData}
          emailVerified={loaderData.emailVerified}
        />
      ) : null}
    </DealerPage>
  );
}
