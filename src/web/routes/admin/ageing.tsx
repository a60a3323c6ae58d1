import { Download } from "lucide-react";
import { Form } from "react-router";
import { formatDate } from "#shared/dates.ts";
import { ageingQuerySchema } from "#shared/schemas/credit.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { AgeingTable } from "#web/features/admin/credit/ageing-table.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/ageing";

/** The ageing of what dealers on account owe on a day (`on`, today when absent or not understood; decision 034). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders.payments");
  const asked = ageingQuerySchema.safeParse({ on: new URL(request.url).searchParams.get("on") || undefined });
  const ageing = await context.services.credit.ageing(context.actor, asked.success ? asked.data.on : undefined);
  return { ageing, dayUnderstood: asked.success };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Ageing – Admin", { description: "What dealers on account owe, by days overdue.", noIndex: true });
}

export default function AdminAgeing({ loaderData }: Route.ComponentProps) {
  const { ageing, dayUnderstood } = loaderData;
  const dayLabel = formatDate(`${ageing.on}T12:00:00Z`);
  return (
    <AdminPage
      title="Ageing"
      description="What each dealer on account owes on a day, by how many days its invoices are overdue, in USD. A company's page has its ledger and takes its payments."
      actions={
        <a
          href={`/api/credit/ageing.csv?${new URLSearchParams({ on: ageing.on })}`}
          className={buttonClass("outline")}
          download
          data-export-csv=""
        >
          <Download aria-hidden="true" className="size-4" /> Download CSV
        </a>
      }
    >
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Day of the report">
        <div>
          <label htmlFor="ageing-on" className="mb-1 block text-sm font-medium text-slate-800">
            Day
          </label>
          <input
            id="ageing-on"
            type="date"
            name="on"
            defaultValue={ageing.on}
            className="block min-h-11 rounded-md border border-slate-400 px-3"
          />
        </div>
        <button type="submit" className={buttonClass("outline")}>
          Show
        </button>
        {dayUnderstood ? null : (
          <p role="alert" className="text-sm text-red-700">
            The day was not understood: showing today.
          </p>
        )}
      </Form>
      <AgeingTable ageing={ageing} dayLabel={dayLabel} />
    </AdminPage>
  );
}
