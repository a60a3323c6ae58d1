import * as accountMail from "#server/modules/accounts/account-mail.ts";
import * as contactMail from "#server/modules/contact/contact-mail.ts";
import * as creditMail from "#server/modules/credit/credit-mail.ts";
import * as dealerMail from "#server/modules/dealers/dealer-mail.ts";
import * as expiryMail from "#server/modules/dealers/document-expiry-mail.ts";
import * as teamMail from "#server/modules/dealers/team-mail.ts";
import * as leadMail from "#server/modules/leads/lead-mail.ts";
import * as taxDocumentMail from "#server/modules/money/tax-document-mail.ts";
import * as orderMail from "#server/modules/orders/order-mail.ts";
import * as paymentProofMail from "#server/modules/orders/payment-proof-mail.ts";
import * as quotationMail from "#server/modules/quotations/quotation-mail.ts";
import type { Mail } from "#server/platform/mailer/mailer.ts";
import type { Statement } from "#shared/schemas/credit.ts";
import type { OrderStatus, OrderView } from "#shared/schemas/orders.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import type { TaxDocumentContent, TaxDocumentView } from "#shared/schemas/tax-documents.ts";

/**
 * Every e-mail template of the server with sample data, one entry per template (`module:export`) holding its
 * variants. tests/api/mail-templates.test.ts renders them all and fails when a `*-mail.ts` module exports a template
 * that has no entry here, so a new template is checked as soon as it exists. Amounts are large enough to need
 * thousands separators.
 */
export const SITE_URL = "https://solar.example";
const site = { ...DEFAULT_SITE_SETTINGS, siteUrl: SITE_URL };
const token = "tok_3f9a2c7e5b";

const applicant = { fullName: "Rudo Chikomo", username: "rudo", email: "rudo@example.com" };
const company = {
  registeredCompany: "Baobab Solar (Private) Limited",
  tradingName: "Baobab Solar",
  companyRegNumber: "1234/2019",
  vatNumber: "100123456",
  tin: "2000123456",
};

function order(
  status: OrderStatus,
  fulfilment: "delivery" | "collection" = "delivery",
  note = "",
  over: Partial<OrderView> = {},
): OrderView {
  const base: OrderView = {
    id: 41,
    reference: "ORD-2026-0041",
    user_id: 7,
    dealer_name: applicant.fullName,
    dealer_company: company.registeredCompany,
    placed_by: null,
    status,
    currency: "USD",
    vat_rate: "15.50",
    subtotal: "3256.00",
    vat: "504.68",
    total: "3760.68",
    subtotal_usd: "3256.00",
    vat_usd: "504.68",
    total_usd: "3760.68",
    secondary_currency: "ZWG",
    subtotal_secondary: "87266.08",
    vat_secondary: "13526.24",
    total_secondary: "100792.32",
    exchange_rate: null,
    rate_date: null,
    fulfilment,
    contactName: "Rudo Chikomo",
    contactPhone: "+263 77 123 4567",
    deliveryAddress: "14 Samora Machel Avenue, Harare",
    delivery_city: null,
    delivery_fee: null,
    charges: [],
    branch: null,
    dispatch_reference: null,
    notes: "Please call before delivery.",
    paymentReference: null,
    payment_terms: "cash",
    due_on: null,
    bankDetails: status === "awaiting_payment" ? DEFAULT_SITE_SETTINGS.bankDetails : null,
    created_At: "2026-11-20T08:00:00.000Z",
    updated_At: "2026-11-21T08:00:00.000Z",
    products: [
      {
        product_id: 3,
        product_name: "5 kW hybrid inverter",
        quantity: 2,
        unit_price: "1128.00",
        unit_price_usd: "1128.00",
        unit_price_secondary: "30232.09",
        line_total: "2256.00",
        line_vat: "349.68",
        hs_code: "85044090",
        vat_category: "standard",
        vat_rate: "15.50",
        serialised: false,
        serials: [],
        backordered: 0,
        expected: null,
      },
      {
        product_id: null,
        product_name: "Mounting kit (no longer sold)",
        quantity: 4,
        unit_price: "250.00",
        unit_price_usd: "250.00",
        unit_price_secondary: "6700.38",
        line_total: "1000.00",
        line_vat: "155.00",
        hs_code: "73089000",
        vat_category: "standard",
        vat_rate: "15.50",
        serialised: false,
        serials: [],
        backordered: 0,
        expected: null,
      },
    ],
    history: [{ status, note, changed_by: "Tendai Super", created_At: "2026-11-21T08:00:00.000Z" }],
    invoice: null,
    credit_note: null,
    documents: [],
    payment_proofs: [],
  };
  return { ...base, ...over };
}

