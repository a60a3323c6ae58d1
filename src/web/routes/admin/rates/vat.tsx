import { formatDate } from "#shared/dates.ts";
import type { TaxRate } from "#shared/schemas/rates.ts";
import { Token } from "#web/components/ui/token.tsx";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { pageOf, readListParams } from "#web/features/admin/kit/list-params.ts";
import { AddTaxRateForm } from "#web/features/admin/rates/rate-forms.tsx";
import { BADGE_CLASS, rateState } from "#web/features/admin/rates/rates-tabs.ts";
import { requireAdminPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/vat";

const VAT_LIST = { sorts: [], defaultSort: "" } as const;

/** The standard VAT rates, newest first, the one in force today marked. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { rates } = context.services;
  const [all, current] = await Promise.all([rates.taxRates(), rates.taxRateOn()]);
  const params = readListParams(request.url, VAT_LIST);
  const newestFirst = [...all].reverse();
  return { today: rates.today(), inForceId: current?.id ?? null, ...pageOf(newestFirst, params, () => ""), params };
}

export default function AdminVatRates({ loaderData }: Route.ComponentProps) {
  const { today, inForceId, rows, count, params } = loaderData;
  return (
    <div className="space-y-6">
      <DataTable<TaxRate>
        label="VAT rates"
        listControls={false}
        rows={rows}
        count={count}
        params={params}
        rowKey={(r) => r.id}
        rowLabel={(r) => `VAT from ${r.valid_from}`}
        tour="rates-vat"
        columns={[
          {
            key: "valid_from",
            header: "Valid from",
            cell: (r) => {
              const state = rateState({ ...r, day: r.valid_from }, today, inForceId);
              return (
                <span className="flex flex-wrap items-center gap-2">
                  <Token>{formatDate(r.valid_from)}</Token>
                  {state === "scheduled" ? <span className={BADGE_CLASS.scheduled}>Scheduled</span> : null}
                  {state === "in-force" ? <span className={BADGE_CLASS["in-force"]}>In force today</span> : null}
                </span>
              );
            },
          },
          { key: "rate", header: "Rate", cell: (r) => <Token>{r.rate} %</Token> },
        ]}
        empty="No VAT rates yet."
      />
      <div className="max-w-3xl">
        <AddTaxRateForm today={today} />
      </div>
    </div>
  );
}
