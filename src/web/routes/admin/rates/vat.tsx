import { Pencil } from "lucide-react";
import { data, useLocation, useNavigate } from "react-router";
import { can } from "#shared/can.ts";
import { formatDate } from "#shared/dates.ts";
import type { TaxRate } from "#shared/schemas/rates.ts";
import { RowActionLink } from "#web/components/ui/row-actions.tsx";
import { Token } from "#web/components/ui/token.tsx";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { pageOf, readListParams } from "#web/features/admin/kit/list-params.ts";
import { AddTaxRateForm, CorrectTaxRateForm } from "#web/features/admin/rates/rate-forms.tsx";
import { BADGE_CLASS, correctTarget, rateState } from "#web/features/admin/rates/rates-tabs.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { useCurrentUser } from "#web/lib/root-data.ts";
import type { Route } from "./+types/vat";

const VAT_LIST = { sorts: [], defaultSort: "" } as const;

/**
 * The standard VAT rates, newest first, the one in force today marked; `?correct=<id>` opens the correction of a
 * scheduled one (a rate in force or past is never changed: documents have used it).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  // Anyone in the back office reads the rates; correcting one is `rates.edit` (decision 035).
  const asksCorrection = new URL(request.url).searchParams.has("correct");
  await requireStaffPage(context, request, asksCorrection ? "rates.edit" : null);
  const { rates } = context.services;
  const [all, current] = await Promise.all([rates.taxRates(), rates.taxRateOn()]);
  const today = rates.today();
  const url = new URL(request.url);
  const target = correctTarget(url.searchParams.get("correct"));
  if (target !== null) {
    const correcting = all.find((r) => r.id === target && r.valid_from > today);
    if (!correcting) throw data("No scheduled VAT rate with this id: only a rate not yet in force can be corrected.", { status: 404 });
    return { today, inForceId: current?.id ?? null, correcting, rows: [], count: 0, params: readListParams(url, VAT_LIST) };
  }
  const params = readListParams(request.url, VAT_LIST);
  const newestFirst = [...all].reverse();
  return { today, inForceId: current?.id ?? null, correcting: null, ...pageOf(newestFirst, params, () => ""), params };
}

export default function AdminVatRates({ loaderData }: Route.ComponentProps) {
  const { today, inForceId, correcting, rows, count, params } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  // Adding and correcting only for `rates.edit` (decision 035).
  const mayEdit = can.do(useCurrentUser(), "rates.edit");
  if (correcting) {
    const back = (message?: string) => navigate("/admin/rates/vat", { state: message ? { flash: message } : null });
    return (
      <div className="max-w-3xl">
        <CorrectTaxRateForm key={correcting.id} rate={correcting} today={today} onDone={back} onCancel={() => back()} />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <DataTable<TaxRate>
        label="VAT rates"
        listControls={false}
        focusableScroll={!mayEdit}
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
        rowActions={(r) =>
          mayEdit && r.valid_from > today ? (
            <RowActionLink
              to={`${location.pathname}?correct=${r.id}`}
              icon={Pencil}
              label="Correct"
              name={`the VAT rate from ${formatDate(r.valid_from)}`}
            />
          ) : null
        }
        empty="No VAT rates yet."
      />
      {mayEdit ? (
        <div className="max-w-3xl">
          <AddTaxRateForm today={today} />
        </div>
      ) : null}
    </div>
  );
}
