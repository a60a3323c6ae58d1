import { BADGE } from "../kit/badge.ts";

/** The Rates screen's two tabs, each a route under /admin/rates. */
export const RATES_TABS = [
  { id: "exchange", label: "Exchange rates", path: "/admin/rates" },
  { id: "vat", label: "VAT", path: "/admin/rates/vat" },
] as const;
export type RatesTab = (typeof RATES_TABS)[number];

/** `?correct=<id>`: the exchange rate whose correction form is open, or null. */
export function correctTarget(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** A rate's state on a day: in force (the latest not after it), scheduled (after it), or past. */
export function rateState<T extends { id: number }>(row: T & { day: string }, today: string, inForceId: number | null) {
  if (row.day > today) return "scheduled" as const;
  return row.id === inForceId ? ("in-force" as const) : ("past" as const);
}

export const BADGE_CLASS = { "in-force": BADGE.good, scheduled: BADGE.warn, past: "" } as const;

export const DEFAULT_RATE_SOURCE = "RBZ interbank mid-rate";
/** The correction form's help: what a correction changes and what it does not. */
export const FROZEN_RATES_NOTE =
  "Orders and quotations already issued keep the rate they were priced at (each stores its own copy): a correction changes only the prices computed from now on.";
