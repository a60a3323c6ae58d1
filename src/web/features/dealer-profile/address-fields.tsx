import type { ComponentProps } from "react";
import { ADDRESS_PART_LABELS, ADDRESS_PART_MAX, type AddressPart, ZIMBABWE_PROVINCES } from "#shared/schemas/dealers.ts";
import { SelectField, TextField } from "../../components/ui/text-field.tsx";

/** What a form library gives each control (react-hook-form's register): name, ref and handlers. */
type Registered = Partial<ComponentProps<"input"> & ComponentProps<"select">> & { name: string };

const AUTOCOMPLETE: Record<AddressPart, string> = {
  province: "address-level1",
  city: "address-level2",
  street: "address-line1",
  houseNo: "off",
};

/**
 * A company's registered address in FDMS's four parts (decision 016), in a fieldset: the province from Zimbabwe's
 * ten, then city or town, street and house or stand number; one column on a phone, two from the small breakpoint.
 * `previous` is the one line a company typed before the address had parts, shown so it can be copied over.
 */
export function AddressFields({
  defaults,
  error,
  register,
  required,
  previous,
  legend = "Registered address",
  hideLegend = false,
  hint,
}: {
  defaults: Partial<Record<AddressPart, string | null | undefined>>;
  error: (part: AddressPart) => string | undefined;
  register?: (part: AddressPart) => Registered;
  required: boolean;
  previous?: string | null;
  legend?: string;
  /** The legend for screen readers only, where a heading above already says it. */
  hideLegend?: boolean;
  hint?: string;
}) {
  const props = (part: AddressPart): Registered => register?.(part) ?? { name: part };
  const label = (part: AddressPart) => (required ? ADDRESS_PART_LABELS[part] : `${ADDRESS_PART_LABELS[part]} (optional)`);
  return (
    <fieldset className="min-w-0 space-y-3 sm:col-span-2">
      <legend className={hideLegend ? "sr-only" : "text-base font-semibold text-slate-900"}>{legend}</legend>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {previous ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          Your address on file, as one line: <span className="font-medium">{previous}</span>. Enter it in the parts below.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={label("province")}
          required={required}
          autoComplete={AUTOCOMPLETE.province}
          defaultValue={defaults.province ?? ""}
          error={error("province")}
          {...props("province")}
        >
          <option value="">Choose a province</option>
          {ZIMBABWE_PROVINCES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </SelectField>
        {(["city", "street", "houseNo"] as const).map((part) => (
          <TextField
            key={part}
            label={label(part)}
            required={required}
            maxLength={ADDRESS_PART_MAX}
            autoComplete={AUTOCOMPLETE[part]}
            defaultValue={defaults[part] ?? ""}
            error={error(part)}
            {...(part === "houseNo" ? { hint: "E.g. 123, or Stand 4512." } : {})}
            {...props(part)}
          />
        ))}
      </div>
    </fieldset>
  );
}
