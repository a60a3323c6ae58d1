import type { UseFormRegisterReturn } from "react-hook-form";
import { formatDate } from "#shared/dates.ts";
import { addDays } from "#shared/quotation-status.ts";
import {
  type CorrectExchangeRate,
  type CorrectTaxRate,
  correctExchangeRateSchema,
  correctTaxRateSchema,
  type ExchangeRate,
  type NewExchangeRate,
  type NewTaxRate,
  newExchangeRateSchema,
  newTaxRateSchema,
  RATE_CURRENCIES,
  RATE_JUMP_PERCENT,
  type TaxRate,
} from "#shared/schemas/rates.ts";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { AdminFieldSection } from "../kit/admin-section.tsx";
import { FormShell, useAdminForm } from "../kit/form-kit.tsx";
import { CORRECT_FIELDS, useAdminSubmit } from "../kit/use-admin-submit.ts";
import { STEP_UP_HINT, StepUpCodeField, useStepUp } from "../users/step-up.tsx";
import { DEFAULT_RATE_SOURCE, FROZEN_RATES_NOTE } from "./rates-tabs.ts";

/**
 * "The rate is right": sent as `confirm`, for a rate more than RATE_JUMP_PERCENT % from the last one, which the API
 * otherwise refuses under the rate with the figures (a mistyped 2650 for 26.50).
 */
function ConfirmJump({ id, register }: { id: string; register: () => object }) {
  return (
    <div className="flex items-start gap-2 text-sm text-slate-800">
      <input id={id} type="checkbox" className="mt-1 size-4" {...register()} />
      <label htmlFor={id}>
        The rate is right{" "}
        <span className="text-slate-600">
          (tick this only when the API warns that the rate is more than {RATE_JUMP_PERCENT} % from the last one)
        </span>
      </label>
    </div>
  );
}

/** POST /api/exchange-rates: today's (Africa/Harare) or a later day's official rate; a day already taken is said on the date. */
export function AddExchangeRateForm({ today }: { today: string }) {
  const initial: NewExchangeRate = { currency: "ZWG", rate: "", effective_date: today, source: DEFAULT_RATE_SOURCE };
  const { form, register, error, applyAnswer } = useAdminForm(newExchangeRateSchema, initial);
  const submit = useAdminSubmit(applyAnswer);
  // A sensitive change (decision 035): a fresh code first.
  const step = useStepUp();
  return (
    <FormShell
      title="Add an exchange rate"
      {...submit.shell}
      submitLabel="Add rate"
      dirty={form.formState.isDirty}
      tour="rates-add-form"
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          if (!(await step.confirm())) return;
          const answer = await submit.send<ExchangeRate>({ method: "POST", url: "/api/exchange-rates", body: values }, (refused) => {
            if (refused.status !== 409) return applyAnswer(refused);
            form.setError("effective_date", { type: "server", message: refused.message ?? "This day already has a rate." });
            return CORRECT_FIELDS;
          });
          if (!answer) return;
          const added = answer.data as ExchangeRate;
          form.reset(initial);
          await submit.succeed({
            message:
              added.effective_date > today
                ? `Rate ${added.rate} scheduled: it takes effect on ${formatDate(added.effective_date)}.`
                : `Rate ${added.rate} added: prices use it from ${formatDate(added.effective_date)}.`,
          });
        }),
        submit.invalid,
      )}
    >
      <AdminFieldSection
        title="Add an exchange rate"
        description="The official rate from a day on. A later day's rate is scheduled: prices switch to it that day (Africa/Harare)."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Currency" error={error("currency")} {...register("currency")}>
            {RATE_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Rate (ZWG per 1 USD)"
            hint="Up to 4 decimals, e.g. 26.8015."
            inputMode="decimal"
            autoComplete="off"
            error={error("rate")}
            {...register("rate")}
          />
          <TextField label="Effective date" type="date" error={error("effective_date")} {...register("effective_date")} />
          <TextField label="Source" autoComplete="off" maxLength={200} error={error("source")} {...register("source")} />
        </div>
        <ConfirmJump id="add-rate-confirm" register={() => register("confirm")} />
        <StepUpCodeField className="max-w-xs" hint={STEP_UP_HINT} {...step.field} />
      </AdminFieldSection>
    </FormShell>
  );
}

/** PATCH /api/exchange-rates/{id}: a mistyped rate or source corrected, with the reason the audit log keeps. */
export function CorrectExchangeRateForm({
  rate,
  onDone,
  onCancel,
}: {
  rate: ExchangeRate;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const initial: CorrectExchangeRate = { rate: rate.rate, source: rate.source, reason: "" };
  const { form, register, error, applyAnswer } = useAdminForm(correctExchangeRateSchema, initial);
  const submit = useAdminSubmit(applyAnswer);
  // A sensitive change (decision 035): a fresh code first.
  const step = useStepUp();
  return (
    <FormShell
      title={`Correct the rate from ${formatDate(rate.effective_date)}`}
      {...submit.shell}
      submitLabel="Save correction"
      dirty={form.formState.isDirty}
      watchSearch
      onCancel={onCancel}
      tour="rates-correct-form"
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          if (!(await step.confirm())) return;
          const answer = await submit.send<ExchangeRate>({ method: "PATCH", url: `/api/exchange-rates/${rate.id}`, body: values });
          const corrected = answer?.data;
          if (!corrected) return;
          form.reset(values);
          onDone(`The rate from ${formatDate(corrected.effective_date)} is now ${corrected.rate}.`);
        }),
        submit.invalid,
      )}
    >
      <AdminFieldSection title={`${rate.currency} rate from ${formatDate(rate.effective_date)}`} description={FROZEN_RATES_NOTE}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Rate (ZWG per 1 USD)"
            hint={`Entered as ${rate.rate}. Up to 4 decimals.`}
            inputMode="decimal"
            autoComplete="off"
            error={error("rate")}
            {...register("rate")}
          />
          <TextField label="Source" autoComplete="off" maxLength={200} error={error("source")} {...register("source")} />
        </div>
        <CorrectionReason register={register} error={error} />
        <ConfirmJump id={`correct-rate-confirm-${rate.id}`} register={() => register("confirm")} />
        <StepUpCodeField className="max-w-xs" hint={STEP_UP_HINT} {...step.field} />
      </AdminFieldSection>
    </FormShell>
  );
}

