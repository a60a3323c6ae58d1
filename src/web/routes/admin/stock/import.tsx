import { ImportForm } from "#web/features/admin/stock/stock-forms.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/import";

/** The counts import: a CSV of sku,branch,count checked whole, then one adjustment per count that differs. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "stock.adjust");
  return null;
}

export default function AdminStockImport() {
  return (
    <div className="max-w-3xl space-y-4">
      <ImportForm />
      <p className="text-sm text-slate-700">
        Example:
        <code className="mt-1 block rounded bg-slate-100 p-3 text-sm whitespace-pre">
          {"sku,branch,count\nSV-410M-PERC,Harare,120\nSV-410M-PERC,Bulawayo,36"}
        </code>
      </p>
    </div>
  );
}
