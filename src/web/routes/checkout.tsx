import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { can } from "#shared/can.ts";
import { formatDay, harareDate } from "#shared/dates.ts";
import { type CreditSummary, dueDateOf, holdMessage } from "#shared/schemas/credit.ts";
import { SUSPENDED_BANNER } from "#shared/schemas/dealers.ts";
import { HOLD_BANNER_TAIL } from "#shared/schemas/documents.ts";
import { parseLinesParam } from "#shared/schemas/orders.ts";
import { cityNamedIn } from "#shared/schemas/stock.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { CartStates } from "#web/features/cart/cart-view.tsx";
import { checkoutAction } from "#web/features/orders/checkout-action.server.ts";
import { CheckoutForm } from "#web/features/orders/checkout-form.tsx";
import type { CheckoutResult } from "#web/features/orders/checkout-result.ts";
import { refreshCartAfterOrder } from "#web/lib/cart/after-order.ts";
import { useCartView } from "#web/lib/cart/use-cart.ts";
import { requirePageWhere } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/checkout";

/**
 * Checkout is for dealers (spec §6); other users check out through WhatsApp from the cart. The cart lives in the
 * browser, so the page asks this loader again with `?lines=` for the server's prices of its lines.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageWhere(context, request, can.placeOrders, "/cart");
  const search = new URL(request.url).searchParams;
  // Decision 023: a company on hold (suspended, or its documents expired) cannot check out: the page says why instead
  // of pricing the order.
  const hold = context.actor?.hold ?? null;
  const lines = hold ? null : search.get("lines");
  const asked = lines === null ? [] : parseLinesParam(lines);
  const { services } = context;
  const [settings, preview, branches, deliveryFees, stock, application] = await Promise.all([
    services.settings.get(),
    lines === null ? null : services.orders.previewOrder(context.actor, asked, search.get("city") ?? ""),
    services.stock.branches(),
    services.stock.deliveryFees(),
    // Each line's stock per branch: which branch has the whole order now.
    lines === null
      ? null
      : services.stock.availability(
          context.actor,
          asked.map((l) => l.product_id),
        ),
    // The company's address is the delivery address by default; read once, with the page.
    lines === null ? services.dealers.myApplication(context.actor).catch(() => null) : null,
  ]);
  // Decision 034: the company's account, read with the page (not with each preview); the service checks it again.
  const credit = lines === null ? await services.credit.summaryForPage(context.actor).catch(() => null) : null;
  const companyAddress = application?.company_address ?? "";
  return {
    hold,
    idempotencyKey: crypto.randomUUID(),
    secondaryCurrency: settings.secondaryCurrency,
    bankDetails: settings.bankDetails,
    paynow: services.payments.availability().currency,
    contactName: user.fullName,
    // The currency the dealer chose in the cart (?currency=), when it is one the site takes.
    currency: search.get("currency") === settings.secondaryCurrency ? settings.secondaryCurrency : "USD",
    preview,
    stock: stock === null ? null : [...stock].map(([product_id, a]) => ({ product_id, ...a })),
    branches: branches.filter((b) => b.collection),
    deliveryFees,
    companyAddress,
    account: credit && credit.terms !== "cash" ? accountOption(credit, harareDate(new Date())) : null,
    defaultCity:
      cityNamedIn(
        companyAddress,
        deliveryFees.map((f) => f.city),
      ) ?? "",
  };
}

/** What the checkout offers a company on terms: the day an order placed today falls due, the credit left, any hold. */
function accountOption(credit: CreditSummary, today: string) {
  return {
    dueOn: dueDateOf(credit.terms, today) ?? today,
    available: credit.available,
    hold: credit.hold ? holdMessage(credit.hold, credit.overdue) : null,
  };
}

export function action({ context, request }: Route.ActionArgs) {
  requirePageWhere(context, request, can.placeOrders, "/cart");
  return checkoutAction(request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Checkout", { description: "Place a dealer order for the products in your cart.", noIndex: true });
}

/** A placed order: the cart loses the ordered lines and the dealer goes to the order, with its reference and how to pay. */
function Placed({ result }: { result: Extract<CheckoutResult, { status: "placed" }> }) {
  const navigate = useNavigate();
  const target = `/dealer/orders?placed=${result.id}#order-${result.id}`;
  useEffect(() => {
    void refreshCartAfterOrder().finally(() => navigate(target, { replace: true }));
  }, [navigate, target]);
  return (
    <div className="space-y-4">
      <FormAlert tone="success">
        Your order {result.reference} has been placed{result.fulfilment ? ` (${result.fulfilment})` : ""}.
        {result.dueOn
          ? ` It is on your company's account, due on ${formatDay(result.dueOn)}: its tax invoice comes when it is dispatched.`
          : " How to pay is on your orders page and in your e-mail."}
      </FormAlert>
      <p>
        <Link to={target} className={buttonClass("primary")}>
          View your order
        </Link>
      </p>
    </div>
  );
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const view = useCartView();
  // One key per page view: revalidated loader data must not change it under a form about to be sent again.
  const [pageKey] = useState(loaderData.idempotencyKey);
  // A key from a refused submit is kept (nothing was placed with it), also when the page was sent without JavaScript.
  const key = actionData?.status === "error" && actionData.values?.idempotencyKey ? actionData.values.idempotencyKey : pageKey;
  return (
    <section className={`${CONTAINER} py-10 md:py-14`}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">Checkout</h1>
      <div className="mt-6">
        {loaderData.hold === "suspended" ? (
          <div role="alert" className="max-w-2xl rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">
            <p className="font-semibold">Checkout is unavailable: your company's dealer account is suspended.</p>
            <p className="mt-1">
              {SUSPENDED_BANNER}{" "}
              <Link to="/contact" className="font-semibold underline underline-offset-2">
                Contact us
              </Link>
            </p>
          </div>
        ) : loaderData.hold ? (
          <div role="alert" className="max-w-2xl rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">
            <p className="font-semibold">Checkout is suspended: one of your company's documents has expired.</p>
            <p className="mt-1">
              {HOLD_BANNER_TAIL}{" "}
              <Link to="/dealer/profile#documents-heading" className="font-semibold underline underline-offset-2">
                Upload the renewal
              </Link>
            </p>
          </div>
        ) : actionData?.status === "placed" ? (
          <Placed result={actionData} />
        ) : (
          <CartStates view={view}>
            {(cart) => (
              <CheckoutForm
                cart={cart}
                idempotencyKey={key}
                secondaryCurrency={loaderData.secondaryCurrency}
                bankDetails={loaderData.bankDetails}
                paynowCurrency={loaderData.paynow}
                defaultContactName={loaderData.contactName}
                defaultCurrency={loaderData.currency}
                branches={loaderData.branches}
                deliveryFees={loaderData.deliveryFees}
                companyAddress={loaderData.companyAddress}
                account={loaderData.account}
                defaultCity={loaderData.defaultCity}
                result={actionData}
              />
            )}
          </CartStates>
        )}
      </div>
    </section>
  );
}
