import { z } from "zod";
import { DEFAULT_PAGE_SIZE } from "../constants.ts";
import { isIsoDate } from "../date-range.ts";
import { ZERA_LICENCE_CLASSES } from "../installer-network.ts";
import { type DealerDocumentView, type DocumentKind, dealerDocumentSchema, LICENCE_CLASS_INVALID } from "./documents.ts";
import { pageNumberField, pageSizeField } from "./list.ts";
import { dealerTierViewSchema } from "./pricing.ts";

/** reg_status values (spec §4); null in the database and in the API is shown as 'Not Started'. */
export const DEALER_STATUSES = ["Pending", "Approved", "Rejected", "Suspended"] as const;
export type DealerStatus = (typeof DEALER_STATUSES)[number];
export const NOT_STARTED = "Not Started";
export type DealerStatusLabel = DealerStatus | typeof NOT_STARTED;

/** Decision 023: the dealer pages' banner and the checkout's notice while the back office has suspended the company. */
export const SUSPENDED_BANNER =
  "Your company's dealer account is suspended. Dealer prices, ordering and installation enquiries are unavailable until we reinstate it.";

/**
 * Where an admin may move an application (the dealer's own resubmission brings a rejected one back to Pending):
 * Pending → Approved or Rejected; Approved → Suspended; Suspended → Approved (reinstated).
 */
export const DEALER_ADMIN_TRANSITIONS: Record<DealerStatus, readonly DealerStatus[]> = {
  Pending: ["Approved", "Rejected"],
  Approved: ["Suspended"],
  Suspended: ["Approved"],
  Rejected: [],
};

export function statusLabel(status: DealerStatus | null | undefined): DealerStatusLabel {
  return status ?? NOT_STARTED;
}

/** The three sections of an application (spec §2), in the portal's order, and their titles there. */
export const APPLICATION_SECTIONS = ["company", "documents", "installations"] as const;
export type ApplicationSection = (typeof APPLICATION_SECTIONS)[number];
export const SECTION_TITLES: Record<ApplicationSection, string> = {
  company: "Company Details",
  documents: "Required Documents",
  installations: "Dealer Installations",
};
/** A rejection names sections only when it rejects (the portal marks what to correct). */
export const SECTIONS_ONLY_WHEN_REJECTING = "Sections to correct are named only when rejecting an application.";

/** The registration needs at least this many installation examples (spec §4, §9). */
export const MIN_INSTALLATIONS = 3;
export const MAX_INSTALLATIONS = 50;
export const REASON_MAX = 1000;

// The spec's texts (§5, §8), word for word.
export const COMPANY_SAVED = "Your company details have been successfully saved.";
export const COMPANY_SAVE_FAILED = "An error occurred while saving your company details.";
export const INSTALLATIONS_SAVED = "Your installation details have been successfully saved.";
export const INSTALLATIONS_SAVE_FAILED = "An error occurred while saving your installation details.";
export const DEALER_FETCH_FAILED = "Failed to fetch Dealer Details.";
export const REGISTERED_COMPANY_REQUIRED = "Registered Company Name is required";
export const TRADING_NAME_REQUIRED = "Trading Name is required";
export const COMPANY_REG_NUMBER_REQUIRED = "Company Registration Number is required";
export const SYSTEM_DESCRIPTION_REQUIRED = "System Description is required";
export const SIZE_OF_SYSTEM_REQUIRED = "Size of System is required";
export const EMAIL_REQUIRED = "Email is required";
export const EMAIL_INVALID = "Email is invalid";
export const PHONE_NUMBER_REQUIRED = "Phone Number is required";
// Ours.
export const REASON_REQUIRED = "Please give a reason.";
/** Why an applicant whose address is not confirmed may look at the portal but not save or upload. */
export const CONFIRM_EMAIL_TO_APPLY = "Please confirm your e-mail address before you apply.";
/** A rejected application is submitted again only with a change: an unchanged re-save is refused. */
export const UNCHANGED_RESUBMISSION =
  "Nothing has changed since your application was rejected. Correct what our team asked for before you save this section again.";