/** A VAT rate's two fields, as adding and correcting one ask them: its day after today at the earliest (decision 024). */
function VatRateFields({
  register,
  error,
  today,
  rateHint,
}: {
  register: (name: "rate" | "valid_from") => UseFormRegisterReturn;
  error: (name: "rate" | "valid_from") => string | undefined;
  today: string;
  rateHint: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="VAT rate (%)" hint={rateHint} inputMode="decimal" autoComplete="off" error={error("rate")} {...register("rate")} />
      <TextField
        label="Valid from"
        type="date"
        min={addDays(today, 1)}
        hint="Tomorrow at the earliest."
        error={error("valid_from")}
        {...register("valid_from")}
      />
    </div>
  );
}

/**
 * POST /api/tax-rates: the standard VAT rate from a day after today on (documents issued today keep today's rate); a
 * day already taken is said on the date.
 */
export function AddTaxRateForm({ today }: { today: string }) {
  const initial: NewTaxRate = { rate: "", valid_from: addDays(today, 1) };
  const { form, register, error, applyAnswer } = useAdminForm(newTaxRateSchema, initial);
  const submit = useAdminSubmit(applyAnswer);
  // A sensitive change (decision 035): a fresh code first.
  const step = useStepUp();
  return (
    <FormShell
      title="Add a VAT rate"
      {...submit.shell}
      submitLabel="Add VAT rate"
      dirty={form.formState.isDirty}
      tour="rates-vat-form"
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          if (!(await step.confirm())) return;
          const answer = await submit.send<TaxRate>({ method: "POST", url: "/api/tax-rates", body: values }, (refused) => {
            if (refused.status !== 409) return applyAnswer(refused);
            form.setError("valid_from", { type: "server", message: refused.message ?? "This day already has a VAT rate." });
            return CORRECT_FIELDS;
          });
          if (!answer) return;
          const added = answer.data as TaxRate;
          form.reset(initial);
          await submit.succeed({ message: `VAT ${added.rate} % added from ${formatDate(added.valid_from)}.` });
        }),
        submit.invalid,
      )}
    >
      <AdminFieldSection
        title="Add a VAT rate"
        description="The standard rate in percent from a day after today on. Documents already issued, today's included, keep the VAT they were issued with."
      >
        <VatRateFields register={register} error={error} today={today} rateHint="Up to 2 decimals, e.g. 15.50." />
        <StepUpCodeField className="max-w-xs" hint={STEP_UP_HINT} {...step.field} />
      </AdminFieldSection>
    </FormShell>
  );
}

/**
 * PATCH /api/tax-rates/{id}: a VAT rate not yet in force corrected (its rate or its day, still after today), with the
 * reason the audit log keeps. Rates in force or past are not offered: documents have used them.
 */
export function CorrectTaxRateForm({
  rate,
  today,
  onDone,
  onCancel,
}: {
  rate: TaxRate;
  today: string;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const initial: CorrectTaxRate = { rate: rate.rate, valid_from: rate.valid_from, reason: "" };
  const { form, register, error, applyAnswer } = useAdminForm(correctTaxRateSchema, initial);
  // A rate that came into force meanwhile (409) can no longer be corrected: said in the API's words.
  const submit = useAdminSubmit((answer) =>
    answer.status === 409 ? (answer.message ?? "This VAT rate can no longer be corrected.") : applyAnswer(answer),
  );
  // A sensitive change (decision 035): a fresh code first.
  const step = useStepUp();
  return (
    <FormShell
      title={`Correct the VAT rate from ${formatDate(rate.valid_from)}`}
      {...submit.shell}
      submitLabel="Save correction"
      dirty={form.formState.isDirty}
      watchSearch
      onCancel={onCancel}
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          if (!(await step.confirm())) return;
          const answer = await submit.send<TaxRate>({ method: "PATCH", url: `/api/tax-rates/${rate.id}`, body: values });
          const corrected = answer?.data;
          if (!corrected) return;
          form.reset(values);
          onDone(`VAT is now ${corrected.rate} % from ${formatDate(corrected.valid_from)}.`);
        }),
        submit.invalid,
      )}
    >
      <AdminFieldSection
        title={`VAT ${rate.rate} % from ${formatDate(rate.valid_from)} (scheduled)`}
        description="Not in force yet, so no document has used it: its rate and its day can still be corrected."
      >
        <VatRateFields register={register} error={error} today={today} rateHint={`Entered as ${rate.rate}. Up to 2 decimals.`} />
        <CorrectionReason register={register} error={error} />
        <StepUpCodeField className="max-w-xs" hint={STEP_UP_HINT} {...step.field} />
      </AdminFieldSection>
    </FormShell>
  );
}

/** The reason a correction keeps in the audit log, as both corrections ask it. */
function CorrectionReason({
  register,
  error,
}: {
  register: (name: "reason") => UseFormRegisterReturn;
  error: (name: "reason") => string | undefined;
}) {
  return (
    <TextAreaField
      label="Reason for the correction"
      hint="Kept in the audit log with the rate before and after."
      rows={3}
      maxLength={500}
      error={error("reason")}
      {...register("reason")}
    />
  );
}
