import type { DocumentParty } from "#shared/schemas/tax-documents.ts";

/** A receipt's buyer (API §4.7 Buyer; the test environment's Buyer schema, decision 016 rows 34, 37, 38). */
export type FdmsBuyer = {
  buyerRegisterName: string;
  buyerTradeName?: string;
  vatNumber?: string;
  buyerTIN: string;
  buyerContacts?: { phoneNo?: string; email?: string };
  buyerAddress?: { province: string; city: string; street: string; houseNo: string; district?: string };
};

/** The schema's lengths (Buyer, Contacts, AddressDto): the test environment refuses longer ones (HTTP 400). */
const NAME_MAX = 200;
const PHONE_MAX = 20;
const EMAIL_MAX = 100;
const ADDRESS_PART_MAX = 100;
/** Contacts.email's pattern in ZIMRA's test OpenAPI (tests/fixtures/fdms/receipt-schema.json). */
const FDMS_EMAIL =
  /^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)$/;

/** Digits only when the number has exactly `n` once spaces and dashes are dropped; else nothing. */
function digits(value: string | null | undefined, n: number): string | undefined {
  const v = (value ?? "").replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${n}}$`).test(v) ? v : undefined;
}

/** A text within the schema's length, or nothing (never cut: a cut phone number or address is a wrong one). */
function within(value: string | null | undefined, max: number): string | undefined {
  const v = (value ?? "").trim();
  return v && v.length <= max ? v : undefined;
}

/**
 * The buyer block FDMS accepts, or null to leave it out: only with a TIN of 10 digits (RCPT043 needs the TIN and the
 * name once the block is sent); the VAT number only with 9 digits; the contacts each only within the schema (an
 * e-mail also in its shape); the address only with all four of its parts (AddressDto requires province, city,
 * street and houseNo) — a document issued before addresses had parts has none, and goes without.
 */
export function receiptBuyer(buyer: DocumentParty): FdmsBuyer | null {
  const tin = digits(buyer.tin, 10);
  const name = buyer.name.trim().slice(0, NAME_MAX);
  if (!tin || !name) return null;
  const vatNumber = digits(buyer.vat_number, 9);
  const phoneNo = within(buyer.phone, PHONE_MAX);
  const email = within(buyer.email, EMAIL_MAX);
  const contacts = {
    ...(phoneNo ? { phoneNo } : {}),
    ...(email && FDMS_EMAIL.test(email) ? { email } : {}),
  };
  const parts = buyer.address_parts;
  const province = within(parts?.province, ADDRESS_PART_MAX);
  const city = within(parts?.city, ADDRESS_PART_MAX);
  const street = within(parts?.street, ADDRESS_PART_MAX);
  const houseNo = within(parts?.house_no, ADDRESS_PART_MAX);
  return {
    buyerRegisterName: name,
    buyerTIN: tin,
    ...(vatNumber ? { vatNumber } : {}),
    ...(Object.keys(contacts).length ? { buyerContacts: contacts } : {}),
    ...(province && city && street && houseNo ? { buyerAddress: { province, city, street, houseNo } } : {}),
  };
}