/** Approving a company whose registration number an approved dealer already has needs the admin's confirmation. */
export const duplicateRegNumberRefusal = (names: string[]) =>
  `The company registration number is already used by ${names.join(", ")}. Check that this is not the same company, then confirm the duplicate to approve it (confirmDuplicate: true).`;

/** A required text field: trimmed, the spec's message when missing or blank. */
const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

/** An optional text field: trimmed, blank means none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** ZIMRA's shapes (FDMS's buyer, decision 016): a TIN is 10 digits, a VAT number 9. */
export const TIN_SHAPE = "A ZIMRA TIN has 10 digits, e.g. 2001234567.";
export const VAT_NUMBER_SHAPE = "A ZIMRA VAT number has 9 digits, e.g. 220123456.";
const digitsOrNothing = (digits: number, message: string) =>
  optionalText(40)
    .refine((v) => v === null || new RegExp(`^\\d{${digits}}$`).test(v.replace(/[\s-]/g, "")), message)
    .transform((v) => v?.replace(/[\s-]/g, "") ?? null);

/** Zimbabwe's ten provinces (the two metropolitan ones included): the registered address's province is one of them. */
export const ZIMBABWE_PROVINCES = [
  "Bulawayo",
  "Harare",
  "Manicaland",
  "Mashonaland Central",
  "Mashonaland East",
  "Mashonaland West",
  "Masvingo",
  "Matabeleland North",
  "Matabeleland South",
  "Midlands",
] as const;
export type ZimbabweProvince = (typeof ZIMBABWE_PROVINCES)[number];

/** FDMS's AddressDto takes each part up to 100 characters (decision 016). */
export const ADDRESS_PART_MAX = 100;
export const ADDRESS_PARTS = ["province", "city", "street", "houseNo"] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];
export const ADDRESS_PART_REQUIRED: Record<AddressPart, string> = {
  province: "Choose the province.",
  city: "Enter the city or town.",
  street: "Enter the street, e.g. Samora Machel Avenue.",
  houseNo: "Enter the house or stand number, e.g. 123.",
};
export const ADDRESS_PART_LABELS: Record<AddressPart, string> = {
  province: "Province",
  city: "City or town",
  street: "Street",
  houseNo: "House or stand number",
};
/** Shown to a company whose registered address is on file as one line only (entered before it had parts). */
export const ADDRESS_INCOMPLETE =
  "Please complete your company's registered address: province, city or town, street and house or stand number. ZIMRA needs it in that shape on your tax invoices.";
export const ADDRESS_SAVED = "The registered address has been saved.";

const blankAsMissing = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const addressPart = (part: Exclude<AddressPart, "province">) =>
  z
    .string({ error: ADDRESS_PART_REQUIRED[part] })
    .trim()
    .min(1, ADDRESS_PART_REQUIRED[part])
    .max(ADDRESS_PART_MAX, `At most ${ADDRESS_PART_MAX} characters.`);
const provinceField = z.enum(ZIMBABWE_PROVINCES, { error: `${ADDRESS_PART_REQUIRED.province} It is one of Zimbabwe's ten provinces.` });

/**
 * A company's registered address, in the parts FDMS's buyer address has (decision 016): all four are needed
 * (PUT /api/dealer/{id}/address, the back office's edit and the dealer's own).
 */
export const registeredAddressSchema = z.object({
  province: z.preprocess(blankAsMissing, provinceField),
  city: addressPart("city"),
  street: addressPart("street"),
  houseNo: addressPart("houseNo"),
});
export type RegisteredAddress = z.infer<typeof registeredAddressSchema>;
export type RegisteredAddressInput = z.input<typeof registeredAddressSchema>;

/** The address as printed: "123 Samora Machel Avenue, Harare" (the province when it is not the city's name). */
export function composeAddress(a: RegisteredAddress): string {
  const place = a.city.toLowerCase() === a.province.toLowerCase() ? a.city : `${a.city}, ${a.province}`;
  return `${a.houseNo} ${a.street}, ${place}`;
}

/** The company form's address: optional as a whole, but once one part is given each of the four is needed. */
const optionalAddressFields = {
  province: z.preprocess(blankAsMissing, provinceField.optional()),
  city: z.preprocess(blankAsMissing, addressPart("city").optional()),
  street: z.preprocess(blankAsMissing, addressPart("street").optional()),
  houseNo: z.preprocess(blankAsMissing, addressPart("houseNo").optional()),
};

