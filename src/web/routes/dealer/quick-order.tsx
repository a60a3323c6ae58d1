import { useEffect, useRef } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { shortLineWarning } from "#shared/availability.ts";
import { can } from "#shared/can.ts";
import { shownPrice } from "#shared/money.ts";
import type { QuickOrderMatch } from "#shared/schemas/buying.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { AvailabilityStatusLine } from "#web/features/catalogue/availability-status.tsx";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { quickOrderAction } from "#web/features/dealer/quick-order-action.server.ts";
import { pullServerCart } from "#web/lib/cart/server-cart.ts";
import { requirePageWhere } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/quick-order";

/**
 * Quick order: `SKU, quantity` lines typed, pasted (from a spreadsheet: tabs; or semicolons) or read
 * from a CSV file; each line matched with its product, price and availability, or its error; every valid line added
 * to the company's cart at once. One form that works without the page's script (a multipart post); with it, a chosen
 * file is read into the box so the dealer sees and can correct its lines.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requirePageWhere(context, request, can.placeOrders, "/dealer");
  return null;
}

export function action({ context, request }: Route.ActionArgs) {
  requirePageWhere(context, request, can.placeOrders, "/dealer");
  return quickOrderAction(request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Quick order"), {
    description: "Type or paste SKUs and quantities, or upload a CSV, and add them all to your cart at once.",
    noIndex: true,
  });
}

const EXAMPLE = "SV-410M-PERC, 12\nDY-5K-HYB; 1";

function MatchLine({ m }: { m: QuickOrderMatch }) {
  const warning = m.product && m.quantity ? shortLineWarning(m.product.availability, m.quantity) : null;
  return (
    <li
      data-quick-line={m.line}
      data-valid={m.product ? "true" : "false"}
      className={`rounded-lg border px-4 py-3 ${m.product ? "border-slate-200 bg-white" : "border-red-200 bg-red-50"}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-3 text-sm text-slate-700">
        <span className="font-medium text-slate-900">Line {m.line}</span>
        <span className="font-mono break-all">{m.sku || "(no SKU)"}</span>
        {m.quantity ? <span>× {m.quantity.toLocaleString("en-GB")}</span> : null}
      </p>
      {m.product ? (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <p className="font-medium text-slate-900">{m.product.name}</p>
          {m.product.price_usd ? (
            <p className="text-sm text-slate-800">
              USD {shownPrice(m.product.price_usd)} each <span className="text-slate-600">(excl. VAT)</span>
            </p>
          ) : null}
          <AvailabilityStatusLine availability={m.product.availability} className="w-full" />
          {warning ? <p className="w-full text-sm text-amber-800">{warning}</p> : null}
          {m.duplicate_of ? <p className="w-full text-sm text-slate-700">Also on line {m.duplicate_of}: the quantities add up.</p> : null}
        </div>
      ) : (
        <p className="mt-1 text-sm font-medium text-red-800">
          Line {m.line}: {m.error}
        </p>
      )}
    </li>
  );
}

export default function QuickOrder() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const text = useRef<HTMLTextAreaElement>(null);
  const added = answer?.status === "added" ? answer.added : 0;

  // The lines went into the company's cart on the server: this browser's copy (the header's count) follows.
  useEffect(() => {
    if (answer?.status === "added") void pullServerCart();
  }, [answer]);

  /** A chosen CSV is read into the box, so its lines can be seen and corrected before they are checked. */
  function readFile(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file || !text.current) return;
    const box = text.current;
    void file.text().then((content) => {
      box.value = content;
      input.value = "";
      box.focus();
    });
  }

  const result = answer && answer.status !== "error" ? answer.result : null;
  return (
    <DealerPage title="Quick order" wide>
      <div className="space-y-6 text-base">
        <p className="max-w-prose">
          Type or paste one product a line: its SKU, then the quantity, separated by a comma, a tab or a semicolon (a spreadsheet's two
          columns paste as they are). Or choose a CSV file with the same two columns. A header line is ignored.
        </p>
        <Form method="post" encType="multipart/form-data" className="space-y-4" aria-describedby="quick-order-help">
          <div>
            <label htmlFor="quick-order-text" className="mb-1 block text-sm font-medium text-slate-800">
              SKU and quantity, one a line
            </label>
            <textarea
              ref={text}
              id="quick-order-text"
              name="text"
              rows={8}
              defaultValue={answer?.text ?? ""}
              key={answer?.text ?? ""}
              placeholder={EXAMPLE}
              spellCheck={false}
              autoCapitalize="characters"
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-base text-slate-900 focus:border-accent-700"
            />
            <p id="quick-order-help" className="mt-1 text-sm text-slate-700">
              At most 200 lines. SKUs match whatever their case, spaces or dashes.
            </p>
          </div>
          <div>
            <label htmlFor="quick-order-file" className="mb-1 block text-sm font-medium text-slate-800">
              Or upload a CSV file
            </label>
            <input
              id="quick-order-file"
              type="file"
              name="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={readFile}
              className="block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:font-medium"
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="check" disabled={busy} className={buttonClass("outline")}>
              Check lines
            </button>
            <button type="submit" name="intent" value="add" disabled={busy} className={buttonClass("primary")}>
              Add all valid lines to the cart
            </button>
          </div>
        </Form>

        {answer?.status === "error" ? <FormAlert>{answer.formError}</FormAlert> : null}
        {answer?.status === "added" ? (
          <FormAlert tone="success">
            {added === 0 ? (
              "No line could be added: correct the lines below and try again."
            ) : (
              <>
                {added === 1 ? "1 line" : `${added} lines`} added to your cart.{" "}
                <a href="/cart" className="font-semibold underline">
                  View your cart
                </a>
              </>
            )}
          </FormAlert>
        ) : null}

        {result ? (
          <section aria-labelledby="quick-order-result" className="space-y-3">
            <h2 id="quick-order-result" className="text-xl font-semibold text-slate-900">
              {result.lines.length === 0
                ? "No lines to read"
                : `${result.valid} of ${result.lines.length} ${result.lines.length === 1 ? "line" : "lines"} ready to add`}
            </h2>
            {result.invalid > 0 ? (
              <p role="alert" className="text-sm font-medium text-red-800">
                {result.invalid === 1 ? "1 line has" : `${result.invalid} lines have`} an error and {result.invalid === 1 ? "is" : "are"}{" "}
                not added.
              </p>
            ) : null}
            <ul className="space-y-2">
              {result.lines.map((m) => (
                <MatchLine key={m.line} m={m} />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </DealerPage>
  );
}
