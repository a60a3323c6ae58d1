import { can } from "#shared/can.ts";
import type { DealerDocumentView, DocumentKind } from "#shared/schemas/documents.ts";
import { accountAction } from "#web/features/account/account-actions.server.ts";
import { ChangePassword } from "#web/features/account/change-password.tsx";
import { PersonalDetails } from "#web/features/account/personal-details.tsx";
import { SessionsPanel } from "#web/features/account/sessions-panel.tsx";
import { TwoStepPanel } from "#web/features/account/two-step-panel.tsx";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { saveAddressAction } from "#web/features/dealer-profile/address-action.server.ts";
import { RegisteredAddressPanel } from "#web/features/dealer-profile/address-form.tsx";
import { CompanyDetails } from "#web/features/dealer-profile/company-details.tsx";
import { DocumentsPanel } from "#web/features/dealer-profile/documents-panel.tsx";
import { InstallationsList } from "#web/features/dealer-profile/installations-list.tsx";
import { PublicProfilePanel } from "#web/features/dealer-profile/public-profile-panel.tsx";
import { RenewalUpload } from "#web/features/dealer-profile/renewal-upload.tsx";
import { formText } from "#web/lib/form-data.ts";
import { requireSignedIn } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/profile";

/**
 * An approved (or suspended) company renews a document expiring within 60 days or expired (a new file
 * takes the place of a renewal still waiting for review), and may add a ZERA licence at any time. The server decides; this only offers it.
 */
function renewalOpen(status: string | null, kind: DocumentKind, docs: DealerDocumentView[]): boolean {
  if (status !== "Approved" && status !== "Suspended") return false;
  if (kind === "zera_licence") return true;
  if (kind === "director_id") return false;
  return docs.some((d) => d.review_status === "approved" && (d.expiry_state === "expiring" || d.expiry_state === "expired"));
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireSignedIn(context, request);
  const edit = new URL(request.url).searchParams.get("edit");
  const [sessions, application, totp, publicProfile] = await Promise.all([
    context.services.accounts.listSessions(context.actor),
    context.services.dealers.myApplication(context.actor),
    context.services.accounts.secondFactor.status(context.actor),
    // The company owner's public profile (team members and accounts without an application have none).
    context.services.installers.myProfile(context.actor).catch(() => null),
  ]);
  return { user, sessions, edit, application, totp, publicProfile };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireSignedIn(context, request);
  const form = await request.clone().formData();
  if (formText(form, "intent") === "address") return saveAddressAction(form, context, user.id);
  return accountAction(request, context, user.id);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Profile"), {
    description: "Your personal details, company details, documents, installations and public profile.",
    noIndex: true,
  });
}

/**
 * Spec §2 /dealer/profile, in its order. Saving a form does not reload the page (the spec's 2 s reload):
 * the action answers, React Router loads this page's data again in place and the success message stays.
 */
export default function DealerProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, sessions, edit, application, totp, publicProfile } = loaderData;
  return (
    <DealerPage title={user.fullName}>
      <div className="not-prose max-w-3xl space-y-6 text-base">
        <PersonalDetails user={user} editing={edit === "details"} result={actionData?.form === "profile" ? actionData : undefined} />
        <CompanyDetails
          application={application}
          address={
            // The company's owner keeps its registered address in FDMS's parts (decision 016), whatever the status.
            application.reg_status && application.id === user.id && can.actForApplication(user) ? (
              <RegisteredAddressPanel
                application={application}
                pathname="/dealer/profile"
                editing={edit === "address"}
                result={actionData?.form === "address" ? actionData : undefined}
              />
            ) : undefined
          }
        />
        <DocumentsPanel
          documents={application.documents}
          renewal={(kind, docs) =>
            renewalOpen(application.reg_status, kind, docs) ? (
              <RenewalUpload
                userId={user.id}
                kind={kind}
                label={kind === "zera_licence" && docs.length === 0 ? "Upload your ZERA licence" : "Upload the renewal"}
              />
            ) : null
          }
        />
        <InstallationsList installations={application.installations} />
        <ChangePassword editing={edit === "password"} result={actionData?.form === "password" ? actionData : undefined} />
        {/* After the spec's five sections, in the spec's order (issue 26's addition). */}
        {publicProfile ? <PublicProfilePanel profile={publicProfile} /> : null}
        <TwoStepPanel status={totp} result={actionData?.form === "totp" ? actionData : undefined} />
        <SessionsPanel sessions={sessions} result={actionData?.form === "sessions" ? actionData : undefined} />
      </div>
    </DealerPage>
  );
}
