import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Form, useSubmit } from "react-router";
import { type AddressPart, type CompanyDetailsInput, companyDetailsSchema, type DealerApplication } from "#shared/schemas/dealers.ts";
import { FOCUS_FIRST_ERROR, useFocusFirstError } from "#web/lib/use-focus-first-error.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { usePostPending } from "../../lib/use-post-pending.ts";
import { AddressFields } from "../dealer-profile/address-fields.tsx";
import type { RegisterResult } from "./register-result.ts";
import { useClearingServerErrors } from "./use-clearing-errors.ts";

type Field = keyof CompanyDetailsInput;
type TextFieldName = Exclude<Field, AddressPart>;

const FIELDS: { name: TextFieldName; label: string; required: boolean; hint?: string; autoComplete?: string }[] = [
  {
    name: "registeredCompanyName",
    label: "Registered Company Name",
    required: true,
    hint: "As it appears on your certificate of incorporation.",
    autoComplete: "organization",
  },
  { name: "tradingName", label: "Trading Name", required: true },
  { name: "companyRegistrationNumber", label: "Company Registration Number", required: true },
  { name: "VATNumber", label: "VAT Number (optional)", required: false },
  { name: "TIN", label: "TIN (optional)", required: false },
];

/** Section 1: the company details (spec §5 messages), checked in the browser, then by the page's action. */
export function CompanyForm({
  pathname,
  application,
  result,
}: {
  pathname: string;
  application: DealerApplication;
  result: RegisterResult | undefined;
}) {
  const submit = useSubmit();
  const pending = usePostPending(pathname);
  const defaults: CompanyDetailsInput = {
    registeredCompanyName: result?.values?.registeredCompanyName ?? application.registered_company ?? "",
    tradingName: result?.values?.tradingName ?? application.trading_name ?? "",
    companyRegistrationNumber: result?.values?.companyRegistrationNumber ?? application.company_reg_number ?? "",
    VATNumber: result?.values?.VATNumber ?? application.VAT_number ?? "",
    TIN: result?.values?.TIN ?? application.TIN ?? "",
    province: result?.values?.province ?? application.registered_address?.province ?? "",
    city: result?.values?.city ?? application.registered_address?.city ?? "",
    street: result?.values?.street ?? application.registered_address?.street ?? "",
    houseNo: result?.values?.houseNo ?? application.registered_address?.houseNo ?? "",
  };
  const form = useForm<CompanyDetailsInput>({
    resolver: zodResolver(companyDetailsSchema) as never,
    defaultValues: defaults,
    reValidateMode: "onSubmit",
    ...FOCUS_FIRST_ERROR,
  });
  useFocusFirstError(form);
  const { serverError, markEdited } = useClearingServerErrors(result?.fieldErrors);
  const error = (field: Field) => {
    const message = form.formState.errors[field]?.message;
    return typeof message === "string" ? message : serverError(field);
  };
  const onSubmit = form.handleSubmit((_values, event) => submit(event?.target as HTMLFormElement));
  return (
    <Form method="post" noValidate aria-busy={pending} onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value="company" />
      {result?.formError && !pending ? <FormAlert>{result.formError}</FormAlert> : null}
      {result?.success && !pending ? <FormAlert tone="success">{result.success}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <TextField
            key={f.name}
            label={f.label}
            required={f.required}
            autoComplete={f.autoComplete ?? "off"}
            {...(f.hint ? { hint: f.hint } : {})}
            defaultValue={(defaults[f.name] as string | null | undefined) ?? ""}
            error={error(f.name)}
            className={f.name === "registeredCompanyName" ? "sm:col-span-2" : undefined}
            {...form.register(f.name, {
              onChange: () => {
                form.clearErrors(f.name);
                markEdited(f.name);
              },
            })}
          />
        ))}
        <AddressFields
          required={false}
          hint="Printed as the buyer's address on your tax invoices and sent to ZIMRA with them. Leave all four empty, or fill in all four."
          previous={application.registered_address ? null : application.company_address}
          defaults={defaults as Partial<Record<AddressPart, string>>}
          error={(part) => error(part)}
          register={(part) =>
            form.register(part, {
              onChange: () => {
                form.clearErrors(part);
                markEdited(part);
              },
            })
          }
        />
      </div>
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "w-full sm:w-auto")}>
        {pending ? "Saving…" : "Save Company Details"}
      </button>
    </Form>
  );
}
