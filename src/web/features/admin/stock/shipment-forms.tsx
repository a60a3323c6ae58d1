import { Plus, Search, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFieldArray } from "react-hook-form";
import { type BranchView, receiveShipmentSchema, type ShipmentView, type StockLevelView, shipmentSchema } from "#shared/schemas/stock.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { RowActionButton } from "#web/components/ui/row-actions.tsx";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { Token } from "#web/components/ui/token.tsx";
import { AdminFieldSection } from "../kit/admin-section.tsx";
import { FormShell, useAdminForm } from "../kit/form-kit.tsx";
import { CORRECT_FIELDS, useAdminSubmit } from "../kit/use-admin-submit.ts";

export type Found = { product_id: number; product_name: string; sku: string | null };

/** Finds products by name or SKU through the stock list (admins), one row per product (also the quotation line editor's). */
export function ProductFinder({
  onPick,
  exclude,
  inputId = "shipment-find",
}: {
  onPick: (p: Found) => void;
  exclude: ReadonlySet<number>;
  inputId?: string;
}) {
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Found[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function find() {
    if (q.trim() === "") return;
    setBusy(true);
    setFailure(null);
    try {
      const res = await fetch(`/api/stock?q=${encodeURIComponent(q.trim())}&pageSize=50`, { headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as { rows: StockLevelView[] };
      const seen = new Map<number, Found>();
      for (const r of body.rows) if (!seen.has(r.product_id)) seen.set(r.product_id, r);
      setFound([...seen.values()].slice(0, 10));
    } catch {
      setFailure("The products could not be searched. Try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
            Find a product (name or SKU)
          </label>
          <input
            id={inputId}
            type="search"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                void find();
              }
            }}
            className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base"
          />
        </div>
        <button type="button" className={buttonClass("secondary")} onClick={() => void find()} disabled={busy}>
          <Search aria-hidden="true" className="size-4" /> {busy ? "Searching…" : "Find"}
        </button>
      </div>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {found !== null ? (
        found.length === 0 ? (
          <p className="text-sm text-slate-700">No product matches “{q}”.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white" aria-label="Products found">
            {found.map((p) => (
              <li key={p.product_id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  <span className="font-medium text-slate-900">{p.product_name}</span>
                  {p.sku ? <Token className="ml-2 text-sm text-slate-600">{p.sku}</Token> : null}
                </span>
                <RowActionButton
                  icon={Plus}
                  label={exclude.has(p.product_id) ? "Added" : "Add"}
                  name={p.product_name}
                  disabled={exclude.has(p.product_id)}
                  onClick={() => onPick(p)}
                />
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/** POST /api/shipments: the supplier's reference, the branch, the expected day and the products on their way. */
export function ShipmentForm({
  branches,
  today,
  onSaved,
  onCancel,
}: {
  branches: readonly BranchView[];
  today: string;
  onSaved: (message: string, id: number) => void;
  onCancel: () => void;
}) {
  const initial = {
    supplier_reference: "",
    branch_id: String(branches[0]?.id ?? ""),
    expected_date: today,
    notes: "",
    lines: [] as { product_id: number; quantity: string; name: string; sku: string | null }[],
  };
  const { form, register, error, applyAnswer } = useAdminForm(shipmentSchema, initial);
  const lines = useFieldArray({ control: form.control, name: "lines" as never });
  const shown = lines.fields as unknown as { id: string; product_id: number; name: string; sku: string | null }[];
  const submit = useAdminSubmit(applyAnswer);
  const linesError = error("lines") ?? (form.formState.errors.lines as { root?: { message?: string } } | undefined)?.root?.message;
  return (
    <FormShell
      title="New shipment"
      {...submit.shell}
      submitLabel="Save shipment"
      dirty={form.formState.isDirty}
      watchSearch
      onCancel={onCancel}
      tour="shipment-form"
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          const body = { ...values, lines: values.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity })) };
          const answer = await submit.send<ShipmentView>({ method: "POST", url: "/api/shipments", body });
          if (!answer) return;
          const made = answer.data as ShipmentView;
          form.reset(values);
          onSaved(`Shipment ${made.supplier_reference} to ${made.branch_name} saved: expected ${made.expected_date}.`, made.id);
        }),
        submit.invalid,
      )}
    >
      <AdminFieldSection title="The shipment" description="What the supplier is sending, to which branch, and when it is expected.">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Supplier reference"
            hint="Purchase order, container or invoice number."
            autoComplete="off"
            maxLength={120}
            error={error("supplier_reference")}
            {...register("supplier_reference")}
          />
          <SelectField label="Branch" error={error("branch_id")} {...register("branch_id")}>
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </SelectField>
          <TextField label="Expected date" type="date" error={error("expected_date")} {...register("expected_date")} />
        </div>
        <TextAreaField label="Notes (optional)" rows={2} maxLength={1000} error={error("notes")} {...register("notes")} />
      </AdminFieldSection>
      <AdminFieldSection title="Products" description="Find each product and add it with the quantity on its way.">
        <ProductFinder
          exclude={new Set(shown.map((l) => l.product_id))}
          onPick={(p) => lines.append({ product_id: p.product_id, quantity: "1", name: p.product_name, sku: p.sku } as never)}
        />
        {linesError ? (
          <p className="text-sm text-red-700" role="alert">
            {linesError}
          </p>
        ) : null}
        {shown.length === 0 ? (
          <p className="text-sm text-slate-700">No products yet.</p>
        ) : (
          <ul className="space-y-3" aria-label="Products on the shipment">
            {shown.map((line, i) => (
              <li key={line.id} className="flex flex-wrap items-end gap-3 rounded-md border border-slate-200 p-3">
                <p className="min-w-48 flex-1 font-medium text-slate-900">
                  {line.name}
                  {line.sku ? <Token className="ml-2 text-sm font-normal text-slate-600">{line.sku}</Token> : null}
                </p>
                <TextField
                  label="Quantity"
                  aria-label={`Quantity of ${line.name}`}
                  className="w-40"
                  inputMode="numeric"
                  autoComplete="off"
                  error={error(`lines.${i}.quantity` as never)}
                  {...register(`lines.${i}.quantity` as never)}
                />
                <RowActionButton icon={Trash2} tone="danger" label="Remove" name={line.name} onClick={() => lines.remove(i)} />
              </li>
            ))}
          </ul>
        )}
      </AdminFieldSection>
    </FormShell>
  );
}

/** POST /api/shipments/{id}/receive: what arrived of each line, defaulting to what is still expected. */
export function ReceiveForm({ shipment, onDone }: { shipment: ShipmentView; onDone: (message: string) => void }) {
  const open = shipment.lines.filter((l) => l.received < l.quantity);
  const initial = { lines: open.map((l) => ({ product_id: l.product_id, quantity: String(l.quantity - l.received) })), note: "" };
  const { form, register, error, applyAnswer } = useAdminForm(receiveShipmentSchema, initial);
  // A refusal of the whole receipt at 400 (more than expected) is said in the API's own words.
  const submit = useAdminSubmit((answer) => {
    const problem = applyAnswer(answer);
    return problem === CORRECT_FIELDS ? (answer.message ?? problem) : problem;
  });
  return (
    <FormShell
      title={`Receive shipment ${shipment.supplier_reference}`}
      {...submit.shell}
      submitLabel="Receive"
      dirty={form.formState.isDirty}
      watchSearch
      tour="shipment-receive-form"
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          const answer = await submit.send<ShipmentView>({ method: "POST", url: `/api/shipments/${shipment.id}/receive`, body: values });
          if (!answer) return;
          const after = answer.data as ShipmentView;
          const units = values.lines.reduce((sum, l) => sum + Number(l.quantity), 0);
          onDone(
            `${units} unit${units === 1 ? "" : "s"} received into ${after.branch_name}${after.status === "received" ? ": the shipment is complete." : "."}`,
          );
        }),
        submit.invalid,
      )}
    >
      <AdminFieldSection
        title="Receive"
        description={`What arrived of each product, into ${shipment.branch_name}'s stock. It defaults to what is still expected; enter 0 for what has not come.`}
      >
        <ul className="space-y-3">
          {open.map((l, i) => (
            <li key={l.product_id} className="flex flex-wrap items-end gap-3">
              <p className="min-w-48 flex-1 text-slate-900">
                <span className="font-medium">{l.product_name}</span>{" "}
                <span className="text-sm text-slate-600">
                  ({l.received} of {l.quantity} received)
                </span>
              </p>
              <TextField
                label="Received now"
                aria-label={`Received now of ${l.product_name}`}
                className="w-40"
                inputMode="numeric"
                autoComplete="off"
                error={error(`lines.${i}.quantity` as never)}
                {...register(`lines.${i}.quantity` as never)}
              />
            </li>
          ))}
        </ul>
        <TextField label="Note (optional)" hint="Added to the ledger's reason." autoComplete="off" maxLength={300} {...register("note")} />
      </AdminFieldSection>
    </FormShell>
  );
}
