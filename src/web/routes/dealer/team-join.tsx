import { CheckCircle2, UsersRound } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { formatDate } from "#shared/dates.ts";
import { INVITATION_INVALID, INVITATION_OTHER_ACCOUNT, MEMBER_ROLE_HINTS, MEMBER_ROLE_LABELS } from "#shared/schemas/team.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { formText } from "#web/lib/form-data.ts";
import { requireSignedIn } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/team-join";

/**
 * Decision 023: the page an invitation's link opens, `/dealer/team/join?token=…`. Joining a company's team takes the
 * invited person's consent: signed in as the invited account (the login page brings them back here), they read what
 * joining means and accept with a real form, which works before scripts. A used or expired link, a different
 * account, or an account that cannot join each get their own explanation.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireSignedIn(context, request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = await context.services.team.preview(context.actor, token);
  return { invitation, token };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireSignedIn(context, request);
  const form = await request.formData();
  try {
    const joined = await context.services.team.accept(context.actor, formText(form, "token"));
    return data({ joined, error: null });
  } catch (err) {
    const known = knownFailure(err);
    if (!known) throw err;
    return data({ joined: null, error: known.message }, { status: known.statusCode });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Join a team"), {
    description: "Accept an invitation to a dealer company's team.",
    noIndex: true,
  });
}

export default function TeamJoin({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, token } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (actionData?.joined) {
    return (
      <DealerPage title="Join a team">
        <FormAlert tone="success">
          Welcome to {actionData.joined.company}'s team. You are now one of its {MEMBER_ROLE_LABELS[actionData.joined.role].toLowerCase()}s.
        </FormAlert>
        <p>
          <Link to="/dealer" className={buttonClass("primary")}>
            Go to your dealer area
          </Link>
        </p>
      </DealerPage>
    );
  }
  return (
    <DealerPage title="Join a team">
      {actionData?.error ? <FormAlert>{actionData.error}</FormAlert> : null}
      {invitation.state === "open" ? (
        <>
          <p>
            {invitation.invitedBy} has invited you to join <strong className="font-semibold text-slate-900">{invitation.company}</strong>'s
            team as a {MEMBER_ROLE_LABELS[invitation.role].toLowerCase()}.
          </p>
          <section aria-labelledby="join-means" className="rounded-xl border border-slate-200 bg-white p-5 text-base shadow-sm">
            <h2 id="join-means" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <UsersRound aria-hidden="true" className="size-5" /> What joining means
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>{MEMBER_ROLE_HINTS[invitation.role]}</li>
              <li>You act for {invitation.company} with this account: what you order or ask a quotation for is the company's.</li>
              <li>The company's owner can change your role or take you off the team; you keep your own account.</li>
            </ul>
            <p className="mt-3 text-sm text-slate-600">
              This invitation works until {formatDate(new Date(invitation.expiresAt))}. If you would rather not join, leave this page:
              nothing changes.
            </p>
          </section>
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className={buttonClass("primary")} disabled={busy} aria-busy={busy || undefined}>
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {busy ? "Joining…" : `Accept and join ${invitation.company}`}
            </button>
          </Form>
        </>
      ) : invitation.state === "other-account" ? (
        <FormAlert>{INVITATION_OTHER_ACCOUNT}</FormAlert>
      ) : invitation.state === "cannot-join" ? (
        <FormAlert>{invitation.message}</FormAlert>
      ) : (
        <FormAlert>{INVITATION_INVALID}</FormAlert>
      )}
    </DealerPage>
  );
}
