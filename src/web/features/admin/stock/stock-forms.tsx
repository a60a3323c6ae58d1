import { useState } from "react";
import {
  type BranchInput,
  type BranchView,
  branchSchema,
  type DeliveryFeeInput,
  type DeliveryFeeView,
  deliveryFeeSchema,
  type StockImportResult,
  type StockLevelView,
  stockAdjustmentSchema,
} from "#shared/schemas/stock.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { SelectField, TextField } from "#web/components/ui/text-field.tsx";
import { AdminFieldSection } from "../kit/admin-section.tsx";
import { FormShell, useAdminForm } from "../kit/form-kit.tsx";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";

/** POST /api/stock/adjustments: a change up or down (or a return) of one product at one branch, with its reason. */
export function AdjustForm({
  level,
  onDone,
  onCancel,
}: {
  level: StockLevelView;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const initial = { product_id: level.product_id, branch_id: level.branch_id, kind: "adjustment" as const, change: "", reason: "" };
  const { form, register, error, applyAnswer } = useAdminForm(stockAdjustmentSchema, initial);
  const submit = useAdminSubmit(applyAnswer);
  const free = level.available;
  return (
    <FormShell
      title={`Adjust ${level.product_name} at ${level.branch_name}`}
      {...submit.shell}
      submitLabel="Save adjustment"
      dirty={form.formState.isDirty}
      watchSearch
      onCancel={onCancel}
      tour="stock-adjust-form"
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          const answer = await submit.send<StockLevelView>({ method: "POST", url: "/api/stock/adjustments", body: values });
          if (!answer) return;
          const after = answer.data as StockLevelView;
          form.reset(initial);
          onDone(`${level.product_name} at ${level.branch_name}: ${after.on_hand} on hand, ${after.available} available.`);
        }),
        submit.invalid,
      )}
    >
      <AdminFieldSection
        title={`${level.product_name} at ${level.branch_name}`}
        description={`${level.on_hand} on hand, ${level.reserved} reserved, ${free} available${level.sku ? ` · SKU ${level.sku}` : ""}. On hand never goes below what is reserved.`}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Kind" error={error("kind")} {...register("kind")}>
            <option value="adjustment">Adjustment (+ or −)</option>
            <option value="return">Return (+)</option>
          </SelectField>
          <TextField
            label="Change"
            hint={free > 0 ? `For example 5 or -2; down by at most ${free}.` : "For example 5: none are free to take away."}
            inputMode="numeric"
            autoComplete="off"
            error={error("change")}
            {...register("change")}
          />
        </div>
        <TextField
          label="Reason"
          hint="Shown in the ledger: a count, damage, a customer's return …"
          autoComplete="off"
          maxLength={300}
          error={error("reason")}
          {...register("reason")}
        />
      </AdminFieldSection>
    </FormShell>
  );
}

/** POST /api/branches, PUT /api/branches/{id} */
export function BranchForm({
  branch,
  onSaved,
  onCancel,
}: {
  branch: BranchView | null;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const initial: BranchInput = {
    name: branch?.name ?? "",
    city: branch?.city ?? "",
    address: branch?.address ?? "",
    phone: branch?.phone ?? "",
    opening_hours: branch?.opening_hours ?? "",
    collection: branch?.collection ?? true,
  };
  const { form, register, error, applyAnswer } = useAdminForm(branchSchema, initial);
  const submit = useAdminSubmit(applyAnswer);
  return (
    <FormShell
      title={branch ? `Edit branch ${branch.name}` : "Add a branch"}
      {...submit.shell}
      submitLabel={branch ? "Save changes" : "Add branch"}
      dirty={form.formState.isDirty}
      watchSearch
      onCancel={onCancel}
      tour="branch-form"
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          const answer = await submit.send<BranchView>(
            branch
              ? { method: "PUT", url: `/api/branches/${branch.id}`, body: values }
              : { method: "POST", url: "/api/branches", body: values },
          );
          if (!answer) return;
          form.reset(values);
          onSaved(branch ? "Branch updated." : "Branch added.");
        }),
        submit.invalid,
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="off" maxLength={80} error={error("name")} {...register("name")} />
        <TextField label="City" autoComplete="off" maxLength={80} error={error("city")} {...register("city")} />
      </div>
      <TextField label="Address (optional)" autoComplete="off" maxLength={300} error={error("address")} {...register("address")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Phone (optional)" type="tel" autoComplete="off" maxLength={40} error={error("phone")} {...register("phone")} />
        <TextField
          label="Opening hours (optional)"
          autoComplete="off"
          maxLength={200}
          placeholder="Mon–Fri 08:00–17:00"
          error={error("opening_hours")}
          {...register("opening_hours")}
        />
      </div>
      <div className="flex items-start gap-3">
        <input id="branch-collection" type="checkbox" className="mt-1 size-5 shrink-0 accent-accent-700" {...register("collection")} />
        <label htmlFor="branch-collection" className="text-sm text-slate-900">
          <span className="font-semibold">Customers can collect here</span> (offered at checkout)
        </label>
      </div>
    </FormShell>
  );
}

