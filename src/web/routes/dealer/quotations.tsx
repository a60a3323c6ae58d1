import { CheckCircle2 } from "lucide-react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { can } from "#shared/can.ts";
import { quotationStatusView } from "#shared/quotation-status.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { QuotationCard } from "#web/features/quotations/quotation-card.tsx";
import { formText } from "#web/lib/form-data.ts";
import { requirePageWhere } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/quotations";

/**
 * Quotations are a dealer page (spec §2: role_id 2 only); other users go back to the dealer home. The list is the
 * dealer's own, by user id and e-mail address (spec §7), newest first.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageWhere(context, request, can.placeOrders, "/dealer");
  const quotations = await context.services.quotations.listForUser(context.actor, { id: user.id, email: user.email });
  // One clock for the server's HTML and the browser's render: whether an approved quotation has expired.
  return { quotations, now: new Date().toISOString() };
}

/**
 * "Accept and place order": the quotation becomes an order at its quoted prices, and the dealer goes to
 * it on the orders page. A refusal (expired meanwhile, not approved) is shown on that quotation's card.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requirePageWhere(context, request, can.placeOrders, "/dealer/quotations");
  const form = await request.formData();
  const id = Number(formText(form, "quotationId"));
  if (formText(form, "intent") !== "accept" || !Number.isInteger(id) || id <= 0) {
    return data({ id: 0, error: "Unknown action." }, { status: 400 });
  }
  try {
    const { order_id } = await context.services.quotations.accept(context.actor, id, {});
    return redirect(order_id ? `/dealer/orders?placed=${order_id}` : "/dealer/quotations");
  } catch (err) {
    const known = knownFailure(err);
    if (!known) throw err;
    return data({ id, error: known.message }, { status: known.statusCode });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Quotations"), { description: "Your quotation requests and their status.", noIndex: true });
}

/** Whether the card has an action: an approved, priced quotation, or an accepted one with its order. */
function acceptable(quotation: QuotationView, now: Date): boolean {
  const status = quotationStatusView(quotation.status, { createdAt: quotation.created_At, validUntil: quotation.valid_until }, now);
  return (status.approved && quotation.total !== null) || (status.status === "accepted" && quotation.order_id !== null);
}

/** An approved quotation's Accept button, or the order an accepted one became. */
function AcceptAction({ quotation, now }: { quotation: QuotationView; now: Date }) {
  const navigation = useNavigation();
  const status = quotationStatusView(quotation.status, { createdAt: quotation.created_At, validUntil: quotation.valid_until }, now);
  if (status.status === "accepted" && quotation.order_id) {
    return (
      <Link to={`/dealer/orders?placed=${quotation.order_id}`} className={buttonClass("outline")}>
        View the order<span className="sr-only"> placed from quotation #{quotation.id}</span>
      </Link>
    );
  }
  if (!status.approved || quotation.total === null) return null;
  const busy = navigation.state !== "idle" && navigation.formData?.get("quotationId") === String(quotation.id);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="quotationId" value={quotation.id} />
      <button type="submit" className={buttonClass("primary")} disabled={busy} aria-busy={busy}>
        <CheckCircle2 aria-hidden="true" className="size-4" />
        {busy ? "Placing the order…" : "Accept and place order"}
        <span className="sr-only"> for quotation #{quotation.id}</span>
      </button>
    </Form>
  );
}

export default function DealerQuotations({ loaderData }: Route.ComponentProps) {
  const { quotations, now } = loaderData;
  const refused = useActionData<typeof action>();
  const at = new Date(now);
  return (
    <DealerPage title="Quotations">
      <div className="space-y-6 text-base">
        <p className="text-lg">
          Your quotation requests and their status. Approved quotations show their prices, can be downloaded, and become an order when you
          accept them before they expire.
        </p>
        {quotations.length === 0 ? (
          <EmptyState>No quotations found</EmptyState>
        ) : (
          <ol aria-label="Your quotations" className="space-y-6">
            {quotations.map((q) => (
              <li key={q.id} className="space-y-3">
                {refused && refused.id === q.id ? <FormAlert>{refused.error}</FormAlert> : null}
                <QuotationCard quotation={q} now={at} actions={acceptable(q, at) ? <AcceptAction quotation={q} now={at} /> : undefined} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </DealerPage>
  );
}
