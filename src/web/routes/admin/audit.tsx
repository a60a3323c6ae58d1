import { Download } from "lucide-react";
import { formatDateTime } from "#shared/dates.ts";
import { type AuditEntryView, auditActorLabel, auditQuerySchema } from "#shared/schemas/audit.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { Token } from "#web/components/ui/token.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { DateRangeForm } from "#web/features/admin/kit/date-range-form.tsx";
import { readListParams } from "#web/features/admin/kit/list-params.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/audit";

const LIST = { sorts: [], defaultSort: "", defaultDir: "desc", filters: ["entity", "action", "from", "to"] } as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "audit.read");
  const params = readListParams(request.url, LIST);
  const parsed = auditQuerySchema.safeParse({ ...params.filters, q: params.q, page: params.page, pageSize: params.pageSize });
  const query = parsed.success ? parsed.data : auditQuerySchema.parse({});
  const [list, facets] = await Promise.all([
    context.services.audit.list(context.actor, query),
    context.services.audit.facets(context.actor),
  ]);
  return { ...list, facets, params, invalidDates: !parsed.success };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Audit Log – Admin", { description: "Every change made in the back office.", noIndex: true });
}

/** Before and after, one line per field that changed. */
function Changes({ entry }: { entry: AuditEntryView }) {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  if (keys.length === 0) return null;
  const show = (v: unknown) => (v === undefined || v === null ? "—" : typeof v === "string" ? v : JSON.stringify(v));
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm text-accent-800">Changes ({keys.length})</summary>
      <dl className="mt-1 space-y-1 text-xs">
        {keys.map((k) => (
          <div key={k}>
            <dt className="font-semibold text-slate-800">{k}</dt>
            <dd className="break-words text-slate-700">
              <del className="text-red-800">{show(before[k])}</del> → <ins className="text-green-800 no-underline">{show(after[k])}</ins>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { rows, count, params, facets, invalidDates } = loaderData;
  const exportQuery = new URLSearchParams(Object.entries({ ...params.filters, q: params.q }).filter(([, v]) => v));
  return (
    <AdminPage
      title="Audit Log"
      description="Every change made in the back office: who, what, when, and the record before and after."
      actions={
        <a href={`/api/audit/export.csv?${exportQuery}`} className={buttonClass("outline")} download>
          <Download aria-hidden="true" className="size-4" /> Export CSV
        </a>
      }
    >
      <DateRangeForm
        id="audit"
        keep={{ entity: params.filters.entity, action: params.filters.action, q: params.q }}
        from={params.filters.from}
        to={params.filters.to}
      >
        {invalidDates ? (
          <p role="alert" className="text-sm text-red-700">
            The dates were not understood: showing everything.
          </p>
        ) : null}
      </DateRangeForm>
      <DataTable<AuditEntryView>
        label="Changes"
        rows={rows}
        count={count}
        params={params}
        rowKey={(e) => e.id}
        rowLabel={(e) => e.summary}
        search={{ placeholder: "Summary, record id or person" }}
        filters={[
          { name: "entity", label: "What", allLabel: "Everything", options: facets.entities.map((v) => ({ value: v, label: v })) },
          { name: "action", label: "Action", allLabel: "All actions", options: facets.actions.map((v) => ({ value: v, label: v })) },
        ]}
        columns={[
          { key: "when", header: "When", cell: (e) => <Token>{formatDateTime(e.createdAt)}</Token> },
          {
            key: "who",
            header: "Who",
            // The account's id and role beside the display name it chose, which anyone could choose.
            cell: (e) =>
              e.actorId === null ? (
                auditActorLabel(e)
              ) : (
                <>
                  <span className="block">{e.actorName || "(no name)"}</span>
                  <span className="block text-xs text-slate-600" data-actor={e.actorId}>
                    {e.actorRole ?? "no role"} · <Token>account #{e.actorId}</Token>
                  </span>
                </>
              ),
          },
          { key: "what", header: "What", cell: (e) => `${e.entity} ${e.entityId}` },
          { key: "action", header: "Action", cell: (e) => e.action },
          {
            key: "summary",
            header: "Summary",
            cell: (e) => (
              <>
                <p className="break-words">{e.summary}</p>
                <Changes entry={e} />
              </>
            ),
          },
        ]}
        empty="Nothing has been changed in the back office yet."
      />
    </AdminPage>
  );
}
