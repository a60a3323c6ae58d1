import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { teamAction } from "#web/features/dealer/team-actions.server.ts";
import { InviteForm, TeamList } from "#web/features/dealer/team-panel.tsx";
import { requirePageRole } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/team";

/**
 * A dealer company's team (issue 25 §4): its people see who is on it; its owner invites buyers and technicians,
 * changes their roles and removes them.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageRole(context, request, ["dealer", "technician"], "/dealer");
  const members = await context.services.team.list(context.actor);
  return { members, owner: context.actor?.teamRole === "owner", me: user.id };
}

export async function action({ context, request }: Route.ActionArgs) {
  requirePageRole(context, request, ["dealer"], "/dealer/team");
  return teamAction(request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Team"), { description: "The people who buy and install for your company.", noIndex: true });
}

export default function DealerTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { members, owner } = loaderData;
  return (
    <DealerPage title="Team" wide>
      <div className="max-w-3xl space-y-6 text-base">
        <p className="text-lg">
          {owner
            ? "Invite the people who buy for your company or install its systems. Buyers see prices and order; technicians see the catalogue and the company's orders, without prices."
            : "The people of your company's dealer account. Its owner invites and removes them."}
        </p>
        {owner ? <InviteForm result={actionData?.form === "invite" ? actionData : undefined} /> : null}
        <TeamList members={members} manage={owner} result={actionData} />
      </div>
    </DealerPage>
  );
}
