import { Download } from "lucide-react";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { QUOTATION_STATUS_VALUES, type QuotationStatusValue, type QuotationView } from "#shared/schemas/quotations.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { notify } from "#web/components/ui/toaster.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { readListParams } from "#web/features/admin/kit/list-params.ts";
import { ApproveDialog } from "#web/features/admin/quotations/approve-dialog.tsx";
import { type DecisionKind, decisionActions } from "#web/features/admin/quotations/decision-actions.tsx";
import { EditLinesDialog, editLinesAction } from "#web/features/admin/quotations/edit-lines-dialog.tsx";
import { QuotationOverview, STATUS_LABELS } from "#web/features/admin/quotations/quotation-overview.tsx";
import { QuotationTable } from "#web/features/admin/quotations/quotation-table.tsx";
import { RejectDialog } from "#web/features/admin/quotations/reject-dialog.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { useHydrated } from "#web/lib/use-hydrated.ts";
import type { Route } from "./+types/quotations";

const LIST_OPTIONS = { sorts: ["created"], defaultSort: "created", defaultDir: "desc", filters: ["status"], defaultPageSize: 10 } as const;

function statusOf(value: string | undefined): QuotationStatusValue | undefined {
  return (QUOTATION_STATUS_VALUES as readonly string[]).includes(value ?? "") ? (value as QuotationStatusValue) : undefined;
}

/**
 * Quotation management (spec §2): counts per status, the list newest first filtered by status and a search
 * (all in the URL), and the decisions. The list and counts treat an approved quotation past its date as expired.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "quotations.decide");
  const params = readListParams(request.url, LIST_OPTIONS);
  const status = statusOf(params.filters.status);
  const q = params.q || undefined;
  const { quotations, settings, stock } = context.services;
  const [list, summary, site, branches] = await Promise.all([
    quotations.list(context.actor, { status, q, page: params.page, pageSize: params.pageSize }),
    quotations.summary(context.actor, { q }),
    settings.get(),
    stock.branches(),
  ]);
  // What each product on the page has at each branch now: the approval reserves there.
  const productIds = list.rows.flatMap((r) => r.products.flatMap((p) => (p.product_id === null ? [] : [p.product_id])));
  const [stockAt, approval] = await Promise.all([
    stock.availability(context.actor, productIds),
    quotations.approvalContext(context.actor, productIds),
  ]);
  const availability = Object.fromEntries(stockAt);
  return {
    branches: branches.map((b) => ({ id: b.id, name: b.name })),
    availability,
    ...list,
    summary,
    params: { ...params, filters: { status: status ?? "" } },
    secondaryCurrency: site.secondaryCurrency,
    // The rate and VAT the approval dialog previews and converts with.
    approval,
    // One clock for the server's HTML and the browser's render.
    now: new Date().toISOString(),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Quotation Management – Admin", { description: "Quotation Management in the back office.", noIndex: true });
}

type Decision = { kind: DecisionKind | "edit"; quotation: QuotationView } | null;

function exportHref(params: { q: string; filters: Record<string, string> }): string {
  const search = new URLSearchParams();
  if (params.filters.status) search.set("status", params.filters.status);
  if (params.q) search.set("q", params.q);
  const query = search.toString();
  return `/api/quotations/export.csv${query ? `?${query}` : ""}`;
}

export default function AdminQuotations({ loaderData }: Route.ComponentProps) {
  const { rows, count, summary, params, secondaryCurrency, now, branches, availability, approval } = loaderData;
  const at = new Date(now);
  const revalidator = useRevalidator();
  // The actions open dialogs: they wait for the page's script.
  const hydrated = useHydrated();
  const [decision, setDecision] = useState<Decision>(null);
  // The dialog is unmounted when it closes, so focus is handed back to the button that opened it by hand.
  const opener = useRef<HTMLElement | null>(null);
  const refocus = () => requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus());
  const close = () => {
    setDecision(null);
    refocus();
  };
  const done = async (message: string) => {
    setDecision(null);
    notify.success(message);
    await revalidator.revalidate();
    refocus();
  };

  const actions = (q: QuotationView) => {
    const open = (kind: NonNullable<Decision>["kind"]) => (event: React.MouseEvent<HTMLButtonElement>) => {
      opener.current = event.currentTarget;
      setDecision({ kind, quotation: q });
    };
    const decisions = decisionActions(q, hydrated, open);
    const edit = editLinesAction(q, hydrated, open("edit"));
    return edit ? [edit, decisions] : decisions;
  };

  return (
    <AdminPage
      title="Quotation Management"
      description="Quote requests from visitors and dealers: approve them with prices, reject them with a reason, or reapprove a rejected one."
      actions={
        <a href={exportHref(params)} download className={buttonClass("outline")}>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      }
    >
      <QuotationOverview summary={summary} status={params.filters.status ?? ""} />
      <DataTable
        label="Quotations"
        rows={rows}
        count={count}
        params={params}
        columns={[]}
        rowKey={(q) => q.id}
        rowLabel={(q) => `Quotation #${q.id}`}
        search={{ placeholder: "Name, e-mail or quotation number" }}
        filters={[
          { name: "status", label: "Status", options: QUOTATION_STATUS_VALUES.map((s) => ({ value: s, label: STATUS_LABELS[s] })) },
        ]}
        searchTour="quotation-filter"
        empty="No quotations found"
        emptyFiltered="No quotations found"
        table={(list, captionId) => (
          <QuotationTable rows={list} now={at} captionId={captionId} label="Quotations" actions={actions} tour="quotation-card" />
        )}
      />
      {decision?.kind === "edit" ? (
        <EditLinesDialog quotation={decision.quotation} onClose={close} onDone={done} />
      ) : decision?.kind === "reject" ? (
        <RejectDialog quotation={decision.quotation} onClose={close} onDone={done} />
      ) : decision ? (
        <ApproveDialog
          quotation={decision.quotation}
          reapprove={decision.kind === "reapprove"}
          secondaryCurrency={secondaryCurrency}
          branches={branches}
          availability={availability}
          approval={approval}
          now={at}
          onClose={close}
          onDone={done}
        />
      ) : null}
    </AdminPage>
  );
}