/** POST /api/delivery-fees, PUT /api/delivery-fees/{id} */
export function DeliveryFeeForm({
  fee,
  onSaved,
  onCancel,
}: {
  fee: DeliveryFeeView | null;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const initial: DeliveryFeeInput = { city: fee?.city ?? "", fee_usd: fee?.fee_usd ?? "" };
  const { form, register, error, applyAnswer } = useAdminForm(deliveryFeeSchema, initial);
  const submit = useAdminSubmit(applyAnswer);
  return (
    <FormShell
      title={fee ? `Edit the delivery fee to ${fee.city}` : "Add a delivery fee"}
      {...submit.shell}
      submitLabel={fee ? "Save changes" : "Add fee"}
      dirty={form.formState.isDirty}
      watchSearch
      onCancel={onCancel}
      tour="delivery-fee-form"
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          const answer = await submit.send<DeliveryFeeView>(
            fee
              ? { method: "PUT", url: `/api/delivery-fees/${fee.id}`, body: values }
              : { method: "POST", url: "/api/delivery-fees", body: values },
          );
          if (!answer) return;
          form.reset(values);
          onSaved(fee ? "Delivery fee updated." : "Delivery fee added.");
        }),
        submit.invalid,
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="City" autoComplete="off" maxLength={80} error={error("city")} {...register("city")} />
        <TextField
          label="Fee (USD, excluding VAT)"
          hint="For example 15 or 45.50."
          inputMode="decimal"
          autoComplete="off"
          error={error("fee_usd")}
          {...register("fee_usd")}
        />
      </div>
    </FormShell>
  );
}

/** POST /api/stock/import: a count file (sku,branch,count) read in the browser and sent as text; the refusal lists its lines. */
export function ImportForm() {
  const [file, setFile] = useState<File | null>(null);
  // The refused file's problems, listed under the failure when there are several.
  const [problems, setProblems] = useState<string[]>([]);
  const submit = useAdminSubmit((answer) => {
    const lines = answer.issues.map((i) => i.message);
    setProblems(lines.length > 1 ? lines : []);
    return lines.length > 1
      ? `The file was not imported: ${lines.length} problems. Nothing changed.`
      : (answer.message ?? "Importing failed.");
  });
  return (
    <form
      aria-label="Import stock counts"
      noValidate
      className="space-y-5"
      data-tour="stock-import-form"
      onSubmit={async (e) => {
        e.preventDefault();
        submit.setSuccess(null);
        submit.setFailure(null);
        setProblems([]);
        if (!file) {
          submit.setFailure("Choose a CSV file first.");
          return;
        }
        let result: StockImportResult | null = null;
        // Busy from reading the file to the API's answer; the success is said once no longer busy.
        await submit.saving(async () => {
          const csv = await file.text();
          const answer = await submit.send<StockImportResult>({ method: "POST", url: "/api/stock/import", body: { csv } });
          result = answer?.data ?? null;
        })(undefined);
        const imported = result as StockImportResult | null;
        if (imported) await submit.succeed({ message: imported.message });
      }}
    >
      {submit.success ? <FormAlert tone="success">{submit.success}</FormAlert> : null}
      {submit.failure ? (
        <FormAlert>
          <p>{submit.failure}</p>
          {problems.length ? (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {problems.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          ) : null}
        </FormAlert>
      ) : null}
      <AdminFieldSection
        title="Import counts"
        description="A CSV file with the columns sku, branch and count (the branch by name), such as the Export CSV of the Stock tab. The whole file is checked first: if any line is wrong nothing changes. Each count that differs from on hand becomes one adjustment “Stock count (import)”."
      >
        <div>
          <label htmlFor="stock-import-file" className="mb-1 block text-sm font-medium text-slate-800">
            Count file (CSV)
          </label>
          <input
            id="stock-import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            className="block min-h-11 w-full text-base"
          />
        </div>
      </AdminFieldSection>
      <button type="submit" disabled={submit.busy} aria-busy={submit.busy || undefined} className={buttonClass("primary")}>
        {submit.busy ? "Importing…" : "Import counts"}
      </button>
    </form>
  );
}
