import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { signedCents } from "#shared/money.ts";
import type { NoteOptions } from "#shared/schemas/tax-documents.ts";
import { vatRateLabel } from "#shared/tax.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { Token } from "#web/components/ui/token.tsx";
import { formatMoney } from "#web/features/orders/order-card.tsx";
import type { ApiAnswer } from "../kit/send-request.ts";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";
import { STEP_UP_HINT, StepUpCodeField, useStepUp } from "../users/step-up.tsx";

/**
 * "Issue credit note" and "Issue debit note" for the order's invoice (decision 016): the lines with what remains of
 * each, the units returned or an amount per line, a charge added (debit only), and the reason FDMS requires. The
 * service checks everything again (never more than remains, the 12-month rule); its refusals go under their fields.
 */

type Issues = Record<string, string>;

/** The API's field issues ("body.lines.0.quantity") by field name without "body.". */
function issuesOf(answer: ApiAnswer): Issues {
  return Object.fromEntries(answer.issues.map((i) => [i.path.replace(/^body\./, ""), i.message]));
}

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
/** An amount as typed is one above 0, with at most two decimals. */
const positiveAmount = (text: string) => AMOUNT.test(text.trim()) && (signedCents(text.trim()) ?? 0n) > 0n;

/** A note's form: sent by script (the answer's errors under their fields), its failure and form-wide error on top. */
function NoteForm(props: {
  busy: boolean;
  failure: string | null | undefined;
  formIssue: string | undefined;
  onSend: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-busy={props.busy}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void props.onSend();
      }}
    >
      {props.failure ? <FormAlert>{props.failure}</FormAlert> : null}
      {props.formIssue ? <FormAlert>{props.formIssue}</FormAlert> : null}
      {props.children}
    </form>
  );
}

