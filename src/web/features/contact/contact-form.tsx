import { LoaderCircle } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Form } from "react-router";
import { CONTACT_NOTES_MAX, CONTACT_SUCCESS, contactSchema } from "#shared/schemas/contact.ts";
import { notify } from "#web/components/ui/toaster.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextAreaField, TextField } from "../../components/ui/text-field.tsx";
import { usePostForm } from "../../lib/use-post-form.ts";
import type { ContactResult } from "./contact-result.ts";

const EMPTY = { fullName: "", email: "", phone: "", notes: "", requestQuote: false };

/**
 * 'Get in Touch' (spec §2), the working version (DESIGN.md §6): checked in the browser with the shared schema, sent
 * as a normal form post (so it works before JavaScript loads) and checked again by the page's action.
 */
export function ContactForm({ result }: { result: ContactResult | undefined }) {
  const failed = result?.status === "error" ? result : undefined;
  const initial = failed?.values ?? EMPTY;
  const { register, reset, error, onSubmit, pending } = usePostForm(contactSchema, {
    pathname: "/contact",
    defaultValues: initial,
    serverErrors: failed?.fieldErrors,
  });
  const checkboxId = useId();
  const confirmation = useRef<HTMLDivElement>(null);

  // A sent message clears the form and is confirmed; a failure leaves everything typed where it is.
  const sentId = result?.status === "sent" ? result.id : undefined;
  useEffect(() => {
    if (sentId === undefined) return;
    reset(EMPTY);
    notify.success(CONTACT_SUCCESS);
    confirmation.current?.focus();
  }, [sentId, reset]);

  return (
    <Form method="post" noValidate aria-busy={pending} aria-labelledby="get-in-touch-heading" onSubmit={onSubmit} className="space-y-5">
      {result?.status === "sent" && !pending ? (
        <div ref={confirmation} tabIndex={-1} className="outline-none">
          <FormAlert tone="success">{result.message}</FormAlert>
        </div>
      ) : null}
      {failed?.formError && !pending ? <FormAlert>{failed.formError}</FormAlert> : null}
      <TextField
        label="Full Name"
        autoComplete="name"
        required
        defaultValue={initial.fullName}
        error={error("fullName")}
        {...register("fullName")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          defaultValue={initial.email}
          error={error("email")}
          {...register("email")}
        />
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          defaultValue={initial.phone}
          error={error("phone")}
          {...register("phone")}
        />
      </div>
      <TextAreaField
        label="Notes (optional)"
        rows={6}
        maxLength={CONTACT_NOTES_MAX}
        hint="Tell us what you need: the site, the appliances to power, or the products you are interested in."
        defaultValue={initial.notes}
        error={error("notes")}
        {...register("notes")}
      />
      <div className="flex items-center gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          defaultChecked={initial.requestQuote}
          className="size-5 shrink-0 rounded border-slate-400 accent-accent-700"
          {...register("requestQuote")}
        />
        <label htmlFor={checkboxId} className="text-base text-slate-800">
          Request a Quote
        </label>
      </div>
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "w-full sm:w-auto")}>
        {pending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" /> : null}
        {pending ? "Sending…" : "Send Message"}
      </button>
    </Form>
  );
}
