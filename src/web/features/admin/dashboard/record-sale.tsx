import { Plus } from "lucide-react";
import { useState } from "react";
import { CATEGORIES } from "#shared/categories.ts";
import { type Sale, saleInputSchema } from "#shared/schemas/sales.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { SelectField, TextField } from "#web/components/ui/text-field.tsx";
import { FormShell, useAdminForm } from "../kit/form-kit.tsx";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";
import { formatUsd, longDay } from "./format.ts";

type Choice = { id: number; name: string; categoryId: number };

function SaleForm({ choices, today, onDone }: { choices: readonly Choice[]; today: string; onDone: () => void }) {
  const { form, register, error, applyAnswer } = useAdminForm(saleInputSchema, {
    product_id: "",
    quantity: 1,
    amount_usd: "",
    date: today,
  });
  const submit = useAdminSubmit(applyAnswer);
  const byCategory = CATEGORIES.map((c) => ({ ...c, products: choices.filter((p) => p.categoryId === c.id) })).filter(
    (c) => c.products.length > 0,
  );
  return (
    <FormShell
      title="Record a sale"
      {...submit.shell}
      submitLabel="Record sale"
      onCancel={onDone}
      dirty={form.formState.isDirty}
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          const answer = await submit.send<Sale>({ method: "POST", url: "/api/sales/", body: values });
          if (!answer) return;
          const sale = answer.data as Sale;
          form.reset(form.getValues());
          onDone();
          await submit.succeed({
            toast: `Sale recorded: ${sale.quantity} × ${sale.product_name}, ${formatUsd(sale.amount_usd)} on ${longDay(values.date)}.`,
          });
        }),
      )}
    >
      <SelectField label="Product" error={error("product_id")} {...register("product_id")}>
        <option value="">Choose a product</option>
        {byCategory.map((c) => (
          <optgroup key={c.id} label={c.name}>
            {c.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Quantity"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          error={error("quantity")}
          {...register("quantity")}
        />
        <TextField
          label="Amount (USD)"
          hint="The whole sale, for example 1250.00."
          inputMode="decimal"
          autoComplete="off"
          error={error("amount_usd")}
          {...register("amount_usd")}
        />
      </div>
      <TextField label="Date of the sale" type="date" max={today} error={error("date")} {...register("date")} />
    </FormShell>
  );
}

/** Sales made outside the website (at the counter, by phone) are entered here; paid orders count by themselves. */
export function RecordSale({ choices, today }: { choices: readonly Choice[]; today: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" /> Record a sale
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Record a sale">
        <p className="mb-4 text-sm text-slate-700">
          For a sale made outside the website. Dealer orders count as sales once their payment is confirmed.
        </p>
        <SaleForm choices={choices} today={today} onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}
