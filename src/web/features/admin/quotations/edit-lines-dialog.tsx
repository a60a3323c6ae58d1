import { ListPlus, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import {
  CHARGE_KIND_LABELS,
  type EditQuotationLinesForm,
  editQuotationLinesSchema,
  QUOTATION_CHARGE_KINDS,
  type QuotationChargeKind,
  type QuotationView,
} from "#shared/schemas/quotations.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { RowActionButton } from "#web/components/ui/row-actions.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";
import { ProductFinder } from "../stock/shipment-forms.tsx";

type Line = { id?: number; product_id?: number; name: string; quantity: string; price: string; added: boolean };
type Charge = { key: number; kind: QuotationChargeKind; label: string; amount: string };

const INPUT = "block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base";

/** Only a pending or rejected quotation's lines change before it is approved (again). */
export function canEditLines(quotation: QuotationView): boolean {
  return quotation.status === "pending" || quotation.status === "rejected";
}

/** The row action that opens the line editor. */
export function editLinesAction(
  quotation: QuotationView,
  hydrated: boolean,
  open: (event: React.MouseEvent<HTMLButtonElement>) => void,
): React.ReactNode {
  if (!canEditLines(quotation)) return null;
  return (
    <RowActionButton
      key="edit-lines"
      icon={ListPlus}
      label="Edit lines"
      // The icon alone, its word for screen readers and as a tooltip: the row keeps the Help button's lane free.
      iconOnly
      name={`quotation #${quotation.id}`}
      data-tour="quotation-edit-lines"
      onClick={open}
      disabled={!hydrated}
    />
  );
}

/**
 * Before approving: the quotation's products with their quantities and the unit price to offer (the
 * approval form starts from it), products added from the catalogue, lines removed, and delivery, installation and
 * discount amounts excluding VAT in the currency it will be approved in. Sent whole to PUT /api/quotations/{id}/lines;
 * the API's messages are listed under the form.
 */
export function EditLinesDialog({
  quotation,
  onClose,
  onDone,
}: {
  quotation: QuotationView;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const baseId = useId();
  const [lines, setLines] = useState<Line[]>(() =>
    quotation.lines.map((l) => ({
      id: l.id,
      name: l.product_name,
      quantity: String(l.quantity),
      price: l.quoted_price ?? "",
      added: l.added_by_admin,
    })),
  );
  const [charges, setCharges] = useState<Charge[]>(() =>
    quotation.charges.map((c, i) => ({ key: i, kind: c.kind, label: c.label, amount: c.amount })),
  );
  const [dirty, setDirty] = useState(false);
  const [issues, setIssues] = useState<string[]>([]);
  // The API's refusal heads the form, each of its issues listed under it by line or charge.
  const sending = useAdminSubmit((answer) => {
    setIssues(answer.issues.map((i) => issueText(i.path.replace(/^body\./, "").split("."), i.message)));
    return answer.message ?? "The lines could not be saved.";
  });
  const { busy, failure } = sending;

  const changeLine = (i: number, patch: Partial<Line>) => {
    setDirty(true);
    setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  };
  const changeCharge = (key: number, patch: Partial<Charge>) => {
    setDirty(true);
    setCharges((all) => all.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  };
  const onProducts = new Set(lines.flatMap((l) => (l.product_id ? [l.product_id] : [])));
  for (const l of quotation.lines) if (l.product_id !== null && lines.some((x) => x.id === l.id)) onProducts.add(l.product_id);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body: EditQuotationLinesForm = {
      lines: lines.map((l) => ({
        ...(l.id !== undefined ? { id: l.id } : { product_id: l.product_id }),
        quantity: l.quantity as unknown as number,
        ...(l.price.trim() ? { price: l.price.trim() } : {}),
      })),
      charges: charges.map((c) => ({ kind: c.kind, label: c.label, amount: c.amount })),
    };
    const checked = editQuotationLinesSchema.safeParse(body);
    if (!checked.success) {
      sending.setFailure("Please correct the lines below.");
      setIssues(checked.error.issues.map((i) => issueText(i.path.map(String), i.message)));
      return;
    }
    setIssues([]);
    const answer = await sending.send({ method: "PUT", url: `/api/quotations/${quotation.id}/lines`, body: checked.data });
    if (answer) onDone(`The lines of quotation #${quotation.id} are saved. Approve it to send the prices.`);
  }

  /** "lines.2.quantity" → "Line 3 (Panel): …". */
  function issueText(path: string[], message: string): string {
    const [list, index] = path;
    const n = Number(index);
    if (list === "lines" && Number.isInteger(n)) return `Line ${n + 1} (${lines[n]?.name ?? ""}): ${message}`;
    if (list === "charges" && Number.isInteger(n)) return `Charge ${n + 1}: ${message}`;
    return message;
  }

  const title = `Edit the lines of quotation #${quotation.id}`;
  return (
    <Dialog open onClose={busy ? () => {} : onClose} title={title}>
      <FormShell title={title} onSubmit={submit} busy={busy} error={failure} submitLabel="Save lines" onCancel={onClose} dirty={dirty}>
        {issues.length ? (
          <ul className="list-disc space-y-1 pl-5 text-sm text-red-800" aria-label="What to correct">
            {issues.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : null}
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">Products</legend>
          <p className="text-sm text-slate-700">
            The unit price is optional here, in {quotation.currency}: the approval form starts from it. Leave it empty to offer the list
            price.
          </p>
          <ul className="space-y-3">
            {lines.map((line, i) => {
              const id = `${baseId}-line-${i}`;
              return (
                <li key={line.id ?? `new-${line.product_id}`} className="rounded-md border border-slate-200 p-3" data-line={line.name}>
                  <p className="font-medium text-slate-900">
                    {line.name}
                    {line.added ? <span className="ml-2 text-sm font-normal text-slate-600">(added by us)</span> : null}
                  </p>
                  <div className="mt-2 grid grid-cols-[1fr_1fr_auto] items-end gap-3">
                    <div>
                      <label htmlFor={`${id}-qty`} className="mb-1 block text-sm font-medium text-slate-800">
                        Quantity<span className="sr-only"> of {line.name}</span>
                      </label>
                      <input
                        id={`${id}-qty`}
                        inputMode="numeric"
                        className={INPUT}
                        value={line.quantity}
                        onChange={(e) => changeLine(i, { quantity: e.currentTarget.value })}
                      />
                    </div>
                    <div>
                      <label htmlFor={`${id}-price`} className="mb-1 block text-sm font-medium text-slate-800">
                        Unit price<span className="sr-only"> of {line.name}</span>
                      </label>
                      <input
                        id={`${id}-price`}
                        inputMode="decimal"
                        className={INPUT}
                        value={line.price}
                        onChange={(e) => changeLine(i, { price: e.currentTarget.value })}
                      />
                    </div>
                    <RowActionButton
                      icon={Trash2}
                      tone="danger"
                      label="Remove"
                      name={line.name}
                      onClick={() => {
                        setDirty(true);
                        setLines((all) => all.filter((_, j) => j !== i));
                      }}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
          <ProductFinder
            inputId={`${baseId}-find`}
            exclude={onProducts}
            onPick={(p) => {
              setDirty(true);
              setLines((all) => [...all, { product_id: p.product_id, name: p.product_name, quantity: "1", price: "", added: true }]);
            }}
          />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">Delivery, installation and discounts</legend>
          <p className="text-sm text-slate-700">
            Amounts exclude VAT, in {quotation.currency}, the quotation's currency: approving it in another currency converts them at the
            rate in force. A discount is subtracted and cannot be larger than the lines and charges.
          </p>
          <ul className="space-y-3">
            {charges.map((charge, i) => {
              const id = `${baseId}-charge-${charge.key}`;
              return (
                <li
                  key={charge.key}
                  className="grid grid-cols-1 items-end gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[auto_1fr_8rem_auto]"
                >
                  <div>
                    <label htmlFor={`${id}-kind`} className="mb-1 block text-sm font-medium text-slate-800">
                      Kind<span className="sr-only"> of charge {i + 1}</span>
                    </label>
                    <select
                      id={`${id}-kind`}
                      className={INPUT}
                      value={charge.kind}
                      onChange={(e) => changeCharge(charge.key, { kind: e.currentTarget.value as QuotationChargeKind })}
                    >
                      {QUOTATION_CHARGE_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {CHARGE_KIND_LABELS[k]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label htmlFor={`${id}-label`} className="mb-1 block text-sm font-medium text-slate-800">
                      Label<span className="sr-only"> of charge {i + 1}</span>
                    </label>
                    <input
                      id={`${id}-label`}
                      className={INPUT}
                      maxLength={120}
                      value={charge.label}
                      placeholder={CHARGE_KIND_LABELS[charge.kind]}
                      onChange={(e) => changeCharge(charge.key, { label: e.currentTarget.value })}
                    />
                  </div>
                  <div>
                    <label htmlFor={`${id}-amount`} className="mb-1 block text-sm font-medium text-slate-800">
                      Amount<span className="sr-only"> of charge {i + 1}</span>
                    </label>
                    <input
                      id={`${id}-amount`}
                      inputMode="decimal"
                      className={INPUT}
                      value={charge.amount}
                      onChange={(e) => changeCharge(charge.key, { amount: e.currentTarget.value })}
                    />
                  </div>
                  <RowActionButton
                    icon={Trash2}
                    tone="danger"
                    label="Remove"
                    name={`charge ${i + 1}`}
                    onClick={() => {
                      setDirty(true);
                      setCharges((all) => all.filter((c) => c.key !== charge.key));
                    }}
                  />
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={() => {
              setDirty(true);
              setCharges((all) => [...all, { key: Math.max(0, ...all.map((c) => c.key + 1)), kind: "delivery", label: "", amount: "" }]);
            }}
          >
            <Plus aria-hidden="true" className="size-4" /> Add a charge or discount
          </button>
        </fieldset>
      </FormShell>
    </Dialog>
  );
}