const BULAWAYO = {
  id: 2,
  name: "Bulawayo",
  city: "Bulawayo",
  address: "12 Khami Road, Belmont Industrial, Bulawayo",
  phone: "+263 292 880 215",
  opening_hours: "Mon–Fri 08:00–17:00, Sat 08:30–12:30",
};

/** An order delivered to Gweru with its fee, one line of it backordered with a shipment expected. */
function deliveredWithFee(status: OrderStatus): OrderView {
  const base = order(status, "delivery", "", { delivery_city: "Gweru", delivery_fee: "45.00", deliveryAddress: "3 Main Street, Gweru" });
  return {
    ...base,
    products: base.products.map((l, i) => (i === 0 ? { ...l, backordered: 1, expected: "2026-12-12" } : l)),
  };
}

function quotation(over: Partial<QuotationView>): QuotationView {
  return {
    id: 12,
    user_id: null,
    placed_by: null,
    installer_province: null,
    status: "approved",
    requester_name: "Tatenda Moyo",
    requester_address: "5 Borrowdale Road, Harare",
    requester_phone: "+263 77 765 4321",
    requester_email: "tatenda@example.com",
    notes: "Backup for a clinic.",
    created_At: "2026-11-20T08:00:00.000Z",
    currency: "USD",
    valid_until: "2026-12-20T21:59:59.999Z",
    exchange_rate: null,
    rate_date: null,
    vat_rate: "15.50",
    subtotal: null,
    vat: null,
    total: null,
    other_currency: null,
    other_subtotal: null,
    other_vat: null,
    other_total: null,
    decision_reason: "",
    decided_At: "2026-11-21T08:00:00.000Z",
    branch_id: null,
    accepted_At: null,
    order_id: null,
    lines: [
      {
        id: 1,
        product_id: 3,
        product_name: "5 kW hybrid inverter",
        quantity: 2,
        quoted_price: "1250.50",
        line_total: "2501.00",
        vat_rate: "15.50",
        added_by_admin: false,
      },
      {
        id: 2,
        product_id: 9,
        product_name: "Lithium battery 5 kWh",
        quantity: 3,
        quoted_price: null,
        line_total: null,
        vat_rate: "15.50",
        added_by_admin: false,
      },
    ],
    charges: [],
    products: [
      {
        id: 1,
        product_id: 3,
        product_name: "5 kW hybrid inverter",
        quantity: 2,
        price: "1128.00",
        price_zwl: "31584.00",
        quoted_price: "1250.50",
        vat_rate: "15.50",
        retail_price_usd: null,
        list_price_usd: null,
      },
      {
        id: 2,
        product_id: 9,
        product_name: "Lithium battery 5 kWh",
        quantity: 3,
        price: "1499.00",
        price_zwl: "41972.00",
        quoted_price: null,
        vat_rate: "15.50",
        retail_price_usd: null,
        list_price_usd: null,
      },
    ],
    ...over,
  };
}

const quoteRequest: quotationMail.QuoteRequestRecord = {
  id: 12,
  requesterName: "Tatenda Moyo",
  requesterAddress: "5 Borrowdale Road, Harare",
  requesterEmail: "tatenda@example.com",
  requesterPhone: "+263 77 765 4321",
  notes: "Backup for a clinic.",
  lines: [
    { productId: 3, productName: "5 kW hybrid inverter", quantity: 2, priceUsd: "1128.00" },
    { productId: 9, productName: "Lithium battery 5 kWh", quantity: 3, priceUsd: null },
  ],
};

