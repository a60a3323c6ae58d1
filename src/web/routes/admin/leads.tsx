import { data, Form } from "react-router";
import { LEAD_STATUSES, type LeadStatus } from "#shared/installer-network.ts";
import type { AdminLead } from "#shared/schemas/leads.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { SOURCE_LABELS } from "#web/features/leads/dealer-leads.tsx";
import { formText } from "#web/lib/form-data.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/leads";

const STATUS_LABELS: Record<LeadStatus, string> = {
  open: "Offered",
  accepted: "Accepted",
  unassigned: "Unassigned",
  closed: "Closed",
};
const OFFER_LABELS: Record<AdminLead["offers"][number]["status"], string> = {
  offered: "offered, no answer yet",
  accepted: "accepted",
  declined: "declined",
  expired: "let it lapse",
  withdrawn: "withdrawn (taken by another)",
};

function statusOf(value: string | null): LeadStatus | undefined {
  return (LEAD_STATUSES as readonly string[]).includes(value ?? "") ? (value as LeadStatus) : undefined;
}

const when = (iso: string) => new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Harare" });

/**
 * Every installer enquiry with its history (each offer: the dealer, when, the outcome), filtered by
 * status in the URL; an open or unassigned one is assigned by hand to a verified dealer (a plain form post).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "leads.assign");
  const status = statusOf(new URL(request.url).searchParams.get("status"));
  const answer = await context.services.leads.list(context.actor, status ? { status } : {});
  return { ...answer, status: status ?? "" };
}

export async function action({ context, request }: Route.ActionArgs) {
  await requireStaffPage(context, request, "leads.assign");
  const form = await request.formData();
  const leadId = Number(formText(form, "leadId"));
  const dealerId = Number(formText(form, "dealer_id"));
  try {
    await context.services.leads.assign(context.actor, leadId, dealerId);
    return data({ leadId, success: `Enquiry #${leadId} assigned: the dealer and the customer have been e-mailed.`, formError: "" });
  } catch (err) {
    const known = knownFailure(err);
    if (!known) throw err;
    return data({ leadId, success: "", formError: known.message }, { status: known.statusCode });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Installer Leads – Admin", { description: "Installer enquiries in the back office.", noIndex: true });
}

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, dealers, status } = loaderData;
  return (
    <AdminPage
      title="Installer leads"
      description="Quote requests that asked for a certified installer: who they were offered to, who answered, and those to assign by hand."
    >
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="lead-status" className="mb-1 block text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id="lead-status"
            name="status"
            defaultValue={status}
            className="block min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
          >
            <option value="">All</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("outline")}>
          Filter
        </button>
      </Form>
      {actionData?.success ? (
        <div data-form-message="">
          <FormAlert tone="success">{actionData.success}</FormAlert>
        </div>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState>{status ? "No enquiries with this status." : "No installer enquiries yet."}</EmptyState>
      ) : (
        <ul className="space-y-4" aria-label="Installer leads">
          {rows.map((lead) => (
            <li key={lead.id} data-lead={lead.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold text-slate-900">
                  Enquiry #{lead.id} · {lead.province_name}
                </h2>
                <span className="rounded bg-slate-100 px-2 py-1 text-sm font-medium text-slate-900">{STATUS_LABELS[lead.status]}</span>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {SOURCE_LABELS[lead.source]} · {lead.customer_name} ·{" "}
                <a className="font-medium text-accent-800 underline" href={`/admin/quotations?q=${lead.quotation_id}`}>
                  Quote request #{lead.quotation_id}
                </a>{" "}
                · {when(lead.created_at)}
              </p>
              {lead.dealer ? (
                <p className="mt-1 text-sm text-slate-900">
                  {lead.assigned ? "Assigned to" : "Accepted by"} <strong>{lead.dealer.trading_name}</strong>
                  {lead.accepted_at ? ` on ${when(lead.accepted_at)}` : ""}
                </p>
              ) : null}
              {lead.offers.length > 0 ? (
                <>
                  <h3 className="mt-3 text-sm font-semibold text-slate-900">History</h3>
                  <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-sm text-slate-800">
                    {lead.offers.map((o) => (
                      <li key={o.dealer_id}>
                        {o.trading_name}: offered {when(o.offered_at)}, {OFFER_LABELS[o.status]}
                        {o.responded_at ? ` (${when(o.responded_at)})` : ` (lapses ${when(o.expires_at)})`}
                      </li>
                    ))}
                  </ol>
                </>
              ) : (
                <p className="mt-2 text-sm text-slate-700">Not offered to anyone: no verified dealer takes leads in this province.</p>
              )}
              {actionData?.leadId === lead.id && actionData.formError ? (
                <div className="mt-3">
                  <FormAlert>{actionData.formError}</FormAlert>
                </div>
              ) : null}
              {lead.status === "open" || lead.status === "unassigned" ? (
                <form method="post" className="mt-3 flex flex-wrap items-end gap-3">
                  <input type="hidden" name="leadId" value={lead.id} />
                  <div>
                    <label htmlFor={`assign-${lead.id}`} className="mb-1 block text-sm font-medium text-slate-800">
                      Assign to
                    </label>
                    <select
                      id={`assign-${lead.id}`}
                      name="dealer_id"
                      required
                      className="block min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
                    >
                      <option value="">Choose a verified dealer</option>
                      {dealers.map((d) => (
                        <option key={d.id} value={d.id}>
                          {d.trading_name}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="submit" className={buttonClass("primary")}>
                    Assign
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
