/**
 * The certified installer network's fixed vocabulary, shared by the server, the forms and the pages.
 */

/** What a dealer offers, shown on the profile and filtered on `/installers`. */
export const INSTALLER_SERVICES = [
  { slug: "installation", name: "Installation" },
  { slug: "maintenance", name: "Maintenance and repairs" },
  { slug: "design", name: "System design" },
  { slug: "borehole", name: "Solar borehole pumps" },
  { slug: "commercial", name: "Commercial and farm systems" },
] as const;
export type InstallerService = (typeof INSTALLER_SERVICES)[number]["slug"];
export const INSTALLER_SERVICE_SLUGS = INSTALLER_SERVICES.map((s) => s.slug) as unknown as readonly [
  InstallerService,
  ...InstallerService[],
];

/**
 * ZERA's four classes of solar PV installer licence (ZERA's draft Electricity (Solar Photovoltaic Systems)
 * Regulations, 2020): from ST1, the entry level (a single inverter and charge controller, modules up to 400 W), to
 * ST4 (grid-tied, hybrid and solar water pumping systems of 50 kW and more).
 */
export const ZERA_LICENCE_CLASSES = ["ST1", "ST2", "ST3", "ST4"] as const;
export type ZeraLicenceClass = (typeof ZERA_LICENCE_CLASSES)[number];
export const ZERA_CLASS_DESCRIPTIONS: Record<ZeraLicenceClass, string> = {
  ST1: "ZERA class ST1 (entry level: small single-inverter systems)",
  ST2: "ZERA class ST2",
  ST3: "ZERA class ST3",
  ST4: "ZERA class ST4 (grid-tied, hybrid and pumping systems of 50 kW and more)",
};

/** The badge on a verified dealer's listing and profile. */
export const VERIFIED_DEALER = "Verified dealer";

/** Where an enquiry with an installer came from. */
export const LEAD_SOURCES = ["quote", "cart", "calculator"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/**
 * A lead's life: `open` while offered (or waiting for a dealer), `accepted` once a dealer took it, `unassigned` when
 * every dealer serving the province declined or let it lapse (the back office assigns it by hand), `closed` when the
 * back office closed it.
 */
export const LEAD_STATUSES = ["open", "accepted", "unassigned", "closed"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** An offer of a lead to one dealer. */
export const LEAD_OFFER_STATUSES = ["offered", "accepted", "declined", "expired", "withdrawn"] as const;
export type LeadOfferStatus = (typeof LEAD_OFFER_STATUSES)[number];

/** Dealers offered one lead at the same time. */
export const LEAD_OFFERS_AT_ONCE = 3;
/** How long a dealer has to accept an offer. */
export const LEAD_OFFER_HOURS = 48;

/** Days before a document's expiry that its reminders go. */
export const EXPIRY_REMINDER_DAYS = [30, 7] as const;
/** The back office's dashboard lists dealers whose documents expire within this many days. */
export const EXPIRING_SOON_DAYS = 60;

/** The day a tax clearance (ITF263) runs to by default: 31 December of the year it was issued in (YYYY-MM-DD). */
export function defaultTaxClearanceExpiry(issuedOn: string): string {
  return `${issuedOn.slice(0, 4)}-12-31`;
}
