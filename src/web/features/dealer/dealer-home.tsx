import { Boxes, ClipboardList, FileDown, Package, ReceiptText, ShoppingCart, Tags, Zap } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "#shared/dates.ts";
import type { CreditSummary } from "#shared/schemas/credit.ts";
import type { DealerHome as DealerHomeData } from "#shared/schemas/dealer-home.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { Token } from "#web/components/ui/token.tsx";
import { AccountFigures } from "#web/features/credit/account-figures.tsx";
import { formatMoney } from "#web/features/orders/order-card.tsx";

const PANEL = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
const PANEL_HEADING = "flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1";
const MORE_LINK = "inline-flex min-h-11 items-center text-sm font-semibold text-accent-800 underline-offset-2 hover:underline";
const BADGE = "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";

const ROLE_LABEL = { owner: "Owner", buyer: "Buyer", technician: "Technician" } as const;

const ORDER_WAITING = {
  awaiting_payment: { label: "Awaiting payment", tone: "border-amber-300 bg-amber-50 text-amber-900" },
  paid: { label: "Awaiting dispatch", tone: "border-sky-300 bg-sky-50 text-sky-900" },
  processing: { label: "Awaiting dispatch", tone: "border-sky-300 bg-sky-50 text-sky-900" },
} as const;

/** A shortcut tile: a large target, its icon, its name and one line about it. */
function Shortcut({ to, icon: Icon, label, hint }: { to: string; icon: typeof Zap; label: string; hint: string }) {
  return (
    <li>
      <Link
        to={to}
        className="flex h-full min-h-16 items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm hover:border-accent-400 hover:bg-accent-50"
      >
        <Icon aria-hidden="true" className="size-6 shrink-0 text-accent-700" />
        <span>
          <span className="block font-semibold text-slate-900">{label}</span>
          <span className="block text-sm text-slate-600">{hint}</span>
        </span>
      </Link>
    </li>
  );
}

function quoteSummary(products: { name: string; quantity: number }[]): string {
  if (products.length === 0) return "No products";
  const [first, ...rest] = products;
  const head = `${first?.quantity} × ${first?.name}`;
  return rest.length === 0 ? head : `${head} and ${rest.length} more ${rest.length === 1 ? "line" : "lines"}`;
}

/**
 * The approved dealer's home, phone first: the account's standing, shortcuts, then what needs doing
 * (open quotations, orders awaiting payment or dispatch) and the latest tax invoices, each panel with its empty state.
 * A technician sees no tier, amounts, quotations or invoices, and no ordering shortcuts. A company on terms (decision
 * 034) has its account's figures in the account panel, with the way to its statement.
 */
