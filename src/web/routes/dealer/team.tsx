import { redirect } from "react-router";
import { can } from "#shared/can.ts";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { teamAction } from "#web/features/dealer/team-actions.server.ts";
import { InviteForm, TeamList } from "#web/features/dealer/team-panel.tsx";
import { requireSignedIn } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/team";

/**
 * A dealer company's team: its people see who is on it; its owner invites buyers and technicians,
 * changes their roles and removes them.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  // By team role, not account role: a suspended company's owner is no longer a dealer but still manages its people
  // (decision 023).
  const user = requireSignedIn(context, request);
  if (!can.seeTeam(context.actor)) throw redirect("/dealer");
  const members = await context.services.team.list(context.actor);
  return { members, owner: can.manageTeam(context.actor), suspended: context.actor?.hold === "suspended", me: user.id };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireSignedIn(context, request);
  if (!can.manageTeam(context.actor)) throw redirect("/dealer/team");
  return teamAction(request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Team"), { description: "The people who buy and install for your company.", noIndex: true });
}

export default function DealerTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { members, owner, suspended } = loaderData;
  return (
    <DealerPage title="Team" wide>
      <div className="max-w-3xl space-y-6 text-base">
        <p className="text-lg">
          {owner && suspended
            ? "While your company's dealer account is suspended you cannot invite people or change their roles. You can still remove people and withdraw invitations."
            : owner
              ? "Invite the people who buy for your company or install its systems. Buyers see prices and order; technicians see the catalogue and the company's orders, without prices."
              : "The people of your company's dealer account. Its owner invites and removes them."}
        </p>
        {owner && !suspended ? <InviteForm result={actionData?.form === "invite" ? actionData : undefined} /> : null}
        <TeamList members={members} manage={owner} changeRoles={owner && !suspended} result={actionData} />
      </div>
    </DealerPage>
  );
}
