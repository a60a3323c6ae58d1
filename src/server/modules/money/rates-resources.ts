import {
  type ExchangeRate,
  RATE_DATE_TAKEN,
  RATE_NOT_FOUND,
  TAX_DATE_TAKEN,
  TAX_RATE_NOT_FOUND,
  type TaxRate,
} from "#shared/schemas/rates.ts";
import { exchangeRates, taxRates } from "../../db/schema/money.ts";
import { defineResource } from "../../platform/resources/resource.ts";

/**
 * The dated rates, each described once (platform/resources/resource.ts): one rate per currency and day, one VAT
 * rate per day (decision 015). Neither is deleted or kept in an order; a correction is audited as "correct".
 */

type ExchangeRateRow = Omit<ExchangeRate, "created_at"> & { created_at: Date };

export const exchangeRateResource = defineResource({
  name: "exchange rate",
  table: exchangeRates,
  id: exchangeRates.id,
  columns: {
    id: exchangeRates.id,
    currency: exchangeRates.currency,
    rate: exchangeRates.rate,
    effective_date: exchangeRates.effectiveDate,
    source: exchangeRates.source,
    created_at: exchangeRates.createdAt,
  },
  view: (r: ExchangeRateRow): ExchangeRate => ({ ...r, created_at: r.created_at.toISOString() }),
  audit: {
    entity: "exchange-rate",
    label: (r) => `${r.currency} from ${r.effective_date}`,
    summary: { create: (r) => `${r.currency} at ${r.rate} per USD from ${r.effective_date} (${r.source})` },
  },
  notFound: RATE_NOT_FOUND,
  unique: { columns: [exchangeRates.currency, exchangeRates.effectiveDate], message: RATE_DATE_TAKEN },
});

export const taxRateResource = defineResource({
  name: "VAT rate",
  table: taxRates,
  id: taxRates.id,
  columns: { id: taxRates.id, rate: taxRates.rate, valid_from: taxRates.validFrom },
  view: (r: TaxRate): TaxRate => r,
  audit: { entity: "tax-rate", label: (r) => `VAT ${r.rate} % from ${r.valid_from}` },
  notFound: TAX_RATE_NOT_FOUND,
  unique: { columns: [taxRates.validFrom], message: TAX_DATE_TAKEN },
});
