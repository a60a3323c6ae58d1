import { can } from "#shared/can.ts";
import type { RoleName } from "#shared/roles.ts";
import type { Permission } from "#shared/staff.ts";
import { type TourDefinition, tourTarget as t } from "./tour-types.ts";

/**
 * The thirteen guided tours (spec §1, §2): five for dealers, eight for the back office. Every step says what the
 * element is for and what to do next; every target is a `data-tour` attribute that the tour's page always renders
 * (tests/e2e/tours.spec.ts runs each tour to its end and checks every target is on screen).
 */
export const TOURS: readonly TourDefinition[] = [
  // Dealers (spec §2 /dealer/manual: Registration Process, Document Management, Installation Examples, Profile Management).
  {
    type: "dealer-registration",
    audience: "dealer",
    title: "Registration Overview",
    summary: "How the three parts of the application fit together and how far along you are.",
    path: "/dealer/register",
    steps: [
      {
        target: t("page-title"),
        content:
          "This is the Dealer Registration Portal. Your application has three parts; when all three are complete it is sent to our team for review.",
      },
      {
        target: t("reg-progress"),
        content:
          "Your status and progress: 'N of 3 completed' counts the finished parts. The status moves from Not Started to Pending when you submit, then to Approved.",
      },
      {
        target: t("reg-company"),
        content: "Step 1, Company Details: your registered company name, trading name and registration number. Open it and save it first.",
      },
      {
        target: t("reg-documents"),
        content:
          "Step 2, Required Documents: your tax clearance, certificate of incorporation and the directors' IDs, as JPG or PNG photos or scans of up to 3 MB each.",
      },
      {
        target: t("reg-installations"),
        content:
          "Step 3, Dealer Installations: at least three systems you have installed, with a customer contact for each. Saving the third completes your application.",
      },
      {
        target: t("dealer-sidebar"),
        content: "Use this menu to reach your profile, the help manual and, once you are approved, your quotations and orders.",
        placement: "right",
      },
    ],
  },
  {
    type: "dealer-company-form",
    audience: "dealer",
    title: "Company Details Form",
    summary: "Which company details we need and how they are checked.",
    path: "/dealer/register",
    steps: [
      {
        target: t("reg-company"),
        content:
          "Enter the Registered Company Name exactly as on your certificate of incorporation, your Trading Name and the Company Registration Number. The VAT number and TIN are optional. Press Save Company Details.",
      },
      {
        target: t("reg-progress"),
        content: "Once saved, this part is ticked and the progress shows 1 of 3 completed. Then continue to the Required Documents.",
      },
    ],
  },
  {
    type: "dealer-documents",
    audience: "dealer",
    title: "Document Upload Guide",
    summary: "Uploading your tax clearance, certificate and directors' IDs, and following their review.",
    path: "/dealer/register",
    steps: [
      {
        target: t("reg-documents"),
        content:
          "Choose one tax clearance, one certificate of incorporation and one or more directors' IDs (JPG, PNG or PDF, up to 3 MB each), and your ZERA licence if you install systems, then press Upload Documents. Each file shows its own progress bar.",
      },
      {
        target: t("reg-progress"),
        content:
          "Each document is reviewed on its own: Pending review, Approved or Rejected with a reason. Replace a rejected one here; your progress counts the documents that are on file and not rejected.",
      },
    ],
  },
  {
    type: "dealer-installations",
    audience: "dealer",
    title: "Installation Form",
    summary: "Listing at least three installations as examples of your work.",
    path: "/dealer/register",
    steps: [
      {
        target: t("reg-installations"),
        content:
          "Describe each system, give its size (for example 5kW) and the customer's e-mail and phone number so we can check it. Add Installation adds another; Remove takes one away. Save Installations saves them all at once.",
      },
      {
        target: t("reg-progress"),
        content:
          "With at least three installations saved and the other two parts complete, your application is submitted and its status becomes Pending.",
      },
    ],
  },
  {
    type: "dealer-profile",
    audience: "dealer",
    title: "Profile Overview",
    summary: "Your personal and company details, documents, installations, password and sign-ins.",
    path: "/dealer/profile",
    steps: [
      {
        target: t("profile-personal"),
        content: "Your name, username and e-mail. Press Edit to change them and Save; Cancel leaves them as they were.",
      },
      {
        target: t("profile-company"),
        content:
          "The company details of your application, read-only here. Change them in the registration portal while your application is not yet approved.",
      },
      {
        target: t("profile-documents"),
        content: "Your documents with their review status. A rejected one shows the reason: upload a new one in the registration portal.",
      },
      {
        target: t("profile-installations"),
        content: "The installations you listed, numbered in the order you gave them.",
      },
      {
        target: t("profile-password"),
        content: "Press Change to choose a new password: give the current one, then the new one twice.",
      },
      {
        target: t("profile-sessions"),
        content: "Where you are signed in. Sign out the other devices if you used a shared or lost one.",
      },
    ],
  },

  // The back office (spec §2: admin screens implied by the tours).
  {
    type: "admin-dashboard",
    audience: "admin",
    permission: "sales.read",
    title: "Dashboard and sidebar",
    summary: "What needs attention today and where each part of the back office is.",
    path: "/admin",
    steps: [
      {
        target: t("admin-sidebar"),
        content:
          "The back office's menu: products, dealers, quotations, orders, content, messages, settings and the audit log of every change.",
        placement: "right",
      },
      {
        target: t("dashboard-range"),
        content:
          "Choose the period (30, 90 or 365 days, or your own dates) and a category; every figure below follows it and is compared with the period before.",
      },
      {
        target: t("dashboard-stats"),
        content:
          "What needs attention: pending dealer applications and quotations, orders awaiting payment, unread messages. Each card opens its list.",
      },
      {
        target: t("dashboard-sales-chart"),
        content: "Sales over the period, per day or week. 'Show the figures as a table' gives the same numbers as text.",
        placement: "top",
      },
    ],
  },
  {
    type: "admin-product-form",
    audience: "admin",
    permission: "catalogue.edit",
    title: "Product form",
    summary: "Adding a product with its prices, images and datasheet.",
    path: "/admin/products?product=new",
    steps: [
      {
        target: t("product-form"),
        content: "Give the product's name, category, description, benefits and warranty. Name, description and category are required.",
      },
      {
        target: t("product-price"),
        content:
          "The dealer list price (USD) is required: each dealer tier's discount comes off it. The retail price is what a visitor's quotation starts from; the secondary-currency price is optional. Only dealers and admins see prices.",
      },
      {
        target: t("product-images"),
        content: "Add JPG or PNG images; the first is the main image. Use the arrows to change the order and the bin to remove one.",
      },
      {
        target: t("product-datasheet"),
        content: "Attach the datasheet as a PDF: visitors download it from the product page. Then press the save button at the bottom.",
        placement: "top",
      },
    ],
  },
  {
    type: "admin-dealer-verification",
    audience: "admin",
    permission: "dealers.verify",
    title: "Dealer verification list",
    summary: "Finding applications and reviewing a dealer's documents.",
    path: "/admin/dealers",
    steps: [
      {
        target: t("dealer-filters"),
        content:
          "Search by name, e-mail, trading name or username, and filter by status: start with Pending to see the applications waiting for you.",
      },
      {
        target: t("dealer-list"),
        content:
          "Each card shows the company, the applicant, how many of the three parts are complete and how many documents are approved.",
      },
      {
        target: t("dealer-review"),
        content:
          "Review opens the application: approve or reject each document (a rejection needs a reason, which the dealer sees), then approve the application to make the account a dealer.",
      },
    ],
  },
  {
    type: "admin-quotations",
    audience: "admin",
    permission: "quotations.decide",
    title: "Quotation management",
    summary: "Approving quote requests with prices, rejecting them and reapproving.",
    path: "/admin/quotations",
    steps: [
      {
        target: t("quotation-overview"),
        content: "Quotations per status. Press a card to show only those: pending ones are waiting for a price.",
      },
      {
        target: t("quotation-filter"),
        content: "Search by name, e-mail or quotation number, or choose a status.",
      },
      {
        target: t("quotation-card"),
        content: "Each request with the requester's details, notes and the products with their quantities.",
      },
      {
        target: t("quotation-approve"),
        content:
          "Approve: enter a price per line, the currency and the last day it holds. The requester gets an e-mail with the quotation as a PDF.",
      },
      {
        target: t("quotation-reject"),
        content: "Reject: give the reason, which the requester is told by e-mail.",
      },
      {
        target: t("quotation-reapprove"),
        content: "A rejected quotation can be approved after all: Reapprove asks for the prices again.",
      },
    ],
  },
  {
    type: "admin-users",
    audience: "admin",
    permission: "users.manage",
    title: "Admin user management",
    summary: "Adding and removing back-office accounts.",
    path: "/admin/users",
    steps: [
      {
        target: t("add-admin-button"),
        content:
          "Add admin opens a short form: name, username, e-mail and role. The new admin gets an e-mail with a link to choose a password.",
        placement: "left",
      },
      {
        target: t("admin-table"),
        content:
          "Everyone with access to the back office. Remove ends an account and its sessions; you cannot remove yourself or the last super admin.",
      },
    ],
  },
  {
    type: "admin-blog-form",
    audience: "admin",
    permission: "content.edit",
    title: "Blog form",
    summary: "Writing a blog post with up to two images.",
    path: "/admin/blogs",
    steps: [
      {
        target: t("blog-form"),
        content: "Write a new post here, or press Edit on a post below to change it.",
      },
      {
        target: t("blog-title"),
        content: "The title and the author shown on the blog page.",
      },
      {
        target: t("blog-story"),
        content: "The story itself; the first 150 characters become the excerpt on the blog list.",
      },
      {
        target: t("blog-images"),
        content: "Up to two JPG or PNG images; the first leads the post. Save to publish.",
      },
      {
        target: t("blog-list"),
        content: "Every post, newest first: search, edit or delete; select several to delete them together.",
        placement: "top",
      },
    ],
  },
  {
    type: "admin-team-form",
    audience: "admin",
    permission: "content.edit",
    title: "Team form",
    summary: "Adding a team member with a photo and position for the About page.",
    path: "/admin/team",
    steps: [
      {
        target: t("team-form"),
        content: "Add a team member here, or press Edit on one below. They appear on the About page.",
      },
      {
        target: t("team-position"),
        content: "Choose the position; positions are managed under Site Content.",
      },
      {
        target: t("team-photo"),
        content: "A JPG or PNG photo; without one, the member's initials are shown.",
      },
      {
        target: t("team-list"),
        content: "The whole team: search, edit or remove members.",
        placement: "top",
      },
    ],
  },
  {
    type: "admin-case-study-form",
    audience: "admin",
    permission: "content.edit",
    title: "Case study form",
    summary: "Publishing a finished project with images and a video.",
    path: "/admin/case-studies",
    steps: [
      {
        target: t("case-study-form"),
        content: "The project's name, location and system capacity (for example 10kW).",
      },
      {
        target: t("case-study-images"),
        content: "Up to three JPG or PNG images for the gallery; the first is the cover.",
      },
      {
        target: t("case-study-video"),
        content: "Paste the YouTube link of the project's video; it is embedded on the case study page.",
      },
      {
        target: t("case-study-list"),
        content: "Every case study: search, edit or delete.",
        placement: "top",
      },
    ],
  },
];

/**
 * The tours a role sees in the Help panel (spec §2): admin and super the back office's, dealers theirs, others none.
 * Back-office tours follow the staff role's `permissions` when given (decision 035): only what the role may do.
 */
export function toursFor(role: RoleName | null | undefined, permissions?: readonly Permission[] | null): TourDefinition[] {
  if (role === "admin" || role === "super") {
    const person = { role, ...(permissions ? { permissions } : {}) };
    return TOURS.filter((tour) => tour.audience === "admin" && (!tour.permission || can.do(person, tour.permission)));
  }
  if (role === "dealer") return TOURS.filter((tour) => tour.audience === "dealer");
  return [];
}

export function tourOf(type: string): TourDefinition | undefined {
  return TOURS.find((tour) => tour.type === type);
}
