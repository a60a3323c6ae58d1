import type { TeamRole } from "../roles.ts";

/**
 * The approved dealer's home at /dealer: the company's standing and what needs doing, in one read.
 * Prices, amounts, quotations and invoices are left out (null) for a team member who sees no prices (technicians).
 */
export type DealerHomeQuotation = {
  id: number;
  status: "pending" | "approved";
  created_at: string;
  /** The last moment an approved quotation can be accepted; null while it waits for the sales team. */
  valid_until: string | null;
  products: { name: string; quantity: number }[];
};

export type DealerHomeOrder = {
  id: number;
  reference: string;
  status: "awaiting_payment" | "paid" | "processing";
  created_at: string;
  currency: string;
  /** Including VAT, in the order's currency; null for who sees no prices. */
  total: string | null;
  /** Proofs of payment sent for it. */
  proofs: number;
};

export type DealerHomeInvoice = {
  id: number;
  number: string;
  issued_at: string;
  order_id: number;
  order_reference: string;
  currency: string;
  total: string;
  /** The PDF's address. */
  url: string;
};

export type DealerHome = {
  company: string | null;
  status: string | null;
  team_role: TeamRole | null;
  sees_prices: boolean;
  tier: { name: string; discount_percent: string } | null;
  /** The company's registered address is not yet in its four parts (decision 016): its owner is asked to complete it. */
  address_incomplete: boolean;
  /** Open quotations, newest first; null for who may not see them. */
  quotations: DealerHomeQuotation[] | null;
  /** Orders awaiting payment, then those awaiting dispatch, newest first within each. */
  orders: DealerHomeOrder[];
  /** The latest tax invoices; null for who sees no prices. */
  invoices: DealerHomeInvoice[] | null;
};

export const DEALER_HOME_QUOTATIONS = 5;
export const DEALER_HOME_ORDERS = 10;
export const DEALER_HOME_INVOICES = 5;
