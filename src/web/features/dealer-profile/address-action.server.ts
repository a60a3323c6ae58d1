import { data } from "react-router";
import { ADDRESS_SAVED, registeredAddressSchema } from "#shared/schemas/dealers.ts";
import { formAction } from "../../lib/form-action.ts";
import { formText } from "../../lib/form-data.ts";
import type { WebContext } from "../../load-context.ts";
import type { AddressResult } from "./address-form.tsx";

/** The registered address's four fields as a form posts them (the address form and the company details form). */
export function addressFormValues(form: FormData) {
  return {
    province: formText(form, "province"),
    city: formText(form, "city"),
    street: formText(form, "street"),
    houseNo: formText(form, "houseNo"),
  };
}

/** The address form's post (intent "address"): the company's registered address in its four parts (decision 016). */
export async function saveAddressAction(form: FormData, context: WebContext, userId: number) {
  const values = addressFormValues(form);
  return formAction(
    registeredAddressSchema,
    async (address) => {
      await context.services.dealers.saveRegisteredAddress(context.actor, userId, address);
      return data<AddressResult>({ form: "address", success: ADDRESS_SAVED });
    },
    {
      log: context.logError,
      input: values,
      values,
      tag: { form: "address" as const },
      unexpected: "The address could not be saved. Try again.",
    },
  );
}
