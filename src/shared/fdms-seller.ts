/**
 * The seller as ZIMRA's FDMS knows it (decision 016, "The seller"): the taxpayer getConfig names for the fiscal device.
 * With FDMS on, a tax invoice's seller name, TIN and VAT number are FDMS's, not the site settings', and the back office
 * warns when the settings say otherwise.
 */
export type FdmsSeller = {
  /** getConfig's taxPayerName. */
  name: string;
  /** taxPayerTIN. */
  tin: string;
  /** vatNumber; null: FDMS has the taxpayer as not VAT-registered. */
  vat_number: string | null;
  /** deviceBranchAddress as one line ("houseNo street, city, province"); null when getConfig gives none. */
  address: string | null;
};

/** getConfig's deviceBranchAddress (API §5.1; SW AddressDto). */
export type FdmsAddress = { province?: string; city?: string; street?: string; houseNo?: string; district?: string };

/** "12 Samora Machel Ave, Avondale, Harare, Harare Province": house number and street, district, city, province. */
export function fdmsAddressLine(a: FdmsAddress | null | undefined): string | null {
  if (!a) return null;
  const street = [a.houseNo, a.street]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(" ");
  const line = [street, a.district, a.city, a.province]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(", ");
  return line || null;
}

/** One field where the settings disagree with FDMS's taxpayer. */
export type SellerDifference = { field: "Company name" | "TIN" | "VAT number"; fdms: string; settings: string };

const same = (a: string, b: string, digits: boolean) => {
  const norm = (s: string) => (digits ? s.replace(/[\s-]/g, "") : s.trim().replace(/\s+/g, " ").toLowerCase());
  return norm(a) === norm(b);
};

/**
 * Where the settings' company name, TIN and VAT number differ from FDMS's taxpayer (spaces and letter case aside):
 * what FDMS says and what the settings say, for the back office's warning. None when FDMS has not answered yet.
 */
export function sellerDifferences(
  fdms: FdmsSeller | null,
  settings: { companyName: string; tin: string; vatNumber: string },
): SellerDifference[] {
  if (!fdms) return [];
  const out: SellerDifference[] = [];
  if (!same(fdms.name, settings.companyName, false)) out.push({ field: "Company name", fdms: fdms.name, settings: settings.companyName });
  if (!same(fdms.tin, settings.tin, true)) out.push({ field: "TIN", fdms: fdms.tin, settings: settings.tin });
  if (!same(fdms.vat_number ?? "", settings.vatNumber, true)) {
    out.push({ field: "VAT number", fdms: fdms.vat_number ?? "", settings: settings.vatNumber });
  }
  return out;
}
