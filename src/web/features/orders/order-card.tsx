import { Download, FileText } from "lucide-react";
import { formatDate, formatDateTime, formatDay } from "#shared/dates.ts";
import { formatAmount, rateNote } from "#shared/money.ts";
import { ORDER_STATUS_LABELS, type OrderAnswer, type OrderStatus } from "#shared/schemas/orders.ts";
import { shortDay } from "#shared/schemas/stock.ts";
import { TAX_DOCUMENT_KIND_LABELS } from "#shared/schemas/tax-documents.ts";
import { vatRateLabel } from "#shared/tax.ts";
import { Token } from "../../components/ui/token.tsx";
import { orderStatusBadge } from "./order-status.ts";

/**
 * A decimal string ("1234.50") as the page prints it, with its currency. A no-break space joins the two, so "USD"
 * never ends one line with the figure on the next (checkout, order cards, the back office's orders).
 */
export function formatMoney(currency: string, amount: string): string {
  return formatAmount(currency, amount);
}

/** An order on the company's account (decision 034): "On account, due 7 December 2026". */
export function onAccountLabel(dueOn: string | null): string {
  return dueOn ? `On account, due ${formatDay(dueOn)}` : "On account";
}

/** How to pay: bank transfer or ZIPIT to the company's account, quoting the order's reference. */
export function PaymentInstructions({ reference, total, bankDetails }: { reference: string; total: string; bankDetails: string }) {
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-slate-900">
      <h3 className="font-semibold">Pay by bank transfer or ZIPIT</h3>
      <p className="mt-1 text-sm">
        Pay <strong className="whitespace-nowrap">{total}</strong> to the account below and quote{" "}
        <strong className="font-mono whitespace-nowrap">{reference}</strong> as the payment reference. We confirm the payment and start on
        your order once it arrives.
      </p>
      <p className="mt-3 whitespace-pre-line rounded-md bg-white p-3 font-mono text-sm">{bankDetails}</p>
    </div>
  );
}

