import { Plus, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { type PriceRule, unitCents } from "#shared/dealer-pricing.ts";
import { percentLabel } from "#shared/money.ts";
import { formatMoney, toCents } from "#shared/quotation-totals.ts";
import {
  type DealerTier,
  PRICE_BREAKS_MAX,
  type PriceRulesView,
  priceBreakInputSchema,
  priceRulesSchema,
} from "#shared/schemas/pricing.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { AdminSectionHeading } from "../kit/admin-section.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import type { ApiAnswer } from "../kit/send-request.ts";
import { CORRECT_FIELDS, useAdminSubmit } from "../kit/use-admin-submit.ts";

type BreakRow = { key: number; min_quantity: string; discount_percent: string };
type Values = { breaks: BreakRow[]; own: Record<number, string> };

let nextKey = 1;
function valuesOf(rules: PriceRulesView): Values {
  return {
    breaks: rules.breaks.map((b) => ({ key: nextKey++, min_quantity: String(b.min_quantity), discount_percent: b.discount_percent })),
    own: Object.fromEntries(rules.tier_prices.map((t) => [t.tier_id, t.price_usd])),
  };
}
/** What is compared to tell whether the form holds unsaved changes. */
const comparable = (v: Values, tiers: readonly DealerTier[]) =>
  JSON.stringify([v.breaks.map((b) => [b.min_quantity.trim(), b.discount_percent.trim()]), tiers.map((t) => (v.own[t.id] ?? "").trim())]);

/** The API's body: the breaks as typed, and a tier price for each tier given one (`tierIds`: whose is at each index). */
function bodyOf(v: Values, tiers: readonly DealerTier[]) {
  const priced = tiers.filter((t) => (v.own[t.id] ?? "").trim() !== "");
  return {
    tierIds: priced.map((t) => t.id),
    body: {
      breaks: v.breaks.map((b) => ({ min_quantity: b.min_quantity.trim(), discount_percent: b.discount_percent.trim() })),
      tier_prices: priced.map((t) => ({ tier_id: t.id, price_usd: (v.own[t.id] ?? "").trim() })),
    },
  };
}

/** An issue's path ("body.breaks.1.discount_percent", ["tier_prices", 0, "price_usd"]) as the form's field key. */
function fieldKey(path: readonly (string | number | symbol)[] | string, tierIds: readonly number[]): string {
  const parts = (typeof path === "string" ? path.split(".") : path.map(String)).filter((p) => p !== "body");
  if (parts[0] === "tier_prices" && parts[1] !== undefined && /^\d+$/.test(parts[1])) return `own.${tierIds[Number(parts[1])] ?? ""}`;
  return parts.join(".");
}

/** The breaks that are whole and right on their own, for the preview (a wrong one is left out until corrected). */
function usableBreaks(rows: readonly BreakRow[]): PriceRule["breaks"] {
  return rows.flatMap((b) => {
    const parsed = priceBreakInputSchema.safeParse({ min_quantity: b.min_quantity.trim(), discount_percent: b.discount_percent.trim() });
    return parsed.success ? [{ minQuantity: parsed.data.min_quantity, percent: parsed.data.discount_percent }] : [];
  });
}

/**
 * A product's dealer prices, below its form on the edit page: the quantity breaks (from N units, % off
 * the tier price, at most six) and an optional price of its own per tier, saved together with
 * PUT /api/products/{id}/price-rules and checked with the API's schema first. A preview shows each tier's unit price
 * at 1 and at each break, worked out by `#shared/dealer-pricing.ts` as the shop does, from the saved list price.
 */
export function DealerPricesForm({
  productId,
  listPrice,
  tiers,
  rules,
}: {
  productId: number;
  /** The saved dealer list price (USD). */
  listPrice: string;
  tiers: readonly DealerTier[];
  rules: PriceRulesView;
}) {
  const [saved, setSaved] = useState(() => valuesOf(rules));
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sending = useAdminSubmit();
  const { busy, failure, success, setFailure, setSuccess } = sending;
  const formRef = useRef<HTMLElement>(null);
  const previewId = useId();
  const headingId = useId();
  const dirty = comparable(values, tiers) !== comparable(saved, tiers);

  const change = (next: Values, clear: string) => {
    setValues(next);
    setSuccess(null);
    if (errors[clear]) {
      const { [clear]: _, ...rest } = errors;
      setErrors(rest);
    }
  };
  const setBreak = (i: number, field: "min_quantity" | "discount_percent", value: string) =>
    change({ ...values, breaks: values.breaks.map((b, n) => (n === i ? { ...b, [field]: value } : b)) }, `breaks.${i}.${field}`);
  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSuccess(null);
    const { body, tierIds } = bodyOf(values, tiers);
    const checked = priceRulesSchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [fieldKey(i.path, tierIds), i.message])));
      setFailure(CORRECT_FIELDS);
      focusFirstError();
      return;
    }
    // A refusal's issues go under their fields (a tier price under its tier's), the first of them focused.
    const refuse = (refused: ApiAnswer) => {
      setErrors(Object.fromEntries(refused.issues.map((i) => [fieldKey(i.path, tierIds), i.message])));
      focusFirstError();
      return refused.status === 400 && refused.issues.length > 0 ? CORRECT_FIELDS : (refused.message ?? "Saving failed. Try again.");
    };
    const answer = await sending.send<PriceRulesView>({ method: "PUT", url: `/api/products/${productId}/price-rules`, body }, refuse);
    if (!answer?.data) {
      if (answer) setFailure(refuse(answer));
      return;
    }
    const fresh = valuesOf(answer.data);
    setSaved(fresh);
    setValues(fresh);
    setErrors({});
    setSuccess("Dealer prices saved.");
  }

  const listCents = toCents(listPrice);
  const breaks = usableBreaks(values.breaks);
  const steps = [1, ...[...new Set(breaks.map((b) => b.minQuantity))].sort((a, b) => a - b)];
  const breaksError = errors.breaks;

  return (
    <section
      ref={formRef}
      aria-labelledby={headingId}
      className="mt-10 rounded-lg border border-slate-200 bg-white p-5"
      data-tour="product-dealer-prices"
    >
      <AdminSectionHeading
        id={headingId}
        title="Dealer prices"
        description={`Each tier buys at the dealer list price (USD ${listPrice}) less its discount, or at a price of its own set here; a quantity break takes its discount off that from the given number of units on one line.`}
      />
      <FormShell
        title="Dealer prices"
        onSubmit={submit}
        busy={busy}
        error={failure}
        success={success}
        submitLabel="Save dealer prices"
        dirty={dirty}
        watchSearch
      >
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">Quantity breaks</legend>
          <p className="text-sm text-slate-700">
            For example from 10 units 3 % off, from 40 units 6 % off. A bigger quantity must take off more; at most {PRICE_BREAKS_MAX}.
          </p>
          {breaksError ? (
            <p role="alert" className="text-sm text-red-700">
              {breaksError}
            </p>
          ) : null}
          {values.breaks.length === 0 ? <p className="text-sm text-slate-600">No quantity breaks: every quantity costs the same.</p> : null}
          <ul className="space-y-3">
            {values.breaks.map((b, i) => (
              <li key={b.key} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3" data-testid="price-break">
                <TextField
                  label="From (units)"
                  aria-label={`Break ${i + 1}: from (units)`}
                  inputMode="numeric"
                  autoComplete="off"
                  value={b.min_quantity}
                  onChange={(e) => setBreak(i, "min_quantity", e.target.value)}
                  error={errors[`breaks.${i}.min_quantity`]}
                />
                <TextField
                  label="% off"
                  aria-label={`Break ${i + 1}: % off`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={b.discount_percent}
                  onChange={(e) => setBreak(i, "discount_percent", e.target.value)}
                  error={errors[`breaks.${i}.discount_percent`]}
                />
                <button
                  type="button"
                  className={buttonClass("outline", "mt-6 px-3")}
                  aria-label={`Remove break ${i + 1}`}
                  title="Remove"
                  onClick={() => {
                    setErrors({});
                    change({ ...values, breaks: values.breaks.filter((_, n) => n !== i) }, "breaks");
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={buttonClass("outline")}
            disabled={values.breaks.length >= PRICE_BREAKS_MAX}
            onClick={() =>
              change({ ...values, breaks: [...values.breaks, { key: nextKey++, min_quantity: "", discount_percent: "" }] }, "breaks")
            }
          >
            <Plus aria-hidden="true" className="size-4" /> Add a break
          </button>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">Tier prices (optional)</legend>
          {tiers.length === 0 ? (
            <p className="text-sm text-slate-600">There are no dealer tiers yet.</p>
          ) : (
            <>
              <p className="text-sm text-slate-700">Leave empty for the tier's discount; a price here replaces it for this product.</p>
              <div className="grid gap-4 sm:grid-cols-3">
                {tiers.map((t) => (
                  <TextField
                    key={t.id}
                    label={`${t.name} price (USD)`}
                    hint={`Else ${percentLabel(t.discount_percent)} off`}
                    inputMode="decimal"
                    autoComplete="off"
                    value={values.own[t.id] ?? ""}
                    onChange={(e) => change({ ...values, own: { ...values.own, [t.id]: e.target.value } }, `own.${t.id}`)}
                    error={errors[`own.${t.id}`]}
                  />
                ))}
              </div>
            </>
          )}
        </fieldset>

        {listCents !== null && tiers.length > 0 ? (
          <div className="space-y-2">
            <h3 id={previewId} className="text-base font-semibold text-slate-900">
              Preview: unit price per tier (USD, excl. VAT)
            </h3>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways on phones must take focus to be scrolled by keyboard */}
            <section className="overflow-x-auto rounded-lg border border-slate-200" tabIndex={0} aria-labelledby={previewId}>
              <table className="w-full text-sm" data-testid="dealer-price-preview">
                <thead className="bg-slate-50 text-left">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Tier
                    </th>
                    {steps.map((s) => (
                      <th key={s} scope="col" className="px-3 py-2 text-right font-semibold whitespace-nowrap">
                        {s === 1 ? "From 1" : `From ${s}`}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {tiers.map((t) => {
                    const own = toCents((values.own[t.id] ?? "").trim() || null);
                    const rule: PriceRule = {
                      listCents,
                      tierPercent: t.discount_percent,
                      tierPriceCents: own && own > 0n ? own : null,
                      breaks,
                    };
                    return (
                      <tr key={t.id}>
                        <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                          {t.name}
                          {rule.tierPriceCents !== null ? <span className="font-normal text-slate-600"> (own price)</span> : null}
                        </th>
                        {steps.map((s) => (
                          <td key={s} className="px-3 py-2 text-right tabular-nums">
                            {formatMoney(unitCents(rule, s))}
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
            <p className="text-sm text-slate-600">From the saved list price; save the product first when you change it.</p>
          </div>
        ) : null}
      </FormShell>
    </section>
  );
}
