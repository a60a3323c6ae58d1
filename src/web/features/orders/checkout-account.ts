import { centsToDecimal, signedCents, toUsdCents } from "#shared/money.ts";
import { overLimitMessage } from "#shared/schemas/credit.ts";
import type { OrderPreview } from "#shared/schemas/orders.ts";

export type CheckoutAccount = { dueOn: string; available: string; hold: string | null };

/**
 * Why "On account" cannot be chosen for this order, or null: the hold's words, or how far the order is over the credit
 * left. The order counts in USD as the service counts it (decision 034): its USD total, or for an order in the
 * secondary currency that total at the preview's rate, so the page and the refusal agree.
 */
export function accountRefusal(account: CheckoutAccount, preview: OrderPreview | null, currency: string): string | null {
  if (account.hold) return account.hold;
  if (preview === null) return null;
  const own = currency !== "USD" && preview.total_secondary !== null && preview.exchange_rate !== null;
  const orderCents = own
    ? toUsdCents(signedCents(preview.total_secondary) ?? 0n, preview.exchange_rate as string)
    : (signedCents(preview.total_usd) ?? 0n);
  const over = orderCents - (signedCents(account.available) ?? 0n);
  return over > 0n ? overLimitMessage(centsToDecimal(over)) : null;
}
