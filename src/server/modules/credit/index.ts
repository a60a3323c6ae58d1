/** The credit module's public face for other modules (decision 029): the service's type and the order's USD for the limit. */
export type { CreditService } from "./credit.service.ts";
export { orderUsdCents } from "./credit-reads.ts";
