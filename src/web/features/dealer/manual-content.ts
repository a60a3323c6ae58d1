/**
 * The dealer manual's text (spec §2 '/dealer/manual'): the one source of the page, the PDF and the TXT manual.
 * Plain data only: the server renders the downloads from it (src/server/modules/dealers/manual-files.ts), so this
 * file imports nothing. Keep the text to characters Helvetica can draw (plain ASCII is safest).
 */

/** The five dealer tours of spec §2. */
export const DEALER_TOUR_TYPES = [
  "dealer-registration",
  "dealer-company-form",
  "dealer-documents",
  "dealer-installations",
  "dealer-profile",
] as const;
export type DealerTourType = (typeof DEALER_TOUR_TYPES)[number];

export type ManualTour = {
  type: DealerTourType;
  /** The tour's name on its card (spec §2). */
  title: string;
  description: string;
  /** The page the tour walks through. */
  path: "/dealer/register" | "/dealer/profile";
};

/** One card of the page and one chapter of the downloads. */
export type ManualSection = {
  id: "registration" | "documents" | "installations" | "profile";
  title: string;
  summary: string;
  tours: readonly ManualTour[];
  steps: readonly string[];
};

export type QuickStartStep = { title: string; text: string };

export const MANUAL_TITLE = "Dealer Manual";

export const MANUAL_INTRO =
  "This manual explains how to register your company as a dealer, upload your documents, list your installations and keep your profile up to date. Each part has a guided tour that shows you the page step by step.";

/** The downloads, served by src/web/routes/dealer/manual-pdf.ts and manual-txt.ts. */
export const MANUAL_FILES = {
  pdf: { path: "/dealer/manual/dealer-manual.pdf", name: "dealer-manual.pdf", label: "Download PDF Manual" },
  txt: { path: "/dealer/manual/dealer-manual.txt", name: "dealer-manual.txt", label: "Download TXT Manual" },
} as const;

/** The four cards of guided tours (spec §2), in the spec's order. */
export const MANUAL_SECTIONS: readonly ManualSection[] = [
  {
    id: "registration",
    title: "Registration Process",
    summary: "Apply to become a certified dealer through the Dealer Registration Portal.",
    tours: [
      {
        type: "dealer-registration",
        title: "Registration Overview",
        description: "The portal's status label, the progress tracker and its three sections.",
        path: "/dealer/register",
      },
      {
        type: "dealer-company-form",
        title: "Company Details Form",
        description: "Each field of the Company Details section and what to enter in it.",
        path: "/dealer/register",
      },
    ],
    steps: [
      "Open Become a Dealer in the sidebar to reach the Dealer Registration Portal.",
      "The status label shows where your application stands; the progress tracker shows how many of the 3 sections are completed.",
      "Open the Company Details section and enter your Registered Company Name exactly as it appears on your company registration.",
      "Enter your Trading Name and Company Registration Number; the VAT Number and TIN are optional.",
      "Save your company details. A tick shows on each completed section.",
      "Complete Required Documents and Dealer Installations next; once all three sections are complete, our team reviews your application.",
    ],
  },
  {
    id: "documents",
    title: "Document Management",
    summary: "Upload the documents we need to verify your company.",
    tours: [
      {
        type: "dealer-documents",
        title: "Document Upload Guide",
        description: "Which documents to upload, the accepted file types and how to replace a file.",
        path: "/dealer/register",
      },
    ],
    steps: [
      "Open the Required Documents section of the Dealer Registration Portal.",
      "Upload your Tax Clearance certificate and your Certificate of Incorporation, one file each.",
      "Upload the National ID Copies of Directors: one file for each director; you can choose several files at once.",
      "If your company installs solar systems, upload your ZERA installer licence too and choose its class (ST1 to ST4); a company that only resells leaves it empty.",
      "Use JPG or PNG images, or PDFs (ZIMRA's tax clearance as it comes), of at most 3MB each, sharp enough to read every word.",
      "Remove a wrong file before you submit, then upload your documents.",
    ],
  },
  {
    id: "installations",
    title: "Installation Examples",
    summary: "Show us installations your team has completed.",
    tours: [
      {
        type: "dealer-installations",
        title: "Installation Form",
        description: "How to add, fill in and remove installation examples.",
        path: "/dealer/register",
      },
    ],
    steps: [
      "Open the Dealer Installations section of the Dealer Registration Portal.",
      "Add an installation for each system you want to show; at least 3 are needed to complete the section.",
      "For each one, enter the System Description, the Size of System (for example 5kW), and the customer's Email and Phone Number.",
      "Remove an installation you added by mistake, then save your installation details.",
    ],
  },
  {
    id: "profile",
    title: "Profile Management",
    summary: "Keep your personal details, password and company information current.",
    tours: [
      {
        type: "dealer-profile",
        title: "Profile Overview",
        description: "Your personal details, company details, documents, installations and password.",
        path: "/dealer/profile",
      },
    ],
    steps: [
      "Open Profile in the sidebar.",
      "Press Edit to change your full name, username or e-mail address, then save; Cancel leaves them as they were.",
      "Check your Company Details, Documents and Installations as we have them on record.",
      "Press Change to set a new password; enter the new password twice.",
    ],
  },
];

/** The tips of spec §2, in its order. */
export const MANUAL_TIPS: readonly string[] = [
  "Complete all three sections: Company Details, Required Documents and Dealer Installations.",
  "Keep your documents clear and current: readable images of documents that are still valid.",
  "Give at least 3 installation examples.",
  "Double-check your registration details before you save them.",
  "Keep your contact details up to date so that we can reach you.",
];

/** The 4-step quick start of spec §2. */
export const MANUAL_QUICK_START: readonly QuickStartStep[] = [
  { title: "Enter your company details", text: "Open Become a Dealer and complete the Company Details section." },
  { title: "Upload your documents", text: "Add your tax clearance, certificate of incorporation and the IDs of your directors." },
  { title: "Add your installations", text: "List at least 3 installations your team has completed." },
  { title: "Get verified", text: "Our team reviews your application; follow its status in the Dealer Registration Portal." },
];

/** Headings shared by the page and the downloads. */
export const MANUAL_HEADINGS = {
  tours: "Guided Tours",
  downloads: "Download the Manual",
  quickStart: "Quick Start",
  tips: "Tips",
  support: "Support Contacts",
  steps: "Step by step",
} as const;

export const TOURS_INTRO = "Press Start on a tour to be guided through its page step by step.";
export const DOWNLOADS_INTRO = "Keep a copy of this manual to read offline or to print.";
export const SUPPORT_INTRO = "Our dealer support team is here to help with registration, documents and your account.";

export const SUPPORT_LABELS = { email: "Email", phone: "Phone", hours: "Hours" } as const;

/** The support contacts shown on the page and printed in the downloads (from the site settings). */
export type ManualContacts = { companyName: string; supportEmail: string; phone: string; supportHours: string };
