import { data } from "react-router";
import { can } from "#shared/can.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { LeadList, type LeadsResult, PauseForm } from "#web/features/leads/dealer-leads.tsx";
import { formText } from "#web/lib/form-data.ts";
import { requirePageWhere } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/leads";

/**
 * The installation enquiries offered to the company (its owner and buyers; technicians are sent home):
 * open ones first with the time left, the customer's contact once accepted; Accept, Decline and the pause switch are
 * plain form posts.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageWhere(context, request, can.placeOrders, "/dealer");
  const now = new Date();
  const answer = await context.services.leads.listForDealer(context.actor, now);
  return { ...answer, now: now.toISOString() };
}

export async function action({ context, request }: Route.ActionArgs) {
  requirePageWhere(context, request, can.placeOrders, "/dealer/leads");
  const form = await request.formData();
  const intent = formText(form, "intent");
  const leadId = Number(formText(form, "leadId"));
  try {
    if (intent === "accept") {
      await context.services.leads.accept(context.actor, leadId);
      return data<LeadsResult>({ leadId, success: "You accepted the enquiry: call the customer. We have told them you will." });
    }
    if (intent === "decline") {
      await context.services.leads.decline(context.actor, leadId);
      return data<LeadsResult>({ leadId, success: "Declined: the enquiry moves on to another installer." });
    }
    if (intent === "pause" || intent === "resume") {
      await context.services.leads.setPaused(context.actor, intent === "pause");
      return data<LeadsResult>({ success: intent === "pause" ? "New leads are paused." : "New leads are offered again." });
    }
  } catch (err) {
    const known = knownFailure(err);
    if (!known) throw err;
    return data<LeadsResult>({ leadId, formError: known.message }, { status: known.statusCode });
  }
  return data<LeadsResult>({ formError: "Unknown action." }, { status: 400 });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Leads"), { description: "Installation enquiries offered to your company.", noIndex: true });
}

export default function DealerLeads({ loaderData, actionData }: Route.ComponentProps) {
  const { leads, paused, now } = loaderData;
  return (
    <DealerPage title="Leads" wide>
      <div className="max-w-3xl space-y-6 text-base">
        <p className="text-lg">
          Customers who ask for a certified installer in a province you serve are offered to you and at most two other verified dealers. The
          first to accept within 48 hours gets the customer's contact details.
        </p>
        {actionData?.success ? (
          <div data-form-message="">
            <FormAlert tone="success">{actionData.success}</FormAlert>
          </div>
        ) : null}
        {actionData?.formError && !actionData.leadId ? <FormAlert>{actionData.formError}</FormAlert> : null}
        <PauseForm paused={paused} />
        <LeadList leads={leads} now={now} result={actionData} />
      </div>
    </DealerPage>
  );
}
