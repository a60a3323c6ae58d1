import type { NewExchangeRate } from "#shared/schemas/rates.ts";

/**
 * The demo's ZWG history (ZWG per 1 USD, the RBZ's interbank mid-rate as an admin would enter it): ZiG's launch, the
 * 42.6 % move of 27 September 2024, and the quieter months since. A real site enters each day's official rate.
 */
export const DEMO_ZWG_RATES: NewExchangeRate[] = [
  { currency: "ZWG", rate: "13.5616", effective_date: "2024-04-08", source: "RBZ interbank mid-rate (ZiG launch)" },
  { currency: "ZWG", rate: "24.3902", effective_date: "2024-09-27", source: "RBZ interbank mid-rate" },
  { currency: "ZWG", rate: "25.8000", effective_date: "2025-01-17", source: "RBZ interbank mid-rate" },
  { currency: "ZWG", rate: "26.9120", effective_date: "2025-06-02", source: "RBZ interbank mid-rate" },
  { currency: "ZWG", rate: "26.7450", effective_date: "2026-01-05", source: "RBZ interbank mid-rate" },
  { currency: "ZWG", rate: "26.8015", effective_date: "2026-11-24", source: "RBZ interbank mid-rate" },
];
