import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Form, Link, useSubmit } from "react-router";
import {
  ADDRESS_INCOMPLETE,
  type AddressPart,
  type DealerApplication,
  type RegisteredAddressInput,
  registeredAddressSchema,
} from "#shared/schemas/dealers.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import type { FormResult } from "#web/lib/form-action.ts";
import { FOCUS_FIRST_ERROR, useFocusFirstError } from "#web/lib/use-focus-first-error.ts";
import { usePostPending } from "#web/lib/use-post-pending.ts";
import { useClearingServerErrors } from "../dealer-register/use-clearing-errors.ts";
import { AddressFields } from "./address-fields.tsx";

export type AddressResult = FormResult<AddressPart> & { form: "address" };

type Company = Pick<DealerApplication, "company_address" | "registered_address" | "address_incomplete">;

/** The form itself: checked in the browser, then by the page's action (intent "address"). */
function AddressForm({
  pathname,
  application,
  result,
  cancelTo,
}: {
  pathname: string;
  application: Company;
  result: AddressResult | undefined;
  cancelTo: string | null;
}) {
  const submit = useSubmit();
  const pending = usePostPending(pathname);
  const a = application.registered_address;
  const defaults: RegisteredAddressInput = {
    province: result?.values?.province ?? a?.province ?? "",
    city: result?.values?.city ?? a?.city ?? "",
    street: result?.values?.street ?? a?.street ?? "",
    houseNo: result?.values?.houseNo ?? a?.houseNo ?? "",
  };
  const form = useForm<RegisteredAddressInput>({
    resolver: zodResolver(registeredAddressSchema) as never,
    defaultValues: defaults,
    reValidateMode: "onSubmit",
    ...FOCUS_FIRST_ERROR,
  });
  useFocusFirstError(form);
  const { serverError, markEdited } = useClearingServerErrors(result?.fieldErrors);
  const error = (part: AddressPart) => {
    const message = form.formState.errors[part]?.message;
    return typeof message === "string" ? message : serverError(part);
  };
  const onSubmit = form.handleSubmit((_values, event) => submit(event?.target as HTMLFormElement));
  return (
    <Form method="post" noValidate aria-busy={pending} onSubmit={onSubmit} className="space-y-4" aria-label="Registered address">
      <input type="hidden" name="intent" value="address" />
      {result?.formError && !pending ? <FormAlert>{result.formError}</FormAlert> : null}
      <AddressFields
        required
        legend="Registered address"
        hideLegend
        previous={a ? null : application.company_address}
        defaults={defaults as Partial<Record<AddressPart, string>>}
        error={error}
        register={(part) =>
          form.register(part, {
            onChange: () => {
              form.clearErrors(part);
              markEdited(part);
            },
          })
        }
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "w-full sm:w-auto")}>
          {pending ? "Saving…" : "Save address"}
        </button>
        {cancelTo ? (
          <Link to={cancelTo} className={buttonClass("outline", "w-full sm:w-auto")}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * The company's registered address (decision 016), inside Company Details: the printed line with a link to change
 * it, or the form for its four parts when editing or when the address is not yet in parts, under a notice saying
 * why. Buying is never held up by it.
 */
export function RegisteredAddressPanel({
  application,
  pathname,
  editing,
  result,
  who = "your",
}: {
  application: Company;
  pathname: string;
  editing: boolean;
  result: AddressResult | undefined;
  /** "your" on the dealer's own page; "the company's" in the back office. */
  who?: "your" | "the company's";
}) {
  const incomplete = application.address_incomplete;
  const showForm = editing || incomplete;
  const saved = result?.success && !result.formError;
  return (
    <div id="registered-address" className="min-w-0 space-y-3" data-address-incomplete={incomplete ? "" : undefined}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h3 className="text-sm font-medium text-slate-600">Registered address</h3>
        {!showForm ? (
          <Link
            to={`${pathname}?edit=address#registered-address`}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-accent-700 underline-offset-2 hover:underline"
          >
            Change {who === "your" ? "your" : "the"} address
          </Link>
        ) : null}
      </div>
      {saved ? <FormAlert tone="success">{result.success}</FormAlert> : null}
      {incomplete ? (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {who === "your"
            ? ADDRESS_INCOMPLETE
            : "Incomplete: the registered address is not in its four parts (province, city or town, street, house or stand number). Tax invoices are sent to ZIMRA without the buyer's address until it is completed."}
        </p>
      ) : null}
      {showForm ? (
        <AddressForm pathname={pathname} application={application} result={result} cancelTo={incomplete ? null : pathname} />
      ) : (
        <p className="break-words text-slate-900">{application.company_address}</p>
      )}
    </div>
  );
}
