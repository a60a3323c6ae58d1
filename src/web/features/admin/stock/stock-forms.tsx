import { Plus, Search, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFieldArray } from "react-hook-form";
import { useRevalidator } from "react-router";
import {
  type BranchInput,
  type BranchView,
  branchSchema,
  type DeliveryFeeInput,
  type DeliveryFeeView,
  deliveryFeeSchema,
  receiveShipmentSchema,
  type ShipmentView,
  type StockImportResult,
  type StockLevelView,
  shipmentSchema,
  stockAdjustmentSchema,
} from "#shared/schemas/stock.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { RowActionButton } from "#web/components/ui/row-actions.tsx";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { Token } from "#web/components/ui/token.tsx";
import { AdminFieldSection } from "../kit/admin-section.tsx";
import { FormShell, useAdminForm } from "../kit/form-kit.tsx";
import { sendRequest } from "../kit/send-request.ts";

const FIX_FIELDS = "Please correct the fields marked below.";

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
  const [failure, setFailure] = useState<string | null>(null);
  const free = level.available;
  return (
    <FormShell
      title={`Adjust ${level.product_name} at ${level.branch_name}`}
      busy={form.formState.isSubmitting}
      error={failure}
      submitLabel="Save adjustment"
      dirty={form.formState.isDirty}
      watchSearch
      onCancel={onCancel}
      tour="stock-adjust-form"
      onSubmit={form.handleSubmit(
        async (values) => {
          setFailure(null);
          const answer = await sendRequest<StockLevelView>({ method: "POST", url: "/api/stock/adjustments", body: values });
          const problem = applyAnswer(answer);
          if (problem) {
            setFailure(problem);
            return;
          }
          const after = answer.data as StockLevelView;
          form.reset(initial);
          onDone(`${level.product_name} at ${level.branch_name}: ${after.on_hand} on hand, ${after.available} available.`);
        },
        () => setFailure(FIX_FIELDS),
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
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <FormShell
      title={branch ? `Edit branch ${branch.name}` : "Add a branch"}
      busy={form.formState.isSubmitting}
      error={failure}
      submitLabel={branch ? "Save changes" : "Add branch"}
      dirty={form.formState.isDirty}
      watchSearch
      onCancel={onCancel}
      tour="branch-form"
      onSubmit={form.handleSubmit(
        async (values) => {
          setFailure(null);
          const answer = await sendRequest<BranchView>(
            branch
              ? { method: "PUT", url: `/api/branches/${branch.id}`, body: values }
              : { method: "POST", url: "/api/branches", body: values },
          );
          const problem = applyAnswer(answer);
          if (problem) {
            setFailure(problem);
            return;
          }
          form.reset(values);
          onSaved(branch ? "Branch updated." : "Branch added.");
        },
        () => setFailure(FIX_FIELDS),
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
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <FormShell
      title={fee ? `Edit the delivery fee to ${fee.city}` : "Add a delivery fee"}
      busy={form.formState.isSubmitting}
      error={failure}
      submitLabel={fee ? "Save changes" : "Add fee"}
      dirty={form.formState.isDirty}
      watchSearch
      onCancel={onCancel}
      tour="delivery-fee-form"
      onSubmit={form.handleSubmit(
        async (values) => {
          setFailure(null);
          const answer = await sendRequest<DeliveryFeeView>(
            fee
              ? { method: "PUT", url: `/api/delivery-fees/${fee.id}`, body: values }
              : { method: "POST", url: "/api/delivery-fees", body: values },
          );
          const problem = applyAnswer(answer);
          if (problem) {
            setFailure(problem);
            return;
          }
          form.reset(values);
          onSaved(fee ? "Delivery fee updated." : "Delivery fee added.");
        },
        () => setFailure(FIX_FIELDS),
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
  const [failure, setFailure] = useState<string | null>(null);
  const linesError = error("lines") ?? (form.formState.errors.lines as { root?: { message?: string } } | undefined)?.root?.message;
  return (
    <FormShell
      title="New shipment"
      busy={form.formState.isSubmitting}
      error={failure}
      submitLabel="Save shipment"
      dirty={form.formState.isDirty}
      watchSearch
      onCancel={onCancel}
      tour="shipment-form"
      onSubmit={form.handleSubmit(
        async (values) => {
          setFailure(null);
          const body = { ...values, lines: values.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity })) };
          const answer = await sendRequest<ShipmentView>({ method: "POST", url: "/api/shipments", body });
          const problem = applyAnswer(answer);
          if (problem) {
            setFailure(problem);
            return;
          }
          const made = answer.data as ShipmentView;
          form.reset(values);
          onSaved(`Shipment ${made.supplier_reference} to ${made.branch_name} saved: expected ${made.expected_date}.`, made.id);
        },
        () => setFailure(FIX_FIELDS),
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
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <FormShell
      title={`Receive shipment ${shipment.supplier_reference}`}
      busy={form.formState.isSubmitting}
      error={failure}
      submitLabel="Receive"
      dirty={form.formState.isDirty}
      watchSearch
      tour="shipment-receive-form"
      onSubmit={form.handleSubmit(
        async (values) => {
          setFailure(null);
          const answer = await sendRequest<ShipmentView>({ method: "POST", url: `/api/shipments/${shipment.id}/receive`, body: values });
          const problem = applyAnswer(answer);
          if (problem) {
            setFailure(problem === FIX_FIELDS ? (answer.message ?? problem) : problem);
            return;
          }
          const after = answer.data as ShipmentView;
          const units = values.lines.reduce((sum, l) => sum + Number(l.quantity), 0);
          onDone(
            `${units} unit${units === 1 ? "" : "s"} received into ${after.branch_name}${after.status === "received" ? ": the shipment is complete." : "."}`,
          );
        },
        () => setFailure(FIX_FIELDS),
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

/** POST /api/stock/import: a count file (sku,branch,count) read in the browser and sent as text; the refusal lists its lines. */
export function ImportForm() {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<StockImportResult | null>(null);
  const [failure, setFailure] = useState<{ message: string; lines: string[] } | null>(null);
  const revalidator = useRevalidator();
  return (
    <form
      aria-label="Import stock counts"
      noValidate
      className="space-y-5"
      data-tour="stock-import-form"
      onSubmit={async (e) => {
        e.preventDefault();
        setResult(null);
        setFailure(null);
        if (!file) {
          setFailure({ message: "Choose a CSV file first.", lines: [] });
          return;
        }
        setBusy(true);
        const csv = await file.text();
        const answer = await sendRequest<StockImportResult>({ method: "POST", url: "/api/stock/import", body: { csv } });
        setBusy(false);
        if (!answer.ok) {
          const lines = answer.issues.map((i) => i.message);
          setFailure({
            message:
              lines.length > 1
                ? `The file was not imported: ${lines.length} problems. Nothing changed.`
                : (answer.message ?? "Importing failed."),
            lines: lines.length > 1 ? lines : [],
          });
          return;
        }
        setResult(answer.data);
        await revalidator.revalidate();
      }}
    >
      {result ? <FormAlert tone="success">{result.message}</FormAlert> : null}
      {failure ? (
        <FormAlert>
          <p>{failure.message}</p>
          {failure.lines.length ? (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {failure.lines.map((l) => (
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
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClass("primary")}>
        {busy ? "Importing…" : "Import counts"}
      </button>
    </form>
  );
}
