import { useId, useState } from "react";
import { Link } from "react-router";
import { percentLabel } from "#shared/money.ts";
import type { DealerTier } from "#shared/schemas/pricing.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { SelectField } from "#web/components/ui/text-field.tsx";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";

const NOT_SAVED = "The tier could not be saved. Try again.";

/** "5.00" → "5 %". */

/**
 * The tier an approved dealer's company buys at, and a select to put it in another one
 * (PUT /api/dealer/tier/{userId}; audited).
 */
export function TierPanel({
  userId,
  current,
  tiers,
  canChange,
}: {
  userId: number;
  current: DealerTier | null;
  tiers: readonly DealerTier[];
  /** `prices.edit` (decision 035): without it the tier is only said. */
  canChange: boolean;
}) {
  const headingId = useId();
  const [chosen, setChosen] = useState(String(current?.id ?? tiers[0]?.id ?? ""));
  const submit = useAdminSubmit((answer) => answer.issues[0]?.message ?? answer.message ?? NOT_SAVED);
  const { busy, failure: error, success: done } = submit;
  const unchanged = chosen === String(current?.id ?? "");

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const answer = await submit.send<DealerTier>({ method: "PUT", url: `/api/dealer/tier/${userId}`, body: { tier_id: chosen } });
    if (!answer?.data) {
      if (answer) submit.setFailure(NOT_SAVED);
      return;
    }
    await submit.succeed({
      message: `The dealer now buys at ${answer.data.name} (${percentLabel(answer.data.discount_percent)} off the list price).`,
    });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 self-start rounded-lg border border-slate-200 bg-white p-5"
      data-tour="dealer-tier"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Price tier
      </h2>
      {!canChange ? (
        <p className="text-slate-700" data-testid="dealer-tier-current">
          {current ? (
            <>
              Buys at <strong>{current.name}</strong>: {percentLabel(current.discount_percent)} off the dealer list price.
            </>
          ) : (
            "No tier."
          )}
        </p>
      ) : tiers.length === 0 ? (
        <p className="text-slate-700">
          There are no tiers: dealers buy at the dealer list price. <Link to="/admin/dealers/tiers">Add tiers</Link>.
        </p>
      ) : (
        <form onSubmit={save} className="space-y-4" aria-label="Price tier">
          <p className="text-slate-700" data-testid="dealer-tier-current">
            {current ? (
              <>
                Buys at <strong>{current.name}</strong>: {percentLabel(current.discount_percent)} off the dealer list price.
              </>
            ) : (
              "No tier."
            )}
          </p>
          {error ? <FormAlert>{error}</FormAlert> : null}
          {done ? <FormAlert tone="success">{done}</FormAlert> : null}
          <SelectField
            label="Tier"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            hint="The change is recorded in the audit log."
          >
            {tiers.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} ({percentLabel(t.discount_percent)} off)
              </option>
            ))}
          </SelectField>
          <button type="submit" className={buttonClass("primary")} disabled={busy || unchanged} aria-busy={busy || undefined}>
            {busy ? "Saving…" : "Save tier"}
          </button>
        </form>
      )}
    </section>
  );
}