/** The order's tax documents (its invoice, credit and debit notes), each a PDF to download. */
function OrderDocuments({ order }: { order: OrderAnswer }) {
  const docs = order.documents.map((doc) => ({
    label: doc.corrected ? "Tax invoice (replaced)" : TAX_DOCUMENT_KIND_LABELS[doc.kind],
    doc,
    href: `/api/orders/${order.id}/documents/${doc.id}/pdf`,
  }));
  if (docs.length === 0) return null;
  return (
    <ul className="mt-4 flex flex-wrap gap-3" aria-label={`Tax documents of order ${order.reference}`}>
      {docs.map(({ label, doc, href }) => (
        <li key={doc.number}>
          <a
            href={href}
            download
            data-tax-document={doc.number}
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-accent-700"
          >
            <FileText aria-hidden="true" className="size-4 text-slate-600" />
            <span>
              {label} <Token>{doc.number}</Token> <span className="text-slate-600">(PDF)</span>
            </span>
          </a>
          {doc.fiscal_status === "pending" ? <span className="ml-2 text-xs text-amber-800">Fiscalisation pending</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Statuses in which an order's lines hold stock at its branch (reserved, or waiting for it). */
const HOLDING: readonly OrderStatus[] = ["awaiting_payment", "paid", "processing"];
/** Up to this many serial numbers show in the line; more fold into a <details>. */
const SERIALS_SHOWN = 3;

/**
 * What a line says under its product: the units still on backorder and when a shipment is expected,
 * in the back office also what is reserved at the branch, and once sent, its serial numbers.
 */
function LineStock({ order, line, backOffice }: { order: OrderAnswer; line: OrderAnswer["products"][number]; backOffice: boolean }) {
  const holding = HOLDING.includes(order.status);
  const reserved = line.quantity - line.backordered;
  const notes: string[] = [];
  if (backOffice && holding && order.branch && reserved > 0) notes.push(`${reserved} reserved at ${order.branch.name}`);
  return (
    <>
      {notes.map((n) => (
        <span key={n} className="block text-xs text-slate-600">
          {n}
        </span>
      ))}
      {holding && line.backordered > 0 ? (
        <span className="block text-xs font-medium text-amber-800" data-backordered={line.backordered}>
          {line.backordered} on backorder
          {line.expected ? ` · expected ${shortDay(line.expected)}` : " · no delivery date yet"}
        </span>
      ) : null}
      {line.serials.length > 0 ? <LineSerials product={line.product_name} serials={line.serials} /> : null}
    </>
  );
}

function LineSerials({ product, serials }: { product: string; serials: string[] }) {
  const list = (
    <ul aria-label={`Serial numbers of ${product}`} className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 font-mono text-xs text-slate-700">
      {serials.map((s) => (
        <li key={s} data-serial={s}>
          {s}
        </li>
      ))}
    </ul>
  );
  if (serials.length <= SERIALS_SHOWN) {
    return (
      <span className="mt-1 block">
        <span className="block text-xs text-slate-600">Serial numbers</span>
        {list}
      </span>
    );
  }
  return (
    <details className="mt-1">
      <summary className="min-h-6 cursor-pointer text-xs font-medium text-accent-800">{serials.length} serial numbers</summary>
      {list}
    </details>
  );
}

/** Where the order goes or is collected from, its fee, its reference and its serial numbers to download. */
function Fulfilment({ order }: { order: OrderAnswer }) {
  const branch = order.branch;
  const hasSerials = order.products.some((l) => l.serials.length > 0);
  return (
    <>
      {order.fulfilment === "delivery" ? (
        <div>
          <dt className="font-medium text-slate-600">Delivery to</dt>
          <dd className="mt-0.5 whitespace-pre-line text-slate-900">
            {[order.deliveryAddress, order.delivery_city && !order.deliveryAddress.includes(order.delivery_city) ? order.delivery_city : ""]
              .filter(Boolean)
              .join("\n")}
            {order.delivery_fee ? (
              <span className="block text-slate-700">
                Delivery fee <Token>{formatMoney(order.currency, order.delivery_fee)}</Token> excl. VAT
              </span>
            ) : null}
            {branch ? <span className="block text-slate-700">From our {branch.name} branch</span> : null}
          </dd>
        </div>
      ) : (
        <div>
          <dt className="font-medium text-slate-600">Collect from</dt>
          {branch ? (
            <dd className="mt-0.5 text-slate-900" data-branch={branch.name}>
              <span className="block font-medium">Our {branch.name} branch</span>
              {branch.address ? <span className="block">{branch.address}</span> : null}
              {branch.opening_hours ? <span className="block text-slate-700">{branch.opening_hours}</span> : null}
              {branch.phone ? <span className="block text-slate-700">{branch.phone}</span> : null}
            </dd>
          ) : (
            <dd className="mt-0.5 text-slate-900">From our office, once the order is ready for collection</dd>
          )}
        </div>
      )}
      {order.dispatch_reference || hasSerials ? (
        <div>
          <dt className="font-medium text-slate-600">{order.fulfilment === "delivery" ? "Waybill" : "Collection reference"}</dt>
          <dd className="mt-0.5 text-slate-900" data-dispatch-reference="">
            {order.dispatch_reference ? <span className="block break-words">{order.dispatch_reference}</span> : null}
            {hasSerials ? (
              <a
                href={`/api/orders/${order.id}/serials.csv`}
                download
                className="mt-1 inline-flex min-h-11 items-center gap-2 font-medium text-accent-800 underline-offset-2 hover:underline"
              >
                <Download aria-hidden="true" className="size-4" />
                Download serial numbers (CSV)
              </a>
            ) : null}
          </dd>
        </div>
      ) : null}
    </>
  );
}

/**
 * One order of the dealer's list: reference, date, status, lines, totals, delivery, payment and its timeline.
 * `payment` is drawn above the bank details (the page's 'Pay with Paynow', when Paynow is on).
 */
export function OrderCard({
  order,
  highlight = false,
  payment,
  proof,
  backOffice = false,
}: {
  order: OrderAnswer;
  highlight?: boolean;
  payment?: React.ReactNode;
  /** The dealer's proof of a bank transfer or ZIPIT payment: the form and what was sent. */
  proof?: React.ReactNode;
  /** The back office's view: what each line holds at the branch. */
  backOffice?: boolean;
}) {
  const headingId = `order-${order.id}-title`;
  const badge = orderStatusBadge(order.status);
  // A company's technician reads its orders without prices.
  const priced = order.total !== null;
  const total = order.total === null ? "" : formatMoney(order.currency, order.total);
  const money = (amount: string | null) => (amount === null ? "" : formatMoney(order.currency, amount));
  return (
    <article
      id={`order-${order.id}`}
      aria-labelledby={headingId}
      className={`rounded-xl border bg-white p-5 shadow-sm sm:p-6 ${highlight ? "border-accent-400 ring-2 ring-accent-200" : "border-slate-200"}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="font-mono text-xl font-semibold text-slate-900">
            <Token>{order.reference}</Token>
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Placed on{" "}
            <time dateTime={order.created_At}>
              <Token>{formatDate(new Date(order.created_At))}</Token>
            </time>
            {order.placed_by ? <span data-placed-by="">{` by ${order.placed_by.full_name}`}</span> : null}
          </p>
        </div>
        <p className={badge.className} data-status={order.status}>
          <span className="sr-only">Status: </span>
          {badge.label}
        </p>
      </header>

      <table className="mt-5 w-full border-collapse text-sm">
        <caption className="sr-only">
          {priced ? `Products of order ${order.reference}, prices in ${order.currency}` : `Products of order ${order.reference}`}
        </caption>
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-600">
            <th scope="col" className="py-2 pr-2 font-medium">
              Product
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              Qty
            </th>
            {priced ? (
              <>
                <th scope="col" className="hidden py-2 pr-2 text-right font-medium sm:table-cell">
                  Unit price
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {order.vat_rate === null ? "Total" : "Excl. VAT"}
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {order.products.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never change or move, and older orders may repeat a product.
            <tr key={i} className="border-b border-slate-200">
              <td className="py-2 pr-2 text-slate-900">
                {l.product_name}
                <LineStock order={order} line={l} backOffice={backOffice} />
              </td>
              <td className="py-2 pr-2 text-right tabular-nums">{l.quantity}</td>
              {priced ? (
                <>
                  <td className="hidden py-2 pr-2 text-right sm:table-cell">
                    <Token>{money(l.unit_price)}</Token>
                  </td>
                  <td className="py-2 text-right">
                    <Token>{money(l.line_total)}</Token>
                  </td>
                </>
              ) : null}
            </tr>
          ))}
          {order.delivery_fee ? (
            <tr className="border-b border-slate-200" data-delivery-line="">
              <td className="py-2 pr-2 text-slate-900">{order.delivery_city ? `Delivery to ${order.delivery_city}` : "Delivery"}</td>
              <td className="py-2 pr-2 text-right tabular-nums">1</td>
              <td className="hidden py-2 pr-2 text-right sm:table-cell">
                <Token>{formatMoney(order.currency, order.delivery_fee)}</Token>
              </td>
              <td className="py-2 text-right">
                <Token>{formatMoney(order.currency, order.delivery_fee)}</Token>
              </td>
            </tr>
          ) : null}
          {order.charges.map((c) => (
            <tr key={`${c.kind}-${c.label}`} className="border-b border-slate-200" data-charge-line={c.kind}>
              <td className="py-2 pr-2 text-slate-900">{c.label}</td>
              <td className="py-2 pr-2 text-right tabular-nums">1</td>
              {priced ? (
                <>
                  <td className="hidden py-2 pr-2 text-right sm:table-cell">
                    <Token>{money(c.amount)}</Token>
                  </td>
                  <td className="py-2 text-right">
                    <Token>{money(c.amount)}</Token>
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          {(!priced
            ? []
            : order.vat_rate === null
              ? [["Order total", total, true]]
              : [
                  ["Total excl. VAT", money(order.subtotal), false],
                  [`VAT ${vatRateLabel(order.vat_rate)}`, money(order.vat), false],
                  ["Order total incl. VAT", total, true],
                ]
          ).map(([label, amount, strong], i) => (
            <tr key={String(label)} data-order-total={i}>
              <th
                scope="row"
                colSpan={2}
                className={`${strong ? "pt-2 font-semibold text-slate-900" : "pt-1 font-medium text-slate-700"} text-left sm:hidden`}
              >
                {label}
              </th>
              <th
                scope="row"
                colSpan={3}
                className={`${strong ? "pt-2 font-semibold text-slate-900" : "pt-1 font-medium text-slate-700"} hidden text-left sm:table-cell`}
              >
                {label}
              </th>
              <td className={`${strong ? "pt-2 font-semibold text-slate-900" : "pt-1"} text-right`}>
                <Token>{amount}</Token>
              </td>
            </tr>
          ))}
        </tfoot>
      </table>
      {order.exchange_rate && order.rate_date && order.secondary_currency ? (
        // The other currency at the rate frozen with the order when it was placed.
        <p data-order-rate="" className="mt-2 text-right text-sm text-slate-700">
          {order.currency === "USD" && order.total_secondary ? (
            <span className="block">{`${formatMoney(order.secondary_currency, order.total_secondary)} incl. VAT`}</span>
          ) : order.currency !== "USD" ? (
            <span className="block">{`${formatMoney("USD", order.total_usd ?? "")} incl. VAT`}</span>
          ) : null}
          {rateNote(order.secondary_currency, order.exchange_rate, order.rate_date)}
        </p>
      ) : null}
      {priced ? <OrderDocuments order={order} /> : null}

      <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Fulfilment order={order} />
        {order.contactName || order.contactPhone ? (
          <div>
            <dt className="font-medium text-slate-600">Contact</dt>
            <dd className="mt-0.5 text-slate-900">{[order.contactName, order.contactPhone].filter(Boolean).join(", ")}</dd>
          </div>
        ) : null}
        {order.notes ? (
          <div className="sm:col-span-2">
            <dt className="font-medium text-slate-600">Notes</dt>
            <dd className="mt-0.5 whitespace-pre-line text-slate-900">{order.notes}</dd>
          </div>
        ) : null}
        {order.payment_terms === "account" ? (
          // Decision 034: charged to the company's account, so there is nothing to pay before dispatch.
          <div data-order-on-account="">
            <dt className="font-medium text-slate-600">Payment</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{onAccountLabel(order.due_on)}</dd>
          </div>
        ) : null}
        {order.paymentReference ? (
          <div>
            <dt className="font-medium text-slate-600">Payment reference</dt>
            <dd className="mt-0.5 text-slate-900">{order.paymentReference}</dd>
          </div>
        ) : null}
      </dl>

      {payment ? <div className="mt-5">{payment}</div> : null}

      {order.status === "awaiting_payment" && order.bankDetails ? (
        <div className="mt-5">
          <PaymentInstructions reference={order.reference} total={total} bankDetails={order.bankDetails} />
        </div>
      ) : null}

      {proof ? <div className="mt-5">{proof}</div> : null}

      <h3 className="mt-6 text-base font-semibold text-slate-900">Timeline</h3>
      <ol className="mt-2 space-y-3 border-l-2 border-slate-200 pl-4">
        {order.history.map((h) => (
          // An order never returns to a status, so each appears once in its timeline.
          <li key={h.status} className="relative text-sm">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-accent-700" />
            <p className="font-medium text-slate-900">{ORDER_STATUS_LABELS[h.status]}</p>
            <p className="text-slate-600">
              <time dateTime={h.created_At}>{formatDateTime(new Date(h.created_At))}</time>
              {h.changed_by ? ` · ${h.changed_by}` : ""}
            </p>
            {h.note ? <p className="text-slate-700">{h.note}</p> : null}
          </li>
        ))}
      </ol>
    </article>
  );
}