/** POST /api/dealer/add-dealer/{id}: the company details, with the spec's payload names (§7). */
export const companyDetailsSchema = z
  .object({
    registeredCompanyName: requiredText(REGISTERED_COMPANY_REQUIRED, 200),
    tradingName: requiredText(TRADING_NAME_REQUIRED, 200),
    companyRegistrationNumber: requiredText(COMPANY_REG_NUMBER_REQUIRED, 60),
    /** Printed on the company's tax invoices and sent to FDMS as the buyer's: 9 digits, spaces and dashes dropped. */
    VATNumber: digitsOrNothing(9, VAT_NUMBER_SHAPE),
    /** Likewise: 10 digits. */
    TIN: digitsOrNothing(10, TIN_SHAPE),
    /**
     * The registered address, printed as the buyer's on tax invoices and sent to FDMS in these parts (decision 016):
     * none, or all four.
     */
    ...optionalAddressFields,
  })
  .superRefine((v, ctx) => {
    if (ADDRESS_PARTS.every((part) => v[part] === undefined)) return;
    for (const part of ADDRESS_PARTS) {
      if (v[part] === undefined) ctx.addIssue({ code: "custom", path: [part], message: ADDRESS_PART_REQUIRED[part] });
    }
  });
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;
export type CompanyDetailsInput = z.input<typeof companyDetailsSchema>;

/** The form's simple {something}@{something}.{something} check (spec §5). */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The client-generated id of an installation (timestamp text); a number is taken as its text. */
export const installationClientId = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .max(64, "At most 64 characters.")
      .regex(/^[A-Za-z0-9._:-]*$/, "Letters, digits, dots, dashes, colons and underscores only."),
  );

/** One installation example (spec §3, §5). */
export const installationSchema = z.object({
  id: installationClientId.optional(),
  systemDescription: requiredText(SYSTEM_DESCRIPTION_REQUIRED, 500),
  sizeOfSystem: requiredText(SIZE_OF_SYSTEM_REQUIRED, 40),
  email: z.string({ error: EMAIL_REQUIRED }).trim().min(1, EMAIL_REQUIRED).max(254, EMAIL_INVALID).regex(SIMPLE_EMAIL, EMAIL_INVALID),
  phoneNumber: requiredText(PHONE_NUMBER_REQUIRED, 40),
});
export type InstallationInput = z.infer<typeof installationSchema>;

const distinctIds = (items: InstallationInput[], ctx: z.RefinementCtx, prefix: (string | number)[]) => {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (!item.id) return;
    if (seen.has(item.id)) ctx.addIssue({ code: "custom", message: "Each installation needs its own id.", path: [...prefix, i, "id"] });
    seen.add(item.id);
  });
};

const installationList = z.array(installationSchema).max(MAX_INSTALLATIONS, `At most ${MAX_INSTALLATIONS} installations.`);

/** PUT /api/dealer/installations: the caller's whole list, saved in one go (items not in it are removed). */
export const installationsListSchema = z
  .object({ installations: installationList })
  .superRefine((v, ctx) => distinctIds(v.installations, ctx, ["installations"]));
export type InstallationsList = z.infer<typeof installationsListSchema>;

/**
 * POST /api/dealer/add-installations/{dealer_id} (spec §7; the user id): one installation, as the spec's form sends it,
 * or a list; each is added, or updated when its id is already on file.
 */
export const addInstallationsSchema = z
  .union([installationSchema, installationList.min(1, "Add at least one installation.")])
  .superRefine((v, ctx) => {
    if (Array.isArray(v)) distinctIds(v, ctx, []);
  });
export type AddInstallationsInput = z.infer<typeof addInstallationsSchema>;

