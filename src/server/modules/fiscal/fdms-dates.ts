/**
 * FDMS's dates (Harare local time without a zone, API §4.6–4.7) and the validity of getConfig's taxes (RCPT025):
 * pure; re-exported by fdms-protocol.ts. The rules are in docs/decisions/016-fdms-virtual-device.md, rows 16, 43, 45.
 */

/** Zimbabwe keeps Central Africa Time all year (UTC+2, no daylight saving): FDMS dates are Harare local time. */
const HARARE_OFFSET_MS = 2 * 3_600_000;

/** "2026-11-26T15:04:05": Harare local time without a zone, to the second (receiptDate, fiscalDayOpened). */
export function fdmsLocalTime(d: Date): string {
  return new Date(d.getTime() + HARARE_OFFSET_MS).toISOString().slice(0, 19);
}

/** The instant of an FDMS local time. */
export function fromFdmsLocalTime(local: string): Date {
  return new Date(new Date(`${local.slice(0, 19)}Z`).getTime() - HARARE_OFFSET_MS);
}

/** Harare's calendar day of an instant, "YYYY-MM-DD". */
export function hararePlainDate(d: Date): string {
  return fdmsLocalTime(d).slice(0, 10);
}

/**
 * One of getConfig's applicableTaxes; no taxPercent = exempt. Its validity (FDMS local time, or a date) is named
 * `validFrom`/`validTill` by ZIMRA's test OpenAPI and test environment and `taxValidFrom`/`taxValidTill` by the API
 * document: both are read (decision 016, row 16). None given: no bound on that side.
 */
export type FdmsApplicableTax = {
  taxID: number;
  taxPercent?: number | null;
  taxName: string;
  taxCode?: string;
  validFrom?: string | null;
  validTill?: string | null;
  taxValidFrom?: string | null;
  taxValidTill?: string | null;
};

/**
 * An FDMS date or time as Harare local "YYYY-MM-DDTHH:mm:ss": a date is its midnight; a time with a zone (Z, +02:00)
 * is moved to Harare; a local time is kept. Null when it is not a date.
 */
export function fdmsLocalOf(text: string | null | undefined): string | null {
  const t = (text ?? "").trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return `${t}T00:00:00`;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?/.test(t)) return null;
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(t)) {
    const at = new Date(t);
    return Number.isNaN(at.getTime()) ? null : fdmsLocalTime(at);
  }
  return `${t.slice(0, 16)}:${t.length >= 19 ? t.slice(17, 19) : "00"}`;
}

/**
 * Whether a tax is valid at a receipt's date (FDMS local time): from its valid-from on, up to its valid-till. A
 * valid-till at midnight (a date, as .NET writes one) covers that whole day: the test environment's 15 % is valid
 * "till 2025-12-31" and receipts of that afternoon used it (decision 016, row 45).
 */
export function taxValidAt(tax: FdmsApplicableTax, receiptDate: string): boolean {
  const at = receiptDate.slice(0, 19);
  const from = fdmsLocalOf(tax.validFrom ?? tax.taxValidFrom);
  if (from !== null && at < from) return false;
  const till = fdmsLocalOf(tax.validTill ?? tax.taxValidTill);
  if (till === null) return true;
  return till.endsWith("T00:00:00") ? at.slice(0, 10) <= till.slice(0, 10) : at <= till;
}

/**
 * The instant of a date FDMS sends (fiscalDayClosed, certificateValidTill): Harare local time unless it names its zone
 * (decision 016, row 43); null when it is not a date.
 */
export function fdmsInstant(text: string | null | undefined): Date | null {
  const local = fdmsLocalOf(text);
  return local === null ? null : fromFdmsLocalTime(local);
}
