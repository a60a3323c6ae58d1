import { useEffect } from "react";
import { data, useFetcher } from "react-router";
import type { AddReport } from "#shared/schemas/buying.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { pullServerCart } from "#web/lib/cart/server-cart.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { WebContext } from "#web/load-context.ts";
import { AddReportNotice } from "./add-report.tsx";

export type ReorderResult =
  | { status: "reordered"; orderId: number; report: AddReport }
  | { status: "reorder-error"; orderId: number; message: string };

/** The orders page's "Order again": the order's lines added to the company's cart, with what changed. */
export async function reorderAction(form: FormData, context: WebContext) {
  const orderId = Number(form.get("orderId")) || 0;
  try {
    const report = await context.services.cart.reorder(context.actor, orderId);
    return { status: "reordered", orderId, report } as ReorderResult;
  } catch (err) {
    const known = knownFailure(err);
    if (!known) throw err;
    return data({ status: "reorder-error", orderId, message: known.message } as ReorderResult, { status: known.statusCode });
  }
}

/**
 * "Order again" under an order: a form of the orders page (it works without the script), sent by a fetcher when the
 * script runs so the page stays where it is; the report says what was added and what changed since.
 */
export function ReorderForm({ orderId, reference, result }: { orderId: number; reference: string; result: ReorderResult | undefined }) {
  const fetcher = useFetcher<ReorderResult>();
  const shown = fetcher.data ?? result;
  useEffect(() => {
    if (fetcher.data?.status === "reordered") void pullServerCart();
  }, [fetcher.data]);
  return (
    <div className="mt-2 space-y-2">
      <fetcher.Form method="post" action="/dealer/orders">
        <input type="hidden" name="orderId" value={orderId} />
        <button type="submit" name="intent" value="reorder" disabled={fetcher.state !== "idle"} className={buttonClass("outline")}>
          Order again<span className="sr-only"> ({reference})</span>
        </button>
      </fetcher.Form>
      <div aria-live="polite">
        {shown?.status === "reordered" ? <AddReportNotice report={shown.report} what={reference} /> : null}
        {shown?.status === "reorder-error" ? <FormAlert>{shown.message}</FormAlert> : null}
      </div>
    </div>
  );
}
