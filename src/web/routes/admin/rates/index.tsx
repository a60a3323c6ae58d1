import { Pencil } from "lucide-react";
import { data, useLocation, useNavigate } from "react-router";
import { can } from "#shared/can.ts";
import { formatDate, formatDateTime } from "#shared/dates.ts";
import type { ExchangeRate } from "#shared/schemas/rates.ts";
import { RowActionLink } from "#web/components/ui/row-actions.tsx";
import { Token } from "#web/components/ui/token.tsx";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { pageOf, readListParams } from "#web/features/admin/kit/list-params.ts";
import { RateChart } from "#web/features/admin/rates/rate-chart.tsx";
import { AddExchangeRateForm, CorrectExchangeRateForm } from "#web/features/admin/rates/rate-forms.tsx";
import { BADGE_CLASS, correctTarget, rateState } from "#web/features/admin/rates/rates-tabs.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { useCurrentUser } from "#web/lib/root-data.ts";
import type { Route } from "./+types/index";

const HISTORY_LIST = { sorts: [], defaultSort: "" } as const;

/** The ZWG rate in force, its history (newest first, scheduled ones included) and the chart; `?correct=<id>` opens a correction. */
export async function loader({ context, request }: Route.LoaderArgs) {
  // Anyone in the back office reads the rates; correcting one is `rates.edit` (decision 035).
  const asksCorrection = new URL(request.url).searchParams.has("correct");
  await requireStaffPage(context, request, asksCorrection ? "rates.edit" : null);
  const url = new URL(request.url);
  const { rates } = context.services;
  const [history, current] = await Promise.all([rates.exchangeRateHistory("ZWG"), rates.exchangeRateOn("ZWG")]);
  const today = rates.today();
  const target = correctTarget(url.searchParams.get("correct"));
  if (target !== null) {
    const correcting = history.find((r) => r.id === target);
    if (!correcting) throw data("No such exchange rate.", { status: 404 });
    return { today, current, correcting, history: [], list: null };
  }
  const params = readListParams(url, HISTORY_LIST);
  return { today, current, correcting: null, history, list: { ...pageOf(history, params, () => ""), params } };
}

function CurrentRate({ current, today }: { current: ExchangeRate | null; today: string }) {
  return (
    <section aria-labelledby="rate-in-force" className="rounded-lg border border-slate-200 bg-white p-5" data-tour="rates-current">
      <h2 id="rate-in-force" className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
        Rate in force today ({formatDate(today)})
      </h2>
      {current ? (
        <>
          <p className="mt-2 text-3xl font-bold text-slate-900">
            <Token>{current.rate}</Token> <span className="text-lg font-semibold text-slate-700">ZWG per 1 USD</span>
          </p>
          <p className="mt-1 text-slate-700">
            From <Token>{formatDate(current.effective_date)}</Token> · {current.source}
          </p>
        </>
      ) : (
        <p className="mt-2 text-slate-700">No rate is in force yet: add today's official rate below.</p>
      )}
    </section>
  );
}

export default function AdminExchangeRates({ loaderData }: Route.ComponentProps) {
  const { today, current, correcting, history, list } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  // Adding and correcting only for `rates.edit` (decision 035).
  const mayEdit = can.do(useCurrentUser(), "rates.edit");
  if (correcting) {
    const back = (message?: string) => navigate("/admin/rates", { state: message ? { flash: message } : null });
    return (
      <div className="max-w-3xl">
        <CorrectExchangeRateForm key={correcting.id} rate={correcting} onDone={back} onCancel={() => back()} />
      </div>
    );
  }
  const inForceId = current?.id ?? null;
  return (
    <div className="space-y-6">
      <CurrentRate current={current} today={today} />
      <RateChart history={history} today={today} />
      {list ? (
        <DataTable<ExchangeRate>
          label="Exchange rate history"
          listControls={false}
          focusableScroll={!mayEdit}
          rows={list.rows}
          count={list.count}
          params={list.params}
          rowKey={(r) => r.id}
          rowLabel={(r) => `the rate from ${r.effective_date}`}
          tour="rates-history"
          columns={[
            {
              key: "effective_date",
              header: "Effective date",
              cell: (r) => {
                const state = rateState({ ...r, day: r.effective_date }, today, inForceId);
                return (
                  <span className="flex flex-wrap items-center gap-2">
                    <Token>{state === "scheduled" ? `From ${formatDate(r.effective_date)}` : formatDate(r.effective_date)}</Token>
                    {state === "scheduled" ? <span className={BADGE_CLASS.scheduled}>Scheduled</span> : null}
                    {state === "in-force" ? <span className={BADGE_CLASS["in-force"]}>In force</span> : null}
                  </span>
                );
              },
            },
            { key: "rate", header: "ZWG per USD", cell: (r) => <Token>{r.rate}</Token> },
            { key: "source", header: "Source", cell: (r) => r.source },
            { key: "created_at", header: "Entered at", cell: (r) => <Token>{formatDateTime(r.created_at)}</Token> },
          ]}
          rowActions={(r) =>
            mayEdit ? (
              <RowActionLink
                to={`${location.pathname}?correct=${r.id}`}
                icon={Pencil}
                label="Correct"
                name={`the rate from ${formatDate(r.effective_date)}`}
              />
            ) : null
          }
          empty="No exchange rates yet: add today's official rate below."
        />
      ) : null}
      {mayEdit ? (
        <div className="max-w-3xl">
          <AddExchangeRateForm today={today} />
        </div>
      ) : null}
    </div>
  );
}
