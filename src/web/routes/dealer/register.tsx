import { Link } from "react-router";
import { isAdminRole } from "#shared/roles.ts";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { registerAction } from "#web/features/dealer-register/register-actions.server.ts";
import { RegistrationPortal } from "#web/features/dealer-register/registration-portal.tsx";
import { requireSignedIn } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/register";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireSignedIn(context, request);
  const admin = isAdminRole(user.role);
  // Unverified accounts and back-office accounts see no forms, so their application is not read.
  const application = user.emailVerified && !admin ? await context.services.dealers.myApplication(context.actor) : null;
  return { userId: user.id, emailVerified: user.emailVerified, admin, application };
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

export default function DealerRegister({ loaderData, actionData }: Route.ComponentProps) {
  const { application } = loaderData;
  return (
    <DealerPage title="Dealer Registration Portal">
      <p>Complete three sections to apply: Company Details, Required Documents and Dealer Installations.</p>
      {loaderData.emailVerified ? null : (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-base text-amber-900">
          <p className="font-semibold">Please confirm your e-mail address before you apply.</p>
          <p className="mt-1">
            Open the link we sent when you signed up, or{" "}
            <Link to="/verification" className="font-semibold underline">
              ask for a new one
            </Link>
            .
          </p>
        </div>
      )}
      {loaderData.admin ? <p className="text-base">Back-office accounts cannot apply to become dealers.</p> : null}
      {application ? (
        <RegistrationPortal pathname="/dealer/register" userId={loaderData.userId} application={application} result={actionData} />
      ) : null}
    </DealerPage>
  );
}