/** PUT /api/dealer/status/{id}: an admin's decision; a reason is needed to reject or suspend (checked by the service). */
export const statusChangeSchema = z.object({
  status: z.enum(DEALER_STATUSES, { error: `Status must be one of ${DEALER_STATUSES.join(", ")}.` }),
  reason: optionalText(REASON_MAX),
  /** Rejecting only: the sections the applicant must correct, marked in their portal and named in the e-mail. */
  sections: z
    .array(z.enum(APPLICATION_SECTIONS, { error: `A section is one of ${APPLICATION_SECTIONS.join(", ")}.` }))
    .max(APPLICATION_SECTIONS.length)
    .optional()
    .default([])
    .transform((list) => APPLICATION_SECTIONS.filter((s) => list.includes(s))),
  /**
   * Approving only: the admin has checked that this applicant is not the approved dealer whose company registration
   * number it shares (without it such an approval is refused with 409).
   */
  confirmDuplicate: z.boolean({ error: "confirmDuplicate must be true or false." }).optional().default(false),
});
export type StatusChange = Omit<z.infer<typeof statusChangeSchema>, "confirmDuplicate" | "sections"> & {
  confirmDuplicate?: boolean;
  sections?: ApplicationSection[];
};

/** PUT /api/dealer/documents/{documentId}/review: a reason is needed to reject (checked by the service). */
export const documentReviewSchema = z.object({
  status: z.enum(["approved", "rejected"], { error: "Status must be approved or rejected." }),
  reason: optionalText(REASON_MAX),
  /**
   * The last day the approved document is valid (YYYY-MM-DD, not in the past); a tax clearance defaults
   * to 31 December of the year it is approved in. Ignored when rejecting.
   */
  expires_on: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string().refine(isIsoDate, { error: "Give the expiry date as YYYY-MM-DD." }).optional(),
  ),
  /** A ZERA licence's class as the admin confirms it (ST1–ST4). */
  licence_class: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(ZERA_LICENCE_CLASSES, { error: LICENCE_CLASS_INVALID }).optional(),
  ),
});
export type DocumentReview = z.infer<typeof documentReviewSchema>;

/** GET /api/dealer/?reg_status=&page_number=&page_size=&search= (spec §7 names; search is the admin list's, §2). */
export const dealerListQuerySchema = z.object({
  reg_status: z.preprocess((v) => (v === "" ? undefined : v), z.enum([...DEALER_STATUSES, NOT_STARTED]).optional()),
  page_number: pageNumberField(),
  page_size: pageSizeField({ pageSize: DEFAULT_PAGE_SIZE, max: 100 }),
  search: z.string().trim().max(100).optional(),
});
export type DealerListQuery = z.infer<typeof dealerListQuerySchema>;

