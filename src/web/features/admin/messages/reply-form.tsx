import { CONTACT_REPLY_MAX, CONTACT_REPLY_SENT, type ContactMessageView, contactReplySchema } from "#shared/schemas/contact.ts";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { FormShell, useAdminForm } from "../kit/form-kit.tsx";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";

/**
 * Answers a message by e-mail (POST /api/contact/{id}/reply): the visitor's replies come back to the sales address.
 * The text starts with the greeting ("Dear <full name>,"), which the admin may keep or change: the e-mail sends the
 * text as written, so it has one greeting whatever the admin types, then "Kind regards" and the message.
 */
export function ReplyForm({ message, companyName, replyTo }: { message: ContactMessageView; companyName: string; replyTo: string }) {
  const greeting = `Dear ${message.fullName},`;
  const start = `${greeting}\n\n`;
  const { form, register, error, applyAnswer } = useAdminForm(contactReplySchema, {
    subject: `Re: Your message to ${companyName}`,
    message: start,
  });
  const submit = useAdminSubmit(applyAnswer);
  return (
    <section
      aria-labelledby="reply-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
      data-tour="message-reply"
    >
      <div>
        <h2 id="reply-heading" className="text-lg font-semibold text-slate-900">
          Reply by e-mail
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          To {message.fullName} &lt;{message.email}&gt;. Their answer comes back to {replyTo}.
        </p>
      </div>
      <FormShell
        title="Reply by e-mail"
        {...submit.shell}
        submitLabel="Send reply"
        dirty={form.formState.isDirty}
        onSubmit={form.handleSubmit(
          submit.saving(async (values) => {
            if (values.message === greeting) {
              form.setError("message", { type: "required", message: "Write your reply." });
              return;
            }
            const answer = await submit.send({ method: "POST", url: `/api/contact/${message.id}/reply`, body: values });
            if (!answer) return;
            form.reset({ subject: values.subject, message: start });
            await submit.succeed({ message: CONTACT_REPLY_SENT });
          }),
        )}
      >
        <TextField label="Subject" autoComplete="off" error={error("subject")} {...register("subject")} />
        <TextAreaField
          label="Your reply"
          hint={`Sent as you write it, greeting included, then signed "Kind regards, ${companyName}" above their message.`}
          rows={8}
          maxLength={CONTACT_REPLY_MAX}
          error={error("message")}
          {...register("message")}
        />
      </FormShell>
    </section>
  );
}