/** The reason every note must give (FDMS's receiptNotes, RCPT034), printed on it. */
function NoteReason(props: { name: string; value: string; error: string | undefined; onChange: (value: string) => void }) {
  return (
    <TextAreaField
      label="Reason (printed on the note)"
      name={props.name}
      value={props.value}
      maxLength={500}
      error={props.error}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}

function CreditNoteForm({ options, onDone }: { options: NoteOptions; onDone: (message: string) => void }) {
  const [units, setUnits] = useState<Record<string, string>>({});
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [reason, setReason] = useState("");
  const [issues, setIssues] = useState<Issues>({});
  const submit = useAdminSubmit((answer) => {
    setIssues(issuesOf(answer));
    return answer.message;
  });
  const creditable = options.lines.filter((l) => !l.discount && positiveAmount(l.remaining_net));
  // Issuing a credit note is a sensitive change (decision 035): a fresh code first.
  const step = useStepUp();

  async function send() {
    const found: Issues = {};
    const lines: { line: string; quantity?: number; amount?: string }[] = [];
    for (const l of creditable) {
      const u = (units[l.line] ?? "").trim();
      const a = (amounts[l.line] ?? "").trim();
      if (u && a) found[`line-${l.line}`] = "Give the units returned or an amount, not both.";
      else if (u) {
        const n = Number(u);
        if (!Number.isInteger(n) || n < 1 || n > l.remaining_quantity) {
          found[`line-${l.line}`] = `Enter a whole number from 1 to ${l.remaining_quantity}.`;
        } else lines.push({ line: l.line, quantity: n });
      } else if (a) {
        if (!positiveAmount(a)) found[`line-${l.line}`] = "Enter an amount such as 25.00, excluding VAT.";
        else lines.push({ line: l.line, amount: a });
      }
    }
    if (reason.trim().length < 3) found.reason = "Give the reason: it is printed on the note and FDMS requires one.";
    if (lines.length === 0 && Object.keys(found).length === 0) found.form = "Enter the units returned or an amount on at least one line.";
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    if (!(await step.confirm())) return;
    const answer = await submit.send<{ number: string }>({
      method: "POST",
      url: `/api/tax-documents/${options.invoice.id}/credit-notes`,
      body: { reason: reason.trim(), lines },
    });
    if (!answer) return;
    setUnits({});
    setAmounts({});
    setReason("");
    await submit.succeed();
    onDone(`Credit note ${answer.data?.number ?? ""} is issued: it is listed with the order's documents.`);
  }

  const lineIssue = (key: string, i: number) =>
    issues[`line-${key}`] ?? issues[`lines.${i}.quantity`] ?? issues[`lines.${i}.amount`] ?? issues[`lines.${i}`];

  return (
    <NoteForm busy={submit.busy} failure={submit.failure} formIssue={issues.form} onSend={send}>
      {creditable.length === 0 ? <p className="text-sm text-slate-700">Nothing remains to be credited on this invoice.</p> : null}
      {creditable.map((l) => {
        // The index the service will name in its issues: the order of the lines sent.
        const sentIndex = creditable
          .filter((c) => (units[c.line] ?? amounts[c.line] ?? "").trim() !== "")
          .findIndex((c) => c.line === l.line);
        const issue = lineIssue(l.line, sentIndex);
        return (
          <fieldset key={l.line} className="rounded-md border border-slate-200 p-3" data-note-line={l.line}>
            <legend className="px-1 text-sm font-semibold text-slate-900">{l.name}</legend>
            <p className="mb-2 text-xs text-slate-600">
              {l.remaining_quantity} of {l.quantity} uncredited at <Token>{formatMoney(options.invoice.currency, l.unit_price)}</Token> ·{" "}
              <Token>{formatMoney(options.invoice.currency, l.remaining_net)}</Token> left excl. VAT · VAT {vatRateLabel(l.vat_rate)}
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label="Units returned"
                name={`units-${l.line}`}
                inputMode="numeric"
                value={units[l.line] ?? ""}
                disabled={l.remaining_quantity < 1}
                error={issue}
                onChange={(e) => setUnits({ ...units, [l.line]: e.currentTarget.value })}
              />
              <TextField
                label="Or an amount off (excl. VAT)"
                name={`amount-${l.line}`}
                inputMode="decimal"
                value={amounts[l.line] ?? ""}
                onChange={(e) => setAmounts({ ...amounts, [l.line]: e.currentTarget.value })}
              />
            </div>
          </fieldset>
        );
      })}
      <NoteReason name="reason" value={reason} error={issues.reason} onChange={setReason} />
      <p className="text-sm text-slate-700">
        Stock is not changed by a credit note. Record returned goods under{" "}
        <Link to="/admin/stock" className="font-semibold text-accent-800 underline">
          Stock
        </Link>{" "}
        (a return at the branch).
      </p>
      <StepUpCodeField className="max-w-xs" hint={STEP_UP_HINT} {...step.field} />
      <button type="submit" disabled={submit.busy || creditable.length === 0} className={buttonClass("primary")}>
        {submit.busy ? "Issuing the credit note…" : "Issue the credit note"}
      </button>
    </NoteForm>
  );
}

function DebitNoteForm({ options, onDone }: { options: NoteOptions; onDone: (message: string) => void }) {
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [charge, setCharge] = useState({ name: "", amount: "", vat_rate: options.vat_rates[0] ?? "exempt" });
  const [reason, setReason] = useState("");
  const [issues, setIssues] = useState<Issues>({});
  const submit = useAdminSubmit((answer) => {
    setIssues(issuesOf(answer));
    return answer.message;
  });
  const lines = options.lines.filter((l) => !l.discount);

  async function send() {
    const found: Issues = {};
    const raised: { line: string; amount: string }[] = [];
    for (const l of lines) {
      const a = (amounts[l.line] ?? "").trim();
      if (!a) continue;
      if (!positiveAmount(a)) found[`line-${l.line}`] = "Enter an amount such as 25.00, excluding VAT.";
      else raised.push({ line: l.line, amount: a });
    }
    const charges: { name: string; amount: string; vat_rate: string }[] = [];
    if (charge.name.trim() || charge.amount.trim()) {
      if (!charge.name.trim()) found["charges.0.name"] = "Name the charge.";
      if (!positiveAmount(charge.amount)) found["charges.0.amount"] = "Enter an amount such as 25.00, excluding VAT.";
      charges.push({ name: charge.name.trim(), amount: charge.amount.trim(), vat_rate: charge.vat_rate ?? "exempt" });
    }
    if (reason.trim().length < 3) found.reason = "Give the reason: it is printed on the note and FDMS requires one.";
    if (raised.length + charges.length === 0 && Object.keys(found).length === 0) found.form = "Enter an amount on a line or add a charge.";
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    const answer = await submit.send<{ number: string }>({
      method: "POST",
      url: `/api/tax-documents/${options.invoice.id}/debit-notes`,
      body: { reason: reason.trim(), lines: raised, charges },
    });
    if (!answer) return;
    setAmounts({});
    setCharge({ name: "", amount: "", vat_rate: options.vat_rates[0] ?? "exempt" });
    setReason("");
    await submit.succeed();
    onDone(`Debit note ${answer.data?.number ?? ""} is issued: it is listed with the order's documents.`);
  }

  return (
    <NoteForm busy={submit.busy} failure={submit.failure} formIssue={issues.form} onSend={send}>
      {lines.map((l, i) => (
        <TextField
          key={l.line}
          label={`${l.name}: amount added (excl. VAT)`}
          hint={`Now ${formatMoney(options.invoice.currency, l.remaining_net)} excl. VAT · VAT ${vatRateLabel(l.vat_rate)}`}
          name={`raise-${l.line}`}
          inputMode="decimal"
          value={amounts[l.line] ?? ""}
          error={issues[`line-${l.line}`] ?? issues[`lines.${i}.amount`]}
          onChange={(e) => setAmounts({ ...amounts, [l.line]: e.currentTarget.value })}
        />
      ))}
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-900">A charge added (optional)</legend>
        <TextField
          label="Charge"
          name="charge-name"
          value={charge.name}
          maxLength={200}
          error={issues["charges.0.name"]}
          onChange={(e) => setCharge({ ...charge, name: e.currentTarget.value })}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Amount (excl. VAT)"
            name="charge-amount"
            inputMode="decimal"
            value={charge.amount}
            error={issues["charges.0.amount"]}
            onChange={(e) => setCharge({ ...charge, amount: e.currentTarget.value })}
          />
          <SelectField
            label="VAT rate (one of the invoice's)"
            name="charge-vat"
            value={charge.vat_rate ?? "exempt"}
            error={issues["charges.0.vat_rate"]}
            onChange={(e) => setCharge({ ...charge, vat_rate: e.currentTarget.value })}
          >
            {options.vat_rates.map((r) => (
              <option key={r ?? "exempt"} value={r ?? "exempt"}>
                {vatRateLabel(r)}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
      <NoteReason name="debit-reason" value={reason} error={issues.reason} onChange={setReason} />
      <button type="submit" disabled={submit.busy} className={buttonClass("primary")}>
        {submit.busy ? "Issuing the debit note…" : "Issue the debit note"}
      </button>
    </NoteForm>
  );
}

/** The note forms of the order's invoice, each behind its own disclosure; or why no note can be issued. */
export function OrderNotes({ options }: { options: NoteOptions }) {
  const [open, setOpen] = useState<"credit" | "debit" | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const finished = (message: string) => {
    setOpen(null);
    setDone(message);
  };
  const toggle = (which: "credit" | "debit") => {
    setDone(null);
    setOpen(open === which ? null : which);
  };
  return (
    <section aria-labelledby="order-notes-heading" className="space-y-4 self-start rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="order-notes-heading" className="text-lg font-semibold text-slate-900">
        Credit and debit notes
      </h2>
      <p className="text-sm text-slate-700">
        Of invoice <Token>{options.invoice.number}</Token>: <Token>{formatMoney(options.invoice.currency, options.remaining_total)}</Token>{" "}
        remains after its notes (incl. VAT).
      </p>
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      {options.refused ? (
        <FormAlert>{options.refused}</FormAlert>
      ) : (
        <>
          {options.not_fiscalised ? <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{options.not_fiscalised}</p> : null}
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              aria-expanded={open === "credit"}
              aria-controls="credit-note-form"
              className={buttonClass(open === "credit" ? "secondary" : "outline")}
              onClick={() => toggle("credit")}
            >
              Issue credit note
            </button>
            <button
              type="button"
              aria-expanded={open === "debit"}
              aria-controls="debit-note-form"
              className={buttonClass(open === "debit" ? "secondary" : "outline")}
              onClick={() => toggle("debit")}
            >
              Issue debit note
            </button>
          </div>
          <div id="credit-note-form" hidden={open !== "credit"}>
            {open === "credit" ? <CreditNoteForm options={options} onDone={finished} /> : null}
          </div>
          <div id="debit-note-form" hidden={open !== "debit"}>
            {open === "debit" ? <DebitNoteForm options={options} onDone={finished} /> : null}
          </div>
        </>
      )}
    </section>
  );
}
