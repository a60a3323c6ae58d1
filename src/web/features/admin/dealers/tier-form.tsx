import { type DealerTier, type DealerTierInput, dealerTierSchema } from "#shared/schemas/pricing.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { FormShell, useAdminForm } from "../kit/form-kit.tsx";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";

/** POST /api/dealer-tiers, PUT /api/dealer-tiers/{id}: a tier's name and its discount off the dealer list price. */
export function TierForm({
  tier,
  onSaved,
  onCancel,
}: {
  tier: DealerTier | null;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const initial: DealerTierInput = { name: tier?.name ?? "", discount_percent: tier?.discount_percent ?? "" };
  const { form, register, error, applyAnswer } = useAdminForm(dealerTierSchema, initial);
  const submit = useAdminSubmit(applyAnswer);
  return (
    <FormShell
      title={tier ? `Edit tier ${tier.name}` : "Add a tier"}
      {...submit.shell}
      submitLabel={tier ? "Save changes" : "Add tier"}
      dirty={form.formState.isDirty}
      watchSearch
      onCancel={onCancel}
      tour="tier-form"
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          const answer = await submit.send<DealerTier>(
            tier
              ? { method: "PUT", url: `/api/dealer-tiers/${tier.id}`, body: values }
              : { method: "POST", url: "/api/dealer-tiers", body: values },
          );
          if (!answer) return;
          form.reset(values);
          onSaved(tier ? `Tier ${values.name} saved.` : `Tier ${values.name} added: it is the last, move it where it belongs.`);
        }),
        submit.invalid,
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="off" maxLength={60} hint="For example Gold" error={error("name")} {...register("name")} />
        <TextField
          label="Discount (%)"
          inputMode="decimal"
          autoComplete="off"
          hint="Off the dealer list price, for example 7.5; 0 for none."
          error={error("discount_percent")}
          {...register("discount_percent")}
        />
      </div>
      <p className="text-sm text-slate-700">
        A product can have a price of its own for a tier (on the product's page): that price is used in place of the discount. Quantity
        breaks apply on top.
      </p>
    </FormShell>
  );
}
