import { Download, History, SlidersHorizontal, Upload } from "lucide-react";
import { Link, useLocation, useNavigate } from "react-router";
import type { StockLevelView } from "#shared/schemas/stock.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { RowActionLink } from "#web/components/ui/row-actions.tsx";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import { BADGE } from "#web/features/admin/kit/badge.ts";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { readListParams } from "#web/features/admin/kit/list-params.ts";
import { withParam } from "#web/features/admin/products/catalogue-admin-shared.ts";
import { AdjustForm } from "#web/features/admin/stock/stock-forms.tsx";
import { adjustTarget, exportQuery } from "#web/features/admin/stock/stock-tabs.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { orNotFound } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/index";

const LEVELS_LIST = { sorts: [], defaultSort: "", filters: ["branch", "low"] } as const;

/** Stock per product and branch (search, branch, low), or the adjust form `?adjust=<product>-<branch>` opens. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "stock.adjust");
  const url = new URL(request.url);
  const { stockAdmin, stock } = context.services;
  const target = adjustTarget(url.searchParams.get("adjust"));
  if (target) return { adjust: await orNotFound(stockAdmin.level(context.actor, target.productId, target.branchId)), list: null };
  const params = readListParams(url, LEVELS_LIST);
  const branch = Number(params.filters.branch) || undefined;
  const page = await stockAdmin.levels(context.actor, {
    q: params.q,
    ...(branch ? { branch } : {}),
    low: params.filters.low === "1",
    page: params.page,
    pageSize: params.pageSize,
  });
  return { adjust: null, list: { ...page, params, branches: await stock.branches() } };
}

function LevelStatus({ row }: { row: StockLevelView }) {
  if (row.available <= 0) return <span className={BADGE.bad}>Out</span>;
  if (row.available <= row.reorder_level) return <span className={BADGE.warn}>Low</span>;
  return <span className={BADGE.good}>In stock</span>;
}

export default function AdminStockLevels({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const close = (message?: string) => navigate(withParam(location.search, "adjust", null), { state: message ? { flash: message } : null });
  if (loaderData.adjust) {
    return (
      <div className="max-w-3xl">
        <AdjustForm level={loaderData.adjust} onDone={close} onCancel={() => close()} />
      </div>
    );
  }
  const list = loaderData.list;
  if (!list) return null;
  const num = (n: number) => <Token>{n}</Token>;
  return (
    <DataTable<StockLevelView>
      label="Stock levels"
      rows={list.rows}
      count={list.count}
      params={list.params}
      rowKey={(r) => `${r.product_id}-${r.branch_id}`}
      rowLabel={(r) => `${r.product_name} at ${r.branch_name}`}
      search={{ placeholder: "Product name or SKU" }}
      filters={[
        {
          name: "branch",
          label: "Branch",
          allLabel: "All branches",
          options: list.branches.map((b) => ({ value: String(b.id), label: b.name })),
        },
        { name: "low", label: "Show", allLabel: "All products", options: [{ value: "1", label: "Low or out of stock" }] },
      ]}
      toolbar={
        <>
          <a
            href={`/api/stock/export.csv${exportQuery(location.search, ["q", "branch", "low"])}`}
            className={buttonClass("outline")}
            download
          >
            <Download aria-hidden="true" className="size-4" /> Export CSV
          </a>
          <Link to="/admin/stock/import" className={buttonClass("outline")}>
            <Upload aria-hidden="true" className="size-4" /> Import counts
          </Link>
        </>
      }
      tour="stock-levels"
      columns={[
        {
          key: "product",
          header: "Product",
          className: NAME_CELL_CLASS,
          cell: (r) => (
            <span>
              <span className="font-medium text-slate-900">{r.product_name}</span>
              {r.sku ? <Token className="block text-sm text-slate-600">{r.sku}</Token> : null}
            </span>
          ),
        },
        { key: "branch", header: "Branch", cell: (r) => r.branch_name },
        {
          key: "status",
          header: "Status",
          cell: (r) => (
            <span className="flex flex-col items-start gap-1">
              <LevelStatus row={r} />
              {r.reorder_level > 0 ? <Token className="text-xs text-slate-600">reorder at {r.reorder_level}</Token> : null}
            </span>
          ),
        },
        { key: "on_hand", header: "On hand", className: "text-right", cell: (r) => num(r.on_hand) },
        { key: "reserved", header: "Reserved", className: "text-right", cell: (r) => num(r.reserved) },
        { key: "available", header: "Available", className: "text-right font-semibold", cell: (r) => num(r.available) },
        { key: "backordered", header: "Backordered", className: "text-right", cell: (r) => num(r.backordered) },
        { key: "incoming", header: "Incoming", className: "text-right", cell: (r) => num(r.incoming) },
      ]}
      rowActions={(r) => (
        <>
          <RowActionLink
            to={withParam(location.search, "adjust", `${r.product_id}-${r.branch_id}`)}
            icon={SlidersHorizontal}
            label="Adjust"
            name={`${r.product_name} at ${r.branch_name}`}
          />
          <RowActionLink
            to={`/admin/stock/movements?product=${r.product_id}&branch=${r.branch_id}`}
            icon={History}
            label="Ledger"
            name={`${r.product_name} at ${r.branch_name}`}
          />
        </>
      )}
      empty="No products yet: add products to the catalogue, then their stock here."
    />
  );
}