const message: contactMail.ContactRecord = {
  id: 5,
  fullName: "Rudo Chikomo",
  email: "rudo@example.com",
  phone: "+263 77 123 4567",
  notes: "Do you install 10 kW systems in Bulawayo?",
  requestQuote: true,
  createdAt: new Date("2026-11-20T08:00:00.000Z"),
};

/** The admin's reply as the reply form sends it: the greeting it starts with, then the text. */
export const CONTACT_REPLY = {
  subject: "Re: Your message to Solar Demo",
  message: "Dear Rudo,\nYes, our Bulawayo team installs 10 kW systems. We will call you to arrange a site visit.",
};

/** The admin's welcome note on an approval. */
export const APPROVAL_NOTE = "Welcome aboard! Your account manager is Tendai.";
export const REJECTION_REASON = "The tax clearance has expired.";

const pdf = new Uint8Array([37, 80, 68, 70]);

/** A tax invoice or credit note of the sample order. */
function taxDocument(kind: TaxDocumentView["kind"]): TaxDocumentView {
  return {
    id: 5,
    kind,
    number: kind === "invoice" ? "INV-2026-000123" : "CN-2026-000007",
    order_id: 41,
    order_reference: "ORD-2026-0041",
    issued_at: "2026-11-21T08:00:00.000Z",
    buyer_name: company.registeredCompany,
    buyer_tin: "2001234567",
    buyer_vat_number: "10045678",
    currency: "USD",
    exchange_rate: "26.8015",
    vat_rate: "15.50",
    subtotal: "3256.00",
    vat: "504.68",
    total: "3760.68",
    fiscal_status: "not_required",
    fiscal: null,
    credits: kind === "credit_note" ? "INV-2026-000123" : null,
    replaced_by: null,
  };
}

function taxContent(): TaxDocumentContent {
  const party = {
    name: company.registeredCompany,
    address: "14 Samora Machel Avenue, Harare",
    tin: "2001234567",
    vat_number: "10045678",
    email: applicant.email,
    phone: null,
  };
  return {
    seller: { ...party, name: site.companyName, tin: site.tin, vat_number: site.vatNumber },
    buyer: party,
    order_reference: "ORD-2026-0041",
    currency: "USD",
    lines: [],
    vat_summary: [{ vat_rate: "15.50", net: "3256.00", vat: "504.68" }],
    totals: { subtotal: "3256.00", vat: "504.68", total: "3760.68" },
    other_currency: "ZWG",
    other_totals: { subtotal: "87266.08", vat: "13526.24", total: "100792.32" },
    exchange_rate: "26.8015",
    rate_date: "2026-11-24",
    credits: null,
    reason: "",
  };
}
const link = { to: applicant.email, name: applicant.fullName, company: site.companyName };

/** A company's statement on net 30, part of it overdue. */
function statement(): Statement {
  return {
    company: { user_id: 7, name: "Baobab Solar" },
    from: "2026-11-01",
    to: "2026-11-30",
    currency: "USD",
    opening_balance: "6205.75",
    closing_balance: "18686.25",
    entries: [],
    summary: {
      terms: "net30",
      limit: "25000.00",
      balance: "18686.25",
      available: "6313.75",
      overdue: "6205.75",
      currency: "USD",
      hold: null,
      unallocated: "0.00",
    },
    open_invoices: [],
    unallocated_payments: [],
  };
}

