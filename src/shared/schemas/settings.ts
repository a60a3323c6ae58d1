import { z } from "zod";

/** A stored file's name (no folders) with one of the given extensions, or "" for none. */
function mediaFileName(extensions: readonly string[]) {
  return z
    .string()
    .trim()
    .max(120)
    .refine((v) => v === "" || (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v) && extensions.some((e) => v.endsWith(e))), {
      message: `A file name ending in ${extensions.join(", ")}.`,
    });
}

/** Company details shown in the header, footer and contact page; admins edit them (DESIGN.md §6). */
export const siteSettingsSchema = z.object({
  companyName: z.string().trim().min(1).max(120),
  tagline: z.string().trim().max(200),
  phone: z.string().trim().min(3).max(40),
  /** Digits only, with country code, for wa.me links. */
  whatsappNumber: z
    .string()
    .trim()
    .regex(/^\d{8,15}$/, "Digits only, with the country code."),
  salesEmail: z.email(),
  supportEmail: z.email(),
  address: z.string().trim().min(1).max(300),
  /** Google Maps embed URL of the office. */
  mapEmbedUrl: z.url().or(z.literal("")),
  secondaryCurrency: z.enum(["ZWL", "ZWG"]),
  /** The home hero's background film, its still (shown first, and to visitors who prefer less motion) and the
   * welcome sound: file names under /media/site/, or "" for none. */
  heroVideo: mediaFileName([".webm", ".mp4"]),
  heroPoster: mediaFileName([".webp", ".jpg", ".png"]),
  welcomeAudio: mediaFileName([".mp3", ".ogg", ".m4a"]),
  supportHours: z.string().trim().max(80),
  /** The account dealers pay into by bank transfer or ZIPIT (shown at checkout, on their orders and in e-mails). */
  bankDetails: z.string().trim().max(1000),
  social: z.object({
    facebook: z.url().or(z.literal("")),
    instagram: z.url().or(z.literal("")),
    linkedin: z.url().or(z.literal("")),
    tiktok: z.url().or(z.literal("")),
    x: z.url().or(z.literal("")),
    youtube: z.url().or(z.literal("")),
  }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

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
  secondaryCurrency: "ZWL",
  heroVideo: "hero.webm",
  heroPoster: "hero-poster.webp",
  welcomeAudio: "welcome.mp3",
  supportHours: "Mon-Fri 8AM-5PM",
  bankDetails:
    "Bank: Demo Bank Zimbabwe\nAccount name: Solar Demo (Private) Limited\nUSD account: 1234 5678 9012\nZWL account: 2109 8765 4321\nBranch: Harare Main, branch code 1001\nZIPIT: same account numbers",
  social: {
    facebook: "https://facebook.example/solar-demo",
    instagram: "https://instagram.example/solar-demo",
    linkedin: "https://linkedin.example/company/solar-demo",
    tiktok: "https://tiktok.example/@solar-demo",
    x: "https://x.example/solar-demo",
    youtube: "https://youtube.example/@solar-demo",
  },
};
