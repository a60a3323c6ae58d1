export type CheckoutField =
  | "idempotencyKey"
  | "currency"
  | "fulfilment"
  | "contactName"
  | "contactPhone"
  | "deliveryAddress"
  | "notes"
  | "products";

export type CheckoutValues = {
  idempotencyKey: string;
  currency: string;
  fulfilment: string;
  contactName: string;
  contactPhone: string;
  deliveryAddress: string;
  notes: string;
};

/** What the checkout page's action answers. */
export type CheckoutResult =
  | { status: "placed"; id: number; reference: string }
  | { status: "error"; formError?: string; fieldErrors?: Partial<Record<CheckoutField, string>>; values: CheckoutValues };
