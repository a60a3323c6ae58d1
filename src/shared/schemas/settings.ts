import { z } from "zod";
import { DEFAULT_SIZING_SETTINGS, SUN_HOURS_RANGE } from "../sizing.ts";
import { DEFAULT_CREDIT_HOLD_DAYS } from "./credit.ts";

/** The labels the secondary currency may have: ZWG (Zimbabwe Gold, since June 2024), or ZWL for old records. */
export const SECONDARY_CURRENCIES = ["ZWL", "ZWG"] as const;

/** A stored file's name (no folders) with one of the given extensions, or "" for none. */
function mediaFileName(extensions: readonly string[]) {
  return z
    .string()
    .trim()
    .max(120, "A file name of at most 120 characters.")
    .refine((v) => v === "" || (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v) && extensions.some((e) => v.endsWith(e))), {
      message: `A file name ending in ${extensions.join(", ")}.`,
    });
}

function parsesAs(value: string, protocols: RegExp): boolean {
  try {
    return protocols.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A link to a page on the web (http or https only: it becomes an href), or "" for none. */
const webLink = (what: string) =>
  z
    .string()
    .trim()
    .max(500, `The ${what} link must be at most 500 characters.`)
    .refine((v) => v === "" || parsesAs(v, /^https?:$/), {
      message: `Enter the full ${what} link (https://…), or leave it empty.`,
    });

/** The map on the contact page and footer: the page's security policy lets only Google Maps be framed. */
export const MAP_EMBED_PREFIX = "https://www.google.com/maps/embed";

/** Company details shown in the header, footer and contact page; admins edit them (DESIGN.md §6). */
export const siteSettingsSchema = z.object({
  companyName: z.string().trim().min(1, "Company name is required.").max(120, "Company name must be at most 120 characters."),
  tagline: z.string().trim().max(200, "The tagline must be at most 200 characters."),
  phone: z.string().trim().min(3, "Enter the company's phone number.").max(40, "The phone number must be at most 40 characters."),
  /** Digits only, with country code, for wa.me links. */
  whatsappNumber: z
    .string()
    .trim()
    .regex(/^\d{8,15}$/, "Digits only, with the country code."),
  salesEmail: z.string().trim().pipe(z.email("Enter a valid email address.")),
  supportEmail: z.string().trim().pipe(z.email("Enter a valid email address.")),
  address: z.string().trim().min(1, "Address is required.").max(300, "The address must be at most 300 characters."),
  /** Google Maps embed URL of the office. */
  mapEmbedUrl: z
    .string()
    .trim()
    .max(2000, "The map link must be at most 2000 characters.")
    .refine((v) => v === "" || (v.startsWith(MAP_EMBED_PREFIX) && parsesAs(v, /^https:$/)), {
      message: `Paste the Google Maps embed link (it starts with ${MAP_EMBED_PREFIX}), or leave it empty.`,
    }),
  secondaryCurrency: z.enum(SECONDARY_CURRENCIES, { error: "Choose ZWL or ZWG." }),
  /** How long an approved quotation holds when the approval names no date (PUT /api/quotations/{id} {status}). */
  quotationValidityDays: z.coerce
    .number({ error: "Enter a number of days." })
    .int("Enter a whole number of days.")
    .min(1, "A quotation holds at least 1 day.")
    .max(365, "A quotation holds at most 365 days."),
  /** Peak-sun hours a day the solar calculator sizes panels with: 5.5–6.5 across Zimbabwe's regions. */
  sunHours: z.coerce
    .number({ error: "Enter the sun hours as a number, such as 6." })
    .min(SUN_HOURS_RANGE.min, `Zimbabwe gets at least ${SUN_HOURS_RANGE.min} sun hours a day.`)
    .max(SUN_HOURS_RANGE.max, `Zimbabwe gets at most ${SUN_HOURS_RANGE.max} sun hours a day.`)
    .default(DEFAULT_SIZING_SETTINGS.sun_hours),
  /** Days an invoice on account may be overdue before the company's orders on account stop (decision 034). */
  creditHoldDays: z.coerce
    .number({ error: "Enter a number of days." })
    .int("Enter a whole number of days.")
    .min(1, "Allow at least 1 day overdue.")
    .max(365, "Allow at most 365 days overdue.")
    .default(DEFAULT_CREDIT_HOLD_DAYS),
  /** The home hero's background film, its still (shown first, and to visitors who prefer less motion) and the
   * welcome sound: file names under /media/site/, or "" for none. */
  heroVideo: mediaFileName([".webm", ".mp4"]),
  heroPoster: mediaFileName([".webp", ".jpg", ".png"]),
  welcomeAudio: mediaFileName([".mp3", ".ogg", ".m4a"]),
  supportHours: z.string().trim().max(80, "Support hours must be at most 80 characters."),
  /** The company's ZIMRA taxpayer number and VAT number, printed as the seller's on tax invoices. */
  tin: z.string().trim().max(20, "The TIN must be at most 20 characters.").default(""),
  vatNumber: z.string().trim().max(20, "The VAT number must be at most 20 characters.").default(""),
  /** The account dealers pay into by bank transfer or ZIPIT (shown at checkout, on their orders and in e-mails). */
  bankDetails: z.string().trim().max(1000, "Bank details must be at most 1000 characters."),
  social: z.object({
    facebook: webLink("Facebook"),
    instagram: webLink("Instagram"),
    linkedin: webLink("LinkedIn"),
    tiktok: webLink("TikTok"),
    x: webLink("X"),
    youtube: webLink("YouTube"),
  }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/** The settings anyone may read: all but the bank account (dealers see it at checkout and on their orders). */
export type PublicSiteSettings = Omit<SiteSettings, "bankDetails">;

export function toPublicSettings(settings: SiteSettings): PublicSiteSettings {
  const { bankDetails: _bank, ...rest } = settings;
  return rest;
}

/** Demo values; the real company's are entered in the back office. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  companyName: "Solar Demo",
  tagline: "Clean, reliable solar power for Zimbabwean homes and businesses",
  phone: "+263 242 700 100",
  whatsappNumber: "263771000100",
  salesEmail: "sales@solar-demo.example",
  supportEmail: "support@solar-demo.example",
  address: "12 Example Avenue, Harare, Zimbabwe",
  mapEmbedUrl: "",
  secondaryCurrency: "ZWG",
  quotationValidityDays: 30,
  sunHours: 6,
  creditHoldDays: DEFAULT_CREDIT_HOLD_DAYS,
  heroVideo: "hero.webm",
  heroPoster: "hero-poster.webp",
  welcomeAudio: "welcome.mp3",
  supportHours: "Mon-Fri 8AM-5PM",
  tin: "2000123456",
  vatNumber: "220123456",
  bankDetails:
    "Bank: Demo Bank Zimbabwe\nAccount name: Solar Demo (Private) Limited\nUSD account: 1234 5678 9012\nZWG account: 2109 8765 4321\nBranch: Harare Main, branch code 1001\nZIPIT: same account numbers",
  social: {
    facebook: "https://facebook.example/solar-demo",
    instagram: "https://instagram.example/solar-demo",
    linkedin: "https://linkedin.example/company/solar-demo",
    tiktok: "https://tiktok.example/@solar-demo",
    x: "https://x.example/solar-demo",
    youtube: "https://youtube.example/@solar-demo",
  },
};
