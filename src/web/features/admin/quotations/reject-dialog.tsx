import { type QuotationView, REASON_MAX, type RejectQuotationInput, rejectQuotationSchema } from "#shared/schemas/quotations.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { TextAreaField } from "#web/components/ui/text-field.tsx";
import { FormShell, useAdminForm } from "../kit/form-kit.tsx";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";

type RejectDialogProps = { quotation: QuotationView; onClose: () => void; onDone: (message: string) => void };

/**
 * Reject with a reason, which the requester reads in the e-mail and on their quotations page. Rejecting an approved
 * quotation withdraws it (decision 006): the dialog says so.
 */
export function RejectDialog({ quotation, onClose, onDone }: RejectDialogProps) {
  const { form, register, error, applyAnswer } = useAdminForm(rejectQuotationSchema, { status: "rejected", reason: "" });
  const submit = useAdminSubmit(applyAnswer);
  const { busy } = submit;
  const withdraw = quotation.status === "approved";

  const onSubmit = form.handleSubmit(
    submit.saving(async (values: RejectQuotationInput) => {
      const answer = await submit.send({ method: "PUT", url: `/api/quotations/${quotation.id}`, body: values });
      if (answer) onDone(`Quotation #${quotation.id} rejected. The requester has been e-mailed the reason.`);
    }),
  );

  return (
    <Dialog open onClose={busy ? () => {} : onClose} title={`Reject quotation #${quotation.id}`}>
      <FormShell
        title={`Reject quotation #${quotation.id}`}
        onSubmit={onSubmit}
        {...submit.shell}
        submitLabel="Reject and e-mail"
        onCancel={onClose}
        dirty={form.formState.isDirty}
      >
        <p className="text-sm text-slate-700">
          {withdraw
            ? `This quotation was approved and sent to ${quotation.requester_name}. Rejecting it withdraws it: its prices no longer hold.`
            : `${quotation.requester_name} (${quotation.requester_email}) receives the reason by e-mail and sees it with the quotation.`}
        </p>
        <TextAreaField
          label="Reason"
          hint="Shown to the requester."
          maxLength={REASON_MAX}
          error={error("reason")}
          {...register("reason")}
        />
      </FormShell>
    </Dialog>
  );
}