export function DealerHome({ home, credit = null, name }: { home: DealerHomeData; credit?: CreditSummary | null; name: string }) {
  const orders = home.orders;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 md:px-8 md:py-10" data-dealer-home="">
      <div>
        <h1 data-tour="page-title" className="text-3xl font-bold tracking-tight text-slate-900">
          Dealer home
        </h1>
        <p className="mt-1 text-lg text-slate-700">
          Welcome back, {name}
          {home.company ? ` (${home.company})` : ""}.
        </p>
      </div>

      {home.address_incomplete ? (
        <div role="note" data-home-address-prompt="" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5">
          <p className="font-semibold">Please complete your company's registered address</p>
          <p className="mt-1 text-sm">
            ZIMRA needs the province, city or town, street and house or stand number on your tax invoices. You can keep ordering meanwhile.
          </p>
          {home.team_role === "owner" ? (
            <Link
              to="/dealer/profile?edit=address#registered-address"
              className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-amber-950 underline underline-offset-2"
            >
              Complete the address
            </Link>
          ) : (
            <p className="mt-1 text-sm">Your company's owner can complete it on their profile page.</p>
          )}
        </div>
      ) : null}

      <section aria-labelledby="home-account" className={PANEL}>
        <h2 id="home-account" className="text-lg font-semibold text-slate-900">
          Your account
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-medium text-slate-600">Status</dt>
            <dd className="mt-0.5">
              <span className={`${BADGE} border-green-300 bg-green-50 text-green-900`}>{home.status ?? "Approved"} dealer</span>
            </dd>
          </div>
          {home.sees_prices ? (
            <div>
              <dt className="font-medium text-slate-600">Price tier</dt>
              <dd className="mt-0.5 text-slate-900" data-home-tier="">
                {home.tier ? (
                  <>
                    <strong>{home.tier.name}</strong>
                    {Number(home.tier.discount_percent) > 0
                      ? ` · ${home.tier.discount_percent.replace(/\.?0+$/, "")} % off the dealer list price`
                      : ""}
                  </>
                ) : (
                  "The dealer list price"
                )}
              </dd>
            </div>
          ) : null}
          {home.team_role ? (
            <div>
              <dt className="font-medium text-slate-600">Your role</dt>
              <dd className="mt-0.5 text-slate-900">{ROLE_LABEL[home.team_role]}</dd>
            </div>
          ) : null}
        </dl>
        {credit && credit.terms !== "cash" ? (
          <div className="mt-4 border-t border-slate-200 pt-4" data-home-credit="">
            <div className={PANEL_HEADING}>
              <h3 className="font-semibold text-slate-900">Buying on account</h3>
              <Link to="/dealer/statement" className={MORE_LINK}>
                Statement
              </Link>
            </div>
            <AccountFigures summary={credit} className="mt-2" />
          </div>
        ) : null}
      </section>

      <nav aria-labelledby="home-shortcuts">
        <h2 id="home-shortcuts" className="sr-only">
          Shortcuts
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {home.sees_prices ? (
            <>
              <Shortcut to="/dealer/quick-order" icon={Zap} label="Quick order" hint="Type or paste SKUs and quantities" />
              <Shortcut to="/dealer/price-list" icon={Tags} label="Price list" hint="Your prices, breaks and availability" />
              <Shortcut to="/dealer/kits" icon={Boxes} label="Kits" hint="Your saved kits, into the cart at once" />
            </>
          ) : (
            <>
              <Shortcut to="/products" icon={Package} label="Catalogue" hint="Products and their specifications" />
              <Shortcut to="/dealer/orders" icon={ShoppingCart} label="Orders" hint="The company's orders and their status" />
            </>
          )}
        </ul>
      </nav>

      <div className="grid gap-6 lg:grid-cols-2">
        {home.quotations ? (
          <section aria-labelledby="home-quotations" className={PANEL} data-home-quotations="">
            <div className={PANEL_HEADING}>
              <h2 id="home-quotations" className="text-lg font-semibold text-slate-900">
                Open quotations
              </h2>
              <Link to="/dealer/quotations" className={MORE_LINK}>
                All quotations
              </Link>
            </div>
            {home.quotations.length === 0 ? (
              <div className="mt-3">
                <EmptyState>No open quotations. Ask for a quote from a product or your cart.</EmptyState>
              </div>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200">
                {home.quotations.map((q) => (
                  <li key={q.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3" data-home-quotation={q.id}>
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">
                        <ClipboardList aria-hidden="true" className="mr-1.5 inline size-4 align-[-2px] text-slate-500" />
                        Quotation <Token>#{q.id}</Token>
                      </p>
                      <p className="text-sm break-words text-slate-700">{quoteSummary(q.products)}</p>
                      <p className="text-sm text-slate-600">
                        {q.valid_until ? (
                          <>
                            Valid until{" "}
                            <time dateTime={q.valid_until}>
                              <Token>{formatDate(q.valid_until)}</Token>
                            </time>
                          </>
                        ) : (
                          <>
                            Requested on{" "}
                            <time dateTime={q.created_at}>
                              <Token>{formatDate(q.created_at)}</Token>
                            </time>
                            , waiting for our sales team
                          </>
                        )}
                      </p>
                    </div>
                    <span
                      className={`${BADGE} ${q.status === "approved" ? "border-green-300 bg-green-50 text-green-900" : "border-slate-300 bg-slate-50 text-slate-800"}`}
                    >
                      {q.status === "approved" ? "Approved" : "Pending"}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}

        <section aria-labelledby="home-orders" className={PANEL} data-home-orders="">
          <div className={PANEL_HEADING}>
            <h2 id="home-orders" className="text-lg font-semibold text-slate-900">
              Orders awaiting payment or dispatch
            </h2>
            <Link to="/dealer/orders" className={MORE_LINK}>
              All orders
            </Link>
          </div>
          {orders.length === 0 ? (
            <div className="mt-3">
              <EmptyState>Nothing is awaiting payment or dispatch.</EmptyState>
            </div>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200">
              {orders.map((o) => {
                const waiting = ORDER_WAITING[o.status];
                return (
                  <li key={o.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3" data-home-order={o.id}>
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">
                        <Link to={`/dealer/orders#order-${o.id}`} className="font-mono text-accent-800 underline-offset-2 hover:underline">
                          <Token>{o.reference}</Token>
                        </Link>
                      </p>
                      <p className="text-sm text-slate-600">
                        Placed on{" "}
                        <time dateTime={o.created_at}>
                          <Token>{formatDate(o.created_at)}</Token>
                        </time>
                        {o.total !== null ? (
                          <>
                            {" · "}
                            <Token className="font-medium text-slate-900">{formatMoney(o.currency, o.total)}</Token>
                          </>
                        ) : null}
                      </p>
                      {o.status === "awaiting_payment" ? (
                        <p className="text-sm text-slate-700">
                          {o.proofs > 0
                            ? "Proof of payment sent: we will confirm it shortly."
                            : "Pay by bank transfer or ZIPIT, then send the proof."}
                        </p>
                      ) : null}
                    </div>
                    <span className={`${BADGE} ${waiting.tone}`}>{waiting.label}</span>
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        {home.invoices ? (
          <section aria-labelledby="home-invoices" className={`${PANEL} lg:col-span-2`} data-home-invoices="">
            <h2 id="home-invoices" className="text-lg font-semibold text-slate-900">
              Recent tax invoices
            </h2>
            {home.invoices.length === 0 ? (
              <div className="mt-3">
                <EmptyState>No tax invoices yet: each paid order gets one.</EmptyState>
              </div>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200">
                {home.invoices.map((inv) => (
                  <li key={inv.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">
                        <ReceiptText aria-hidden="true" className="mr-1.5 inline size-4 align-[-2px] text-slate-500" />
                        <Token>{inv.number}</Token>
                      </p>
                      <p className="text-sm text-slate-600">
                        Order <Token>{inv.order_reference}</Token> ·{" "}
                        <time dateTime={inv.issued_at}>
                          <Token>{formatDate(inv.issued_at)}</Token>
                        </time>{" "}
                        · <Token className="font-medium text-slate-900">{formatMoney(inv.currency, inv.total)}</Token>
                      </p>
                    </div>
                    <a href={inv.url} download className={`${MORE_LINK} gap-1.5`}>
                      <FileDown aria-hidden="true" className="size-4" /> PDF<span className="sr-only"> of tax invoice {inv.number}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </div>
    </div>
  );
}
