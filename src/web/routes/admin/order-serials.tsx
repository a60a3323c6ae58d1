import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { formatDateTime } from "#shared/dates.ts";
import { type SerialView, serialSchema } from "#shared/schemas/stock.ts";
import { Token } from "#web/components/ui/token.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { SerialSearch } from "#web/features/admin/orders/serial-search.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/order-serials";

const NOT_SENT = "No order went out with this serial number.";

/** Where a serial number went: `?serial=` looked up with the service `GET /api/serials/{serial}` answers from. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders.read");
  const asked = (new URL(request.url).searchParams.get("serial") ?? "").trim();
  if (!asked) return { asked, found: null, error: undefined };
  const parsed = serialSchema.safeParse(asked);
  if (!parsed.success) return { asked, found: null, error: parsed.error.issues[0]?.message };
  try {
    const found: SerialView = await context.services.stock.lookupSerial(context.actor, parsed.data);
    return { asked, found, error: undefined };
  } catch (err) {
    if (knownFailure(err)?.statusCode === 404) return { asked, found: null, error: undefined };
    throw err;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Serial numbers – Orders – Admin", {
    description: "Which order, dealer and day a serial number went out with.",
    noIndex: true,
  });
}

const backToList = (
  <Link to="/admin/orders" className="inline-flex min-h-11 items-center gap-2 font-semibold text-accent-800 hover:underline">
    <ArrowLeft aria-hidden="true" className="size-4" /> All orders
  </Link>
);

export default function AdminOrderSerials({ loaderData }: Route.ComponentProps) {
  const { asked, found, error } = loaderData;
  return (
    <AdminPage
      title="Serial numbers"
      description="Which order, dealer and day a serial number went out with: for a warranty claim or a unit found in the field."
      actions={backToList}
    >
      <SerialSearch key={asked} value={asked} error={error} autoFocus={!asked} />
      <div role="status" aria-live="polite">
        {asked && !error ? (
          found ? (
            <section aria-labelledby="serial-found" className="max-w-2xl rounded-lg border border-slate-200 bg-white p-5">
              <h2 id="serial-found" className="font-mono text-lg font-semibold text-slate-900">
                <Token>{found.serial}</Token>
              </h2>
              <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]" data-serial-found={found.serial}>
                <dt className="font-medium text-slate-600">Product</dt>
                <dd className="text-slate-900">
                  {found.product_name}
                  {found.sku ? <span className="text-slate-600"> · SKU {found.sku}</span> : null}
                </dd>
                <dt className="font-medium text-slate-600">Order</dt>
                <dd>
                  <Link
                    to={`/admin/orders/${found.order_id}`}
                    className="font-mono font-semibold text-accent-800 underline-offset-2 hover:underline"
                  >
                    <Token>{found.order_reference}</Token>
                  </Link>
                </dd>
                <dt className="font-medium text-slate-600">Dealer</dt>
                <dd className="text-slate-900">
                  {found.dealer_company ? `${found.dealer_company} (${found.dealer_name})` : found.dealer_name}
                </dd>
                <dt className="font-medium text-slate-600">Branch</dt>
                <dd className="text-slate-900">{found.branch_name ?? "—"}</dd>
                <dt className="font-medium text-slate-600">Sent</dt>
                <dd className="text-slate-900">
                  <time dateTime={found.dispatched_At}>{formatDateTime(new Date(found.dispatched_At))}</time>
                </dd>
              </dl>
            </section>
          ) : (
            <p className="max-w-2xl rounded-lg border border-slate-200 bg-white p-5 text-slate-800" data-serial-missing="">
              {NOT_SENT} <span className="text-slate-600">(Searched for </span>
              <Token className="font-mono">{asked}</Token>
              <span className="text-slate-600">.)</span>
            </p>
          )
        ) : null}
      </div>
    </AdminPage>
  );
}
