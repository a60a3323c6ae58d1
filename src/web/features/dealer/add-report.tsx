import { shownPrice } from "#shared/money.ts";
import type { AddReport } from "#shared/schemas/buying.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";

/** A price change in words: "USD 120.00 then, USD 126.00 now". */
function priceChange(then: string | undefined, now: string | undefined): string | null {
  if (!then || !now || then === now) return null;
  const up = Number(now) > Number(then);
  return `${up ? "Price up" : "Price down"}: USD ${shownPrice(then)} then, USD ${shownPrice(now)} now`;
}

/**
 * What adding an old order or a kit to the cart did: how many lines went in, then what changed or is
 * unavailable: prices since the order, products no longer sold (left out), stock short of the cart's quantity.
 */
export function AddReportNotice({ report, what }: { report: AddReport; what: string }) {
  const changed = report.added.flatMap((a) => {
    const words = priceChange(a.price_then_usd, a.price_now_usd);
    return words ? [{ name: a.product_name, words }] : [];
  });
  const lines = report.added.length;
  return (
    <div className="space-y-2" data-add-report="">
      <FormAlert tone={lines > 0 ? "success" : "error"}>
        {lines > 0 ? (
          <>
            {what}: {lines === 1 ? "1 line" : `${lines} lines`} added to your cart.{" "}
            <a href="/cart" className="font-semibold underline">
              View your cart
            </a>
          </>
        ) : (
          `${what}: none of its products is sold any more, so nothing was added.`
        )}
      </FormAlert>
      {changed.length + report.unavailable.length + report.short.length > 0 ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="font-semibold">What changed</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {report.unavailable.map((u) => (
              <li key={`gone-${u.product_name}`}>
                {u.product_name} × {u.quantity}: no longer sold, not added.
              </li>
            ))}
            {changed.map((c) => (
              <li key={`price-${c.name}`}>
                {c.name}: {c.words}.
              </li>
            ))}
            {report.short.map((s) => (
              <li key={`short-${s.product_id}`}>
                {s.product_name}: only {s.available.toLocaleString("en-GB")} available for the {s.quantity.toLocaleString("en-GB")} in your
                cart; the rest will be backordered.
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