export const installationViewSchema = z.object({
  id: z.string(),
  systemDescription: z.string(),
  sizeOfSystem: z.string(),
  /** The installation's customer's contact: null for a reader who may not see the company's finance (a technician). */
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type InstallationView = z.infer<typeof installationViewSchema>;

export const completionSchema = z.object({
  company: z.boolean(),
  documents: z.boolean(),
  installations: z.boolean(),
  /** N of 3 (spec §2 'N of 3 completed'). */
  completed: z.number(),
  total: z.literal(3),
});
export type Completion = z.infer<typeof completionSchema>;

export const statusHistorySchema = z.object({
  fromStatus: z.enum(DEALER_STATUSES).nullable(),
  toStatus: z.enum(DEALER_STATUSES),
  reason: z.string().nullable(),
  /** A rejection's sections to correct (empty for other changes). */
  sections: z.array(z.enum(APPLICATION_SECTIONS)),
  /** Who made the change: shown to admins only (null for the dealer's own view). */
  changedBy: z.object({ id: z.number(), fullName: z.string() }).nullable(),
  at: z.string(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistorySchema>;

/**
 * A user's dealer application (spec §3 Dealer names). `id` and `dealer_id` are both the applicant's user id: the
 * spec's calls name the same account as `{id}` (add-dealer, GET /dealer/{id}, status) and as `{dealer_id}` (the
 * uploads, add-installations), so every `{id}` under /api/dealer is a user id; the application's own row id stays
 * inside the server. A user who has saved nothing yet gets the same shape with reg_status null ('Not Started').
 * The file-name fields carry the uploaded files' original names; `documents` are the current ones, in the documents
 * module's shape (with their private download `url`).
 */
export const dealerApplicationSchema = z.object({
  id: z.number(),
  dealer_id: z.number(),
  user_email: z.string(),
  user_username: z.string(),
  user_full_name: z.string(),
  registered_company: z.string().nullable(),
  trading_name: z.string().nullable(),
  company_reg_number: z.string().nullable(),
  /** The tax numbers: null when not given, and for a reader who may not see the company's finance (a technician). */
  VAT_number: z.string().nullable(),
  TIN: z.string().nullable(),
  /** The registered address as printed: composed from its parts, or the one line entered before it had parts. */
  company_address: z.string().nullable(),
  /** Its parts (decision 016); null when not given, or given as one line only. */
  registered_address: z
    .object({ province: z.enum(ZIMBABWE_PROVINCES), city: z.string(), street: z.string(), houseNo: z.string() })
    .nullable(),
  /**
   * The company is asked to complete its registered address: an application on file (any status) whose address is
   * missing or only one line (decision 016). Buying is not held up by it.
   */
  address_incomplete: z.boolean(),
  tax_clearance: z.string().nullable(),
  certificate_of_incorporation: z.string().nullable(),
  national_ID_Copies_of_the_Directors: z.string().nullable(),
  installations: z.array(installationViewSchema),
  reg_status: z.enum(DEALER_STATUSES).nullable(),
  submitted_At: z.string().nullable(),
  documents: z.array(dealerDocumentSchema),
  completion: completionSchema,
  /** While reg_status is Rejected: the reason the admin gave (sent to the dealer too); null otherwise. */
  rejection_reason: z.string().nullable(),
  /** While reg_status is Rejected: the sections the admin marked to correct (in the portal's order); empty otherwise. */
  rejected_sections: z.array(z.enum(APPLICATION_SECTIONS)),
  /**
   * The tier the dealer's company buys at: its own, else the lowest; null without an application or
   * tiers, and for a reader who may not see the company's finance (a technician).
   */
  tier: dealerTierViewSchema.nullable(),
});
export type DealerApplication = z.infer<typeof dealerApplicationSchema>;

/**
 * An approved (or suspended) dealer whose company registration number or trading name this application shares,
 * shown to admins before they approve it.
 */
export const duplicateDealerSchema = z.object({
  /** The other dealer's user id (its page is /admin/dealers/{id}). */
  id: z.number(),
  registered_company: z.string().nullable(),
  trading_name: z.string().nullable(),
  company_reg_number: z.string().nullable(),
  reg_status: z.enum(DEALER_STATUSES),
  /** What matches: the registration number and/or the trading name (compared without case, spaces or punctuation). */
  matches: z.array(z.enum(["company_reg_number", "trading_name"])),
});
export type DuplicateDealer = z.infer<typeof duplicateDealerSchema>;

/**
 * One application with its status history (GET /api/dealer/{id}); `duplicates` only for admins (empty for the
 * dealer's own view).
 */
export const dealerApplicationDetailSchema = dealerApplicationSchema.extend({
  history: z.array(statusHistorySchema),
  duplicates: z.array(duplicateDealerSchema),
});
export type DealerApplicationDetail = z.infer<typeof dealerApplicationDetailSchema>;

export const dealerListSchema = z.object({ rows: z.array(dealerApplicationSchema), count: z.number() });
export type DealerList = z.infer<typeof dealerListSchema>;

/**
 * Section completion (spec §4), in one place for the server and the page: company when the registered name, trading
 * name and registration number are there; documents when a tax clearance, a certificate of incorporation and at
 * least one director's ID are on file and none of them is rejected; installations when there are at least 3.
 * `documents` are the current ones (a newer tax clearance or certificate replaces an older one).
 */
export function applicationCompletion(input: {
  registered_company: string | null;
  trading_name: string | null;
  company_reg_number: string | null;
  documents: Pick<DealerDocumentView, "kind" | "review_status">[];
  installationCount: number;
}): Completion {
  const company = Boolean(input.registered_company && input.trading_name && input.company_reg_number);
  const has = (kind: DocumentKind) => input.documents.some((d) => d.kind === kind);
  const documents =
    has("tax_clearance") &&
    has("certificate_of_incorporation") &&
    has("director_id") &&
    input.documents.every((d) => d.review_status !== "rejected");
  const installations = input.installationCount >= MIN_INSTALLATIONS;
  return { company, documents, installations, completed: [company, documents, installations].filter(Boolean).length, total: 3 };
}