export const MAIL_SAMPLES: Record<string, Record<string, () => Mail>> = {
  "account-mail:verificationMail": {
    default: () => accountMail.verificationMail({ ...link, url: `${SITE_URL}/verification?token=${token}` }),
  },
  "account-mail:resetMail": {
    default: () => accountMail.resetMail({ ...link, url: `${SITE_URL}/reset-password?token=${token}` }),
  },
  "account-mail:invitationMail": {
    default: () => accountMail.invitationMail({ ...link, url: `${SITE_URL}/reset-password?token=${token}`, invitedBy: "Tendai Super" }),
  },
  "team-mail:teamInvitationMail": {
    buyer: () =>
      teamMail.teamInvitationMail({
        to: "rumbi.moyo@example.com",
        name: "Rumbi Moyo",
        company: "Sunrise Solar",
        site: site.companyName,
        role: "buyer",
        invitedBy: "Farai Dealer",
        url: `${SITE_URL}/reset-password?token=${token}`,
      }),
    technician: () =>
      teamMail.teamInvitationMail({
        to: "tawanda.ncube@example.com",
        name: "Tawanda Ncube",
        company: "Sunrise Solar",
        site: site.companyName,
        role: "technician",
        invitedBy: "Farai Dealer",
        url: `${SITE_URL}/reset-password?token=${token}`,
      }),
  },
  "team-mail:teamJoinMail": {
    default: () =>
      teamMail.teamJoinMail({
        to: "kuda@example.com",
        name: "Kuda Joiner",
        company: "Sunrise Solar",
        site: site.companyName,
        role: "technician",
        invitedBy: "Farai Dealer",
        url: `${SITE_URL}/dealer/team/join?token=${token}`,
      }),
  },
  "account-mail:accountExistsMail": {
    default: () => accountMail.accountExistsMail({ ...link, signInUrl: `${SITE_URL}/login`, resetUrl: `${SITE_URL}/forgot-password` }),
  },
  "account-mail:usernameTakenMail": {
    default: () => accountMail.usernameTakenMail({ ...link, username: "rudo", signupUrl: `${SITE_URL}/signup` }),
  },
  "account-mail:emailChangedMail": {
    default: () =>
      accountMail.emailChangedMail({ ...link, url: `${SITE_URL}/undo-email-change?token=${token}`, newEmail: "rudo.new@example.com" }),
  },
  "account-mail:emailChangeMail": {
    default: () => accountMail.emailChangeMail({ ...link, to: "rudo.new@example.com", url: `${SITE_URL}/verification?token=${token}` }),
  },
  "account-mail:emailInUseMail": {
    default: () => accountMail.emailInUseMail({ ...link, resetUrl: `${SITE_URL}/forgot-password` }),
  },
  "account-mail:usernameChangedMail": {
    default: () => accountMail.usernameChangedMail({ ...link, username: "rudo2", resetUrl: `${SITE_URL}/forgot-password` }),
  },

  "credit-mail:creditReminder": {
    dueSoon: () =>
      creditMail.creditReminder({
        site,
        owner: applicant,
        statement: statement(),
        kind: "due_soon",
        holdDays: 30,
        invoices: [{ number: "INV-2026-000214", dueOn: "2026-12-03", open: "12480.50", daysOverdue: 0 }],
        pdf,
        fileName: "statement-2026-11-01-to-2026-11-30.pdf",
      }),
    overdue: () =>
      creditMail.creditReminder({
        site,
        owner: applicant,
        statement: statement(),
        kind: "overdue",
        holdDays: 30,
        invoices: [
          { number: "INV-2026-000188", dueOn: "2026-11-12", open: "4210.00", daysOverdue: 18 },
          { number: "INV-2026-000199", dueOn: "2026-11-20", open: "1995.75", daysOverdue: 10 },
        ],
        pdf,
        fileName: "statement-2026-10-01-to-2026-11-30.pdf",
      }),
  },
  "document-expiry-mail:documentExpiryReminder": {
    thirtyDays: () =>
      expiryMail.documentExpiryReminder({
        site,
        owner: applicant,
        company: "Baobab Solar",
        kind: "tax_clearance",
        expiresOn: "2026-12-31",
        daysLeft: 30,
      }),
    sevenDays: () =>
      expiryMail.documentExpiryReminder({
        site,
        owner: applicant,
        company: "Baobab Solar",
        kind: "zera_licence",
        expiresOn: "2026-12-31",
        daysLeft: 7,
      }),
  },
  "document-expiry-mail:documentExpiredNotice": {
    default: () =>
      expiryMail.documentExpiredNotice({ site, owner: applicant, company: "Baobab Solar", kind: "tax_clearance", expiresOn: "2026-10-31" }),
  },
  "document-expiry-mail:dealerPricesRestored": {
    default: () =>
      expiryMail.dealerPricesRestored({ site, owner: applicant, company: "Baobab Solar", kind: "tax_clearance", expiresOn: "2027-12-31" }),
  },
  "document-expiry-mail:renewalUploaded": {
    default: () =>
      expiryMail.renewalUploaded({
        site,
        owner: applicant,
        company: "Baobab Solar",
        userId: 7,
        renewed: [{ kind: "tax_clearance", originalName: "itf263-2027.png", currentExpiresOn: "2026-12-31" }],
      }),
  },
  "dealer-mail:applicationSubmittedToCompany": {
    new: () =>
      dealerMail.applicationSubmittedToCompany({
        site,
        applicant,
        company,
        userId: 7,
        installationCount: 3,
        documentCount: 3,
        resubmitted: false,
      }),
    resubmitted: () =>
      dealerMail.applicationSubmittedToCompany({
        site,
        applicant,
        company,
        userId: 7,
        installationCount: 4,
        documentCount: 3,
        resubmitted: true,
      }),
  },
  "dealer-mail:applicationReceived": {
    new: () => dealerMail.applicationReceived({ site, applicant, company, resubmitted: false }),
    resubmitted: () => dealerMail.applicationReceived({ site, applicant, company, resubmitted: true }),
  },
  "dealer-mail:statusChanged": {
    approved: () => dealerMail.statusChanged({ site, applicant, company, from: "Pending", to: "Approved", reason: APPROVAL_NOTE }),
    approvedWithoutNote: () => dealerMail.statusChanged({ site, applicant, company, from: "Pending", to: "Approved", reason: null }),
    rejected: () => dealerMail.statusChanged({ site, applicant, company, from: "Pending", to: "Rejected", reason: REJECTION_REASON }),
    rejectedWithSections: () =>
      dealerMail.statusChanged({
        site,
        applicant,
        company,
        from: "Pending",
        to: "Rejected",
        reason: REJECTION_REASON,
        sections: ["company", "installations"],
      }),
    suspended: () => dealerMail.statusChanged({ site, applicant, company, from: "Approved", to: "Suspended", reason: "Unpaid orders." }),
    reinstated: () => dealerMail.statusChanged({ site, applicant, company, from: "Suspended", to: "Approved", reason: null }),
    pending: () => dealerMail.statusChanged({ site, applicant, company, from: "Rejected", to: "Pending", reason: null }),
  },
  "dealer-mail:documentRejected": {
    default: () =>
      dealerMail.documentRejected({ site, applicant, kind: "tax_clearance", originalName: "tax-2025.pdf", reason: REJECTION_REASON }),
  },
  "dealer-mail:replacementUploaded": {
    default: () =>
      dealerMail.replacementUploaded({
        site,
        applicant,
        company,
        userId: 7,
        status: "Pending",
        replaced: [{ kind: "tax_clearance", originalName: "tax-2026.pdf", replacedName: "tax-2025.pdf" }],
      }),
  },

  "order-mail:orderPlacedToDealer": {
    default: () => orderMail.orderPlacedToDealer(order("awaiting_payment"), applicant, site),
    collection: () => orderMail.orderPlacedToDealer(order("awaiting_payment", "collection"), applicant, site),
    // Collection at a branch, and delivery to a city with its fee and a backordered line.
    collectionAtBranch: () =>
      orderMail.orderPlacedToDealer(order("awaiting_payment", "collection", "", { branch: BULAWAYO }), applicant, site),
    deliveryWithFee: () => orderMail.orderPlacedToDealer(deliveredWithFee("awaiting_payment"), applicant, site),
  },
  "order-mail:orderPlacedToCompany": {
    default: () => orderMail.orderPlacedToCompany(order("awaiting_payment"), applicant, site),
    deliveryWithFee: () => orderMail.orderPlacedToCompany(deliveredWithFee("awaiting_payment"), applicant, site),
  },
  "payment-proof-mail:paymentProofToCompany": {
    default: () =>
      paymentProofMail.paymentProofToCompany(
        {
          orderId: 42,
          orderReference: "ORD-2026-000042",
          currency: "USD",
          total: "1234.50",
          paymentReference: "ZIPIT 7781 2290",
          fileName: "bank-slip.png",
        },
        { fullName: applicant.fullName, email: applicant.email, company: "Sunrise Solar" },
        site,
      ),
  },
  "order-mail:orderStatusToDealer": {
    paid: () => orderMail.orderStatusToDealer(order("paid"), applicant, site),
    readyForCollection: () => orderMail.orderStatusToDealer(order("ready_for_collection", "collection"), applicant, site),
    cancelled: () => orderMail.orderStatusToDealer(order("cancelled", "delivery", "Out of stock until March."), applicant, site),
    readyAtBranch: () =>
      orderMail.orderStatusToDealer(
        order("ready_for_collection", "collection", "", { branch: BULAWAYO, dispatch_reference: "COL-0041" }),
        applicant,
        site,
      ),
    dispatched: () =>
      orderMail.orderStatusToDealer({ ...deliveredWithFee("dispatched"), dispatch_reference: "WB 4471-2208" }, applicant, site),
  },

  "tax-document-mail:taxDocumentMail": {
    invoice: () => taxDocumentMail.taxDocumentMail(taxDocument("invoice"), taxContent(), applicant, site, pdf),
    creditNote: () =>
      taxDocumentMail.taxDocumentMail(
        taxDocument("credit_note"),
        { ...taxContent(), credits: { number: "INV-2026-000123", issued_at: "2026-11-21T08:00:00.000Z" }, reason: "Out of stock." },
        applicant,
        site,
        pdf,
      ),
  },

  "quotation-mail:quoteRequestReceivedMail": {
    default: () => quotationMail.quoteRequestReceivedMail(quoteRequest, site),
  },
  "quotation-mail:quoteRequestReceiptMail": {
    default: () => quotationMail.quoteRequestReceiptMail(quoteRequest, site),
  },
  "quotation-mail:quoteRequestToCompanyMail": {
    visitor: () => quotationMail.quoteRequestToCompanyMail(quoteRequest, null, site),
    dealer: () => quotationMail.quoteRequestToCompanyMail(quoteRequest, { id: 7, role: "dealer" }, site),
  },
  "quotation-mail:quotationApprovedMail": {
    usd: () => quotationMail.quotationApprovedMail(quotation({}), site, pdf),
    // A delivery charge and a discount, and the visitor's private link to accept it.
    withCharges: () =>
      quotationMail.quotationApprovedMail(
        quotation({
          charges: [
            { id: 1, kind: "delivery", label: "Delivery to Mutare", amount: "85.00", signed_amount: "85.00" },
            { id: 2, kind: "discount", label: "Opening discount", amount: "15.00", signed_amount: "-15.00" },
          ],
        }),
        site,
        pdf,
        `${site.siteUrl}/quotations/12/accept?token=sample-token`,
      ),
    zwg: () =>
      quotationMail.quotationApprovedMail(
        quotation({
          currency: "ZWG",
          products: [
            {
              id: 1,
              product_id: 3,
              product_name: "5 kW hybrid inverter",
              quantity: 2,
              price: "1128.00",
              price_zwl: "18492.00",
              quoted_price: "18492.00",
              vat_rate: "15.50",
              retail_price_usd: null,
              list_price_usd: null,
            },
          ],
        }),
        site,
        pdf,
      ),
  },
  "quotation-mail:quotationApprovedWithoutPricesMail": {
    // A technician's own request: products and validity, no amount, no PDF (the money rule).
    technician: () =>
      quotationMail.quotationApprovedWithoutPricesMail(quotation({}), site, `${site.siteUrl}/quotations/12/accept?token=sample-token`),
  },
  "quotation-mail:quotationReminderMail": {
    dealer: () => quotationMail.quotationReminderMail(quotation({ total: "2888.66" }), site, `${site.siteUrl}/dealer/quotations`),
    visitor: () => quotationMail.quotationReminderMail(quotation({ total: "2888.66" }), site, null),
  },
  "quotation-mail:quotationAcceptedToCompanyMail": {
    default: () => quotationMail.quotationAcceptedToCompanyMail(quotation({ status: "accepted", total: "2888.66" }), site),
  },
  "quotation-mail:quotationAcceptedToRequesterMail": {
    default: () => quotationMail.quotationAcceptedToRequesterMail(quotation({ status: "accepted" }), site),
  },
  "quotation-mail:quotationRejectedMail": {
    rejected: () =>
      quotationMail.quotationRejectedMail(quotation({ status: "rejected", decision_reason: "We do not ship there yet." }), site, false),
    withdrawn: () => quotationMail.quotationRejectedMail(quotation({ status: "rejected", decision_reason: "Prices changed." }), site, true),
  },

  "contact-mail:contactToCompanyMail": {
    visitor: () => contactMail.contactToCompanyMail(message, null, site),
    signedIn: () => contactMail.contactToCompanyMail({ ...message, requestQuote: false }, { id: 7, role: "dealer" }, site),
  },
  "contact-mail:contactReceiptMail": {
    default: () => contactMail.contactReceiptMail("tariro@example.com", site),
  },
  "contact-mail:contactConfirmationMail": {
    quote: () => contactMail.contactConfirmationMail(message, site),
    message: () => contactMail.contactConfirmationMail({ ...message, requestQuote: false }, site),
  },
  "contact-mail:contactReplyMail": {
    default: () => contactMail.contactReplyMail(message, CONTACT_REPLY, site),
  },

  // Installer enquiries.
  "lead-mail:leadOfferedMail": {
    withNotes: () =>
      leadMail.leadOfferedMail({
        to: "farai@sunrise-solar.example",
        company: "Sunrise Solar",
        provinceName: "Harare",
        kit: LEAD_KIT,
        notes: "Four-bedroom house in Borrowdale; ZESA cuts of 12 hours a day.",
        hours: 48,
        site,
      }),
    noNotes: () =>
      leadMail.leadOfferedMail({
        to: "farai@sunrise-solar.example",
        company: "Sunrise Solar",
        provinceName: "Matabeleland North",
        kit: LEAD_KIT,
        notes: "",
        hours: 48,
        site,
      }),
  },
  "lead-mail:leadAcceptedMail": {
    default: () =>
      leadMail.leadAcceptedMail({
        to: "chipo.moyo@example.com",
        customerName: "Chipo Moyo",
        quotationId: 1042,
        installer: { tradingName: "Sunrise Solar", phone: "+263 77 234 5678", email: "info@sunrise-solar.example", slug: "sunrise-solar" },
        site,
      }),
    noPhone: () =>
      leadMail.leadAcceptedMail({
        to: "chipo.moyo@example.com",
        customerName: "Chipo Moyo",
        quotationId: 1042,
        installer: { tradingName: "Zambezi Power", phone: "", email: "sales@zambezi-power.example", slug: "zambezi-power" },
        site,
      }),
  },
  "lead-mail:leadUnassignedMail": {
    noneServe: () =>
      leadMail.leadUnassignedMail({ leadId: 17, quotationId: 1043, provinceName: "Matabeleland South", reason: "none-serve", site }),
    noneAccepted: () =>
      leadMail.leadUnassignedMail({ leadId: 18, quotationId: 1044, provinceName: "Masvingo", reason: "none-accepted", site }),
  },
  "lead-mail:leadAssignedMail": {
    default: () =>
      leadMail.leadAssignedMail({
        to: "farai@sunrise-solar.example",
        company: "Sunrise Solar",
        provinceName: "Harare",
        kit: LEAD_KIT,
        site,
      }),
  },
};

const LEAD_KIT = [
  { productName: "JA Solar 550 W mono panel", quantity: 8 },
  { productName: "Deye 5 kW hybrid inverter", quantity: 1 },
  { productName: "Pylontech US5000 4.8 kWh battery", quantity: 2 },
];

/** Exports of the `*-mail.ts` modules that are not e-mail templates. */
export const NOT_TEMPLATES = new Set(["quotation-mail:quotationPdfName"]);
