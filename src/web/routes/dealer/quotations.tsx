import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { QuotationCard } from "#web/features/quotations/quotation-card.tsx";
import { requirePageRole } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/quotations";

/**
 * Quotations are a dealer page (spec §2: role_id 2 only); other users go back to the dealer home. The list is the
 * dealer's own, by user id and e-mail address (spec §7), newest first.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageRole(context, request, ["dealer"], "/dealer");
  const quotations = await context.services.quotations.listForUser(context.actor, { id: user.id, email: user.email });
  // One clock for the server's HTML and the browser's render: whether an approved quotation has expired.
  return { quotations, now: new Date().toISOString() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Quotations"), { description: "Your quotation requests and their status.", noIndex: true });
}

export default function DealerQuotations({ loaderData }: Route.ComponentProps) {
  const { quotations, now } = loaderData;
  const at = new Date(now);
  return (
    <DealerPage title="Quotations">
      <div className="space-y-6 text-base">
        <p className="text-lg">Your quotation requests and their status. Approved quotations show their prices and can be downloaded.</p>
        {quotations.length === 0 ? (
          <EmptyState>No quotations found</EmptyState>
        ) : (
          <ol aria-label="Your quotations" className="space-y-6">
            {quotations.map((q) => (
              <li key={q.id}>
                <QuotationCard quotation={q} now={at} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </DealerPage>
  );
}
