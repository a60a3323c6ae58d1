import { Download, FileSearch } from "lucide-react";
import { can } from "#shared/can.ts";
import { formatDate } from "#shared/dates.ts";
import { DEALER_STATUSES, type DealerApplication, type DealerStatusLabel, NOT_STARTED, statusLabel } from "#shared/schemas/dealers.ts";
import { companyDocumentsExpiry } from "#shared/schemas/documents.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { RowActionLink } from "#web/components/ui/row-actions.tsx";
import { Token } from "#web/components/ui/token.tsx";
import { DEALER_TABS } from "#web/features/admin/dealers/dealer-tabs.ts";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { readListParams } from "#web/features/admin/kit/list-params.ts";
import { TabBar } from "#web/features/admin/kit/tab-bar.tsx";
import { DealerStatusBadge } from "#web/features/dealer/dealer-status-badge.tsx";
import { ExpiryBadge } from "#web/features/dealer-profile/documents-panel.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { useCurrentUser } from "#web/lib/root-data.ts";
import type { Route } from "./+types/dealers";

const LIST = { sorts: [], defaultSort: "", defaultDir: "desc", filters: ["reg_status"], defaultPageSize: 10 } as const;

/** Spec §7 GET /dealer/?reg_status=&page_number=&page_size= with the admin list's search (§2). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "dealers.read");
  const params = readListParams(request.url, LIST);
  const status = params.filters.reg_status;
  const known = ([...DEALER_STATUSES, NOT_STARTED] as string[]).includes(status ?? "");
  const list = await context.services.dealers.list(context.actor, {
    reg_status: known ? (status as DealerStatusLabel) : undefined,
    page_number: params.page,
    page_size: params.pageSize,
    search: params.q || undefined,
  });
  return { ...list, params };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Dealers – Admin", { description: "Dealer applications in the back office.", noIndex: true });
}

function DealerCard({ dealer }: { dealer: DealerApplication }) {
  const docs = dealer.documents;
  const counts = {
    pending: docs.filter((d) => d.review_status === "pending").length,
    approved: docs.filter((d) => d.review_status === "approved").length,
    rejected: docs.filter((d) => d.review_status === "rejected").length,
  };
  const expiry = companyDocumentsExpiry(docs);
  return (
    <div className="space-y-3" data-testid="dealer-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold break-words text-slate-900">{dealer.registered_company ?? dealer.user_full_name}</h3>
          {dealer.trading_name ? <p className="text-sm text-slate-700">Trading as {dealer.trading_name}</p> : null}
        </div>
        <DealerStatusBadge status={statusLabel(dealer.reg_status)} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Applicant</dt>
        <dd className="break-words text-slate-900">
          {dealer.user_full_name} ({dealer.user_username})
        </dd>
        <dt className="text-slate-600">E-mail</dt>
        <dd className="break-words text-slate-900">{dealer.user_email}</dd>
        <dt className="text-slate-600">Progress</dt>
        <dd className="text-slate-900">{dealer.completion.completed} of 3 completed</dd>
        <dt className="text-slate-600">Documents</dt>
        <dd className="text-slate-900">
          {docs.length === 0 ? "None uploaded" : `${counts.approved} approved, ${counts.pending} pending, ${counts.rejected} rejected`}
          {/* Issue 26 §3: an approved document past its expiry puts the company's prices on hold until a renewal is approved. */}
          {expiry ? (
            <span className="ml-2 inline-block align-middle" data-testid="documents-expiry">
              <ExpiryBadge state={expiry}>{expiry === "expired" ? "Expired documents" : "Documents expire soon"}</ExpiryBadge>
            </span>
          ) : null}
        </dd>
        {dealer.reg_status === "Approved" && dealer.tier ? (
          <>
            <dt className="text-slate-600">Tier</dt>
            <dd className="text-slate-900" data-testid="dealer-tier">
              {dealer.tier.name}
            </dd>
          </>
        ) : null}
        <dt className="text-slate-600">Installations</dt>
        <dd className="text-slate-900">{dealer.installations.length}</dd>
        {dealer.submitted_At ? (
          <>
            <dt className="text-slate-600">Submitted</dt>
            <dd className="text-slate-900">
              <Token>{formatDate(dealer.submitted_At)}</Token>
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

export default function AdminDealers({ loaderData }: Route.ComponentProps) {
  const { rows, count, params } = loaderData;
  // The tiers are `prices.edit` (decision 035): without it the Applications tab would stand alone, so no tabs.
  const mayPrice = can.do(useCurrentUser(), "prices.edit");
  const exportQuery = new URLSearchParams({
    ...(params.filters.reg_status ? { reg_status: params.filters.reg_status } : {}),
    ...(params.q ? { search: params.q } : {}),
  });
  return (
    <AdminPage
      title="Dealers"
      description="Review each application: its company details, documents and installations. Approve or reject each document, then the application."
      actions={
        <a href={`/api/dealer/export.csv?${exportQuery}`} className={buttonClass("outline")} download>
          <Download aria-hidden="true" className="size-4" /> Export CSV
        </a>
      }
    >
      {mayPrice ? <TabBar label="Dealers" tabs={DEALER_TABS} current={DEALER_TABS[0]} /> : null}
      <DataTable
        label="Dealer applications"
        rows={rows}
        count={count}
        params={params}
        columns={[]}
        rowKey={(d) => d.id}
        rowLabel={(d) => d.registered_company ?? d.user_full_name}
        search={{ placeholder: "Name, e-mail, trading name or username" }}
        filters={[
          {
            name: "reg_status",
            label: "Status",
            allLabel: "All statuses",
            options: [...DEALER_STATUSES, NOT_STARTED].map((s) => ({ value: s, label: s })),
          },
        ]}
        card={(d) => <DealerCard dealer={d} />}
        rowActions={(d) => (
          <RowActionLink
            to={`/admin/dealers/${d.id}`}
            tone="primary"
            data-tour="dealer-review"
            icon={FileSearch}
            label="Review"
            name={d.registered_company ?? d.user_full_name}
          />
        )}
        empty="No dealer applications yet."
        tour="dealer-list"
        searchTour="dealer-filters"
      />
    </AdminPage>
  );
}
