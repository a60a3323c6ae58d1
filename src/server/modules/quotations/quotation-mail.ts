import { formatDate } from "#shared/dates.ts";
import {
  CURRENCY_NAMES,
  chargeCents,
  formatMoney,
  quotationFigures,
  quotationOtherCurrencyLines,
  toCents,
} from "#shared/quotation-totals.ts";
import { QUOTE_SUCCESS, type QuotationView } from "#shared/schemas/quotations.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { vatRateLabel } from "#shared/tax.ts";
import { composeMail, type MailBlock, type MailCellLink, money, siteLink } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";

/** The site settings the e-mails name, and the site's address (SITE_URL) their links start with. */
export type QuotationMailSite = SiteSettings & { siteUrl: string };

function footer(company: SiteSettings): string {
  return `${company.companyName} · ${company.phone} · ${company.salesEmail}`;
}

export function quotationPdfName(id: number): string {
  return `quotation-${id}.pdf`;
}

/** A product's name, linked to its page on the site while it exists. */
function productCell(site: QuotationMailSite, productId: number | null, name: string): string | MailCellLink {
  return productId === null ? name : { text: name, url: siteLink(site.siteUrl, `/product/${productId}`) };
}

/** The requester's next step on the site: the contact page (our sales team, phone, messaging app). */
const contactAction = (site: QuotationMailSite): MailBlock => ({
  kind: "action",
  label: "Contact our sales team",
  url: siteLink(site.siteUrl, "/contact"),
});

/** A quote request as stored: who asked, and the lines with the USD list price when it was made. */
export type QuoteRequestRecord = {
  id: number;
  requesterName: string;
  requesterAddress: string;
  requesterEmail: string;
  requesterPhone: string;
  notes: string;
  lines: { productId: number; productName: string; quantity: number; priceUsd: string | null }[];
};

const requesterRows = (q: QuoteRequestRecord): [string, string][] => [
  ["Name", q.requesterName],
  ["Address", q.requesterAddress],
  ["Email", q.requesterEmail],
  ["Phone", q.requesterPhone],
  ["Notes", q.notes],
];

/** To the requester: the request is received (at most one an hour per address, `FormLimits.mayConfirm`). */
export function quoteRequestReceivedMail(request: QuoteRequestRecord, company: QuotationMailSite): Mail {
  return composeMail({
    to: request.requesterEmail,
    replyTo: company.salesEmail,
    subject: `Your quote request #${request.id} - ${company.companyName}`,
    heading: QUOTE_SUCCESS,
    blocks: [
      { kind: "paragraph", text: `Dear ${request.requesterName},` },
      {
        kind: "paragraph",
        text: `Thank you for your quote request (reference #${request.id}). Our sales team will prepare your quotation and get back to you soon.`,
      },
      {
        kind: "table",
        head: ["Product", "Quantity"],
        rows: request.lines.map((l) => [productCell(company, l.productId, l.productName), String(l.quantity)]),
      },
      { kind: "fields", rows: requesterRows(request) },
      { kind: "action", label: "Browse more products", url: siteLink(company.siteUrl, "/products") },
      { kind: "paragraph", text: `Questions? Call ${company.phone} or reply to this e-mail.` },
    ],
    footer: footer(company),
  });
}

/**
 * To an address that is not the requester's own confirmed one (a visitor's request, or an account asking for another
 * address): a fixed text with the reference, none of the form's words, since anyone may type anyone's address
 * (`isOwnConfirmedAddress`).
 */
export function quoteRequestReceiptMail(request: Pick<QuoteRequestRecord, "id" | "requesterEmail">, company: QuotationMailSite): Mail {
  return composeMail({
    to: request.requesterEmail,
    replyTo: company.salesEmail,
    subject: `Your quote request #${request.id} - ${company.companyName}`,
    heading: QUOTE_SUCCESS,
    blocks: [
      {
        kind: "paragraph",
        text: `Thank you for your quote request. A request was sent from our website with this e-mail address (reference #${request.id}); our sales team will prepare the quotation and get back to you soon.`,
      },
      { kind: "paragraph", text: "If you did not ask us for a quotation, you can ignore this e-mail." },
      { kind: "action", label: "Browse more products", url: siteLink(company.siteUrl, "/products") },
      { kind: "paragraph", text: `Questions? Call ${company.phone} or reply to this e-mail.` },
    ],
    footer: footer(company),
  });
}

/** To the sales address: a new quote request, with a link to it in the back office. */
export function quoteRequestToCompanyMail(
  request: QuoteRequestRecord,
  sender: { id: number; role: string } | null,
  company: QuotationMailSite,
): Mail {
  return composeMail({
    to: company.salesEmail,
    replyTo: request.requesterEmail,
    subject: `New quote request #${request.id} from ${request.requesterName}`,
    heading: `New quote request #${request.id}`,
    blocks: [
      {
        kind: "paragraph",
        text: sender ? `Sent by signed-in account #${sender.id} (${sender.role}).` : "Sent by a visitor without an account.",
      },
      { kind: "fields", rows: requesterRows(request) },
      {
        kind: "table",
        head: ["Product id", "Product", "Quantity", "List price (now)"],
        rows: request.lines.map((l) => [
          String(l.productId),
          productCell(company, l.productId, l.productName),
          String(l.quantity),
          l.priceUsd === null ? "-" : money("USD", l.priceUsd),
        ]),
      },
      { kind: "action", label: "Open the quote request", url: siteLink(company.siteUrl, `/admin/quotations?q=${request.id}`) },
    ],
    footer: footer(company),
  });
}

/** Who an approved quotation's mail goes to, and what it is called (with prices or without). */
function approvedMailHead(quotation: QuotationView, company: QuotationMailSite) {
  return {
    to: quotation.requester_email,
    replyTo: company.salesEmail,
    subject: `Your quotation #${quotation.id} - ${company.companyName}`,
    heading: `Your quotation #${quotation.id} is ready`,
  };
}
/** The requester's approved quotation: prices per line and the total in its currency, how long it holds, the PDF. */
export function quotationApprovedMail(
  quotation: QuotationView,
  company: QuotationMailSite,
  pdf: Uint8Array,
  /** Where the requester accepts it: the dealer's quotations page, or a visitor's private link. */
  acceptUrl: string | null = null,
): Mail {
  const { currency } = quotation;
  const { lines, totalCents, complete } = quotationFigures(quotation.products, currency);
  const validUntil = quotation.valid_until ? formatDate(quotation.valid_until) : "";
  const amount = (cents: bigint) => `${currency} ${formatMoney(cents)}`;
  return composeMail({
    ...approvedMailHead(quotation, company),
    blocks: [
      { kind: "paragraph", text: `Dear ${quotation.requester_name},` },
      {
        kind: "paragraph",
        text: `Thank you for your quote request. Here are our prices in ${CURRENCY_NAMES[currency]}, valid until ${validUntil}. The quotation is attached as a PDF.`,
      },
      {
        kind: "table",
        head: ["Product", "Quantity", "Unit price", "Amount"],
        rows: [
          ...lines.map((l) => [
            productCell(company, l.product_id, l.product_name),
            String(l.quantity),
            l.unitCents === null ? "Price on request" : amount(l.unitCents),
            l.lineCents === null ? "-" : amount(l.lineCents),
          ]),
          // A discount reads "-USD 15.00".
          ...quotation.charges.map((c) => {
            const cents = chargeCents(c);
            return [c.label, "", "", cents < 0n ? `-${amount(-cents)}` : amount(cents)];
          }),
          ...(quotation.vat_rate !== null && quotation.subtotal !== null && quotation.vat !== null && quotation.total !== null
            ? [
                ["Total excl. VAT", "", "", amount(toCents(quotation.subtotal) ?? 0n)],
                [`VAT ${vatRateLabel(quotation.vat_rate)}`, "", "", amount(toCents(quotation.vat) ?? 0n)],
                ["Total incl. VAT", "", "", amount(toCents(quotation.total) ?? 0n)],
              ]
            : [[complete ? "Total" : "Total of priced lines", "", "", amount(totalCents)]]),
        ],
      },
      // The other currency at the frozen rate, and which rate (decision 015), as the PDF says it.
      ...quotationOtherCurrencyLines(quotation).map((text) => ({ kind: "paragraph" as const, text })),
      { kind: "fields", rows: [["Valid until", validUntil]] },
      ...(acceptUrl
        ? [
            {
              kind: "paragraph" as const,
              text: `To accept the quotation, open it on our site before ${validUntil} and choose Accept. Questions? Reply to this e-mail or call ${company.phone}, quoting reference #${quotation.id}.`,
            },
            { kind: "action" as const, label: "Review and accept the quotation", url: acceptUrl },
          ]
        : [
            {
              kind: "paragraph" as const,
              text: `To accept the quotation or ask about it, reply to this e-mail or call ${company.phone}, quoting reference #${quotation.id}.`,
            },
            contactAction(company),
          ]),
    ],
    footer: footer(company),
    attachments: [{ filename: quotationPdfName(quotation.id), content: pdf, contentType: "application/pdf" }],
  });
}

/**
 * The approved quotation to a requester who may see no amounts (a technician's own request, under the money rule):
 * the products and quantities and how long it holds, no price and no PDF. The prices go to the company's owner or
 * buyers, who ask for them with the reference.
 */
export function quotationApprovedWithoutPricesMail(quotation: QuotationView, company: QuotationMailSite, acceptUrl: string | null): Mail {
  const validUntil = quotation.valid_until ? formatDate(quotation.valid_until) : "";
  return composeMail({
    ...approvedMailHead(quotation, company),
    blocks: [
      { kind: "paragraph", text: `Dear ${quotation.requester_name},` },
      {
        kind: "paragraph",
        text: `Thank you for your quote request: our sales team has approved quotation #${quotation.id}, valid until ${validUntil}. Prices are not shown to a technician's account: your company's owner or a buyer can ask us for them, quoting reference #${quotation.id}.`,
      },
      {
        kind: "table",
        head: ["Product", "Quantity"],
        rows: quotation.lines.map((l) => [productCell(company, l.product_id, l.product_name), String(l.quantity)]),
      },
      { kind: "fields", rows: [["Valid until", validUntil]] },
      ...(acceptUrl ? [{ kind: "action" as const, label: "Review the quotation", url: acceptUrl }] : []),
      { kind: "paragraph", text: `Questions? Reply to this e-mail or call ${company.phone}, quoting reference #${quotation.id}.` },
    ],
    footer: footer(company),
  });
}

/** The requester's rejected quotation, with the reason; `withdrawn` when it had been approved before. */
export function quotationRejectedMail(quotation: QuotationView, company: QuotationMailSite, withdrawn: boolean): Mail {
  return composeMail({
    to: quotation.requester_email,
    replyTo: company.salesEmail,
    subject: `Your quote request #${quotation.id} - ${company.companyName}`,
    heading: withdrawn ? `Quotation #${quotation.id} has been withdrawn` : `About your quote request #${quotation.id}`,
    blocks: [
      { kind: "paragraph", text: `Dear ${quotation.requester_name},` },
      {
        kind: "paragraph",
        text: withdrawn
          ? `We have withdrawn the quotation we sent you under reference #${quotation.id}; its prices no longer hold.`
          : `Thank you for your quote request (reference #${quotation.id}). We are sorry, we cannot offer a quotation for it.`,
      },
      { kind: "fields", rows: [["Reason", quotation.decision_reason]] },
      {
        kind: "paragraph",
        text: `Questions, or would you like to change the request? Reply to this e-mail or call ${company.phone}.`,
      },
      contactAction(company),
    ],
    footer: footer(company),
  });
}

/** The quotation's total incl. VAT as the e-mails print it, or nothing when it is not fully priced. */
function totalText(quotation: QuotationView): string {
  return quotation.total === null ? "" : `${quotation.currency} ${formatMoney(toCents(quotation.total) ?? 0n)}`;
}

/**
 * To the requester, three days before an approved quotation expires (sent once). A dealer gets the link to
 * their quotations page; a visitor is pointed at the accept link of the quotation's e-mail (only its hash is kept).
 */
export function quotationReminderMail(quotation: QuotationView, company: QuotationMailSite, dealerUrl: string | null): Mail {
  const validUntil = quotation.valid_until ? formatDate(quotation.valid_until) : "";
  const total = totalText(quotation);
  return composeMail({
    to: quotation.requester_email,
    replyTo: company.salesEmail,
    subject: `Your quotation #${quotation.id} expires on ${validUntil} - ${company.companyName}`,
    heading: `Quotation #${quotation.id} expires soon`,
    blocks: [
      { kind: "paragraph", text: `Dear ${quotation.requester_name},` },
      {
        kind: "paragraph",
        text: `A reminder: the prices of quotation #${quotation.id}${total ? ` (${total} incl. VAT)` : ""} hold until ${validUntil}. After that day we will need to quote again.`,
      },
      {
        kind: "table",
        head: ["Product", "Quantity"],
        rows: quotation.lines.map((l) => [productCell(company, l.product_id, l.product_name), String(l.quantity)]),
      },
      dealerUrl
        ? { kind: "action", label: "Accept and place the order", url: dealerUrl }
        : {
            kind: "paragraph",
            text: `To accept it, open the "Review and accept the quotation" link in the e-mail that brought you the quotation, or reply to this e-mail quoting reference #${quotation.id}.`,
          },
      { kind: "paragraph", text: `Questions? Call ${company.phone} or reply to this e-mail.` },
      ...(dealerUrl ? [] : [contactAction(company)]),
    ],
    footer: footer(company),
  });
}

/** To the sales address: a visitor (or a signed-in customer) accepted an approved quotation; no order was placed. */
export function quotationAcceptedToCompanyMail(quotation: QuotationView, company: QuotationMailSite): Mail {
  const total = totalText(quotation);
  return composeMail({
    to: company.salesEmail,
    replyTo: quotation.requester_email,
    subject: `Quotation #${quotation.id} accepted by ${quotation.requester_name}`,
    heading: `Quotation #${quotation.id} was accepted`,
    blocks: [
      {
        kind: "paragraph",
        text: `${quotation.requester_name} accepted quotation #${quotation.id}${total ? ` (${total} incl. VAT)` : ""}. Contact them to arrange payment and delivery.`,
      },
      {
        kind: "fields",
        rows: [
          ["Name", quotation.requester_name],
          ["Email", quotation.requester_email],
          ["Phone", quotation.requester_phone],
          ["Address", quotation.requester_address],
        ],
      },
      {
        kind: "table",
        head: ["Product", "Quantity"],
        rows: quotation.lines.map((l) => [productCell(company, l.product_id, l.product_name), String(l.quantity)]),
      },
      { kind: "action", label: "Open the quotation", url: siteLink(company.siteUrl, `/admin/quotations?q=${quotation.id}`) },
    ],
    footer: footer(company),
  });
}

/** To the requester: their acceptance is received; sales will be in touch. */
export function quotationAcceptedToRequesterMail(quotation: QuotationView, company: QuotationMailSite): Mail {
  return composeMail({
    to: quotation.requester_email,
    replyTo: company.salesEmail,
    subject: `You accepted quotation #${quotation.id} - ${company.companyName}`,
    heading: `Thank you: quotation #${quotation.id} is accepted`,
    blocks: [
      { kind: "paragraph", text: `Dear ${quotation.requester_name},` },
      {
        kind: "paragraph",
        text: `We have your acceptance of quotation #${quotation.id}. Our sales team will contact you shortly to arrange payment and delivery.`,
      },
      { kind: "paragraph", text: `Questions? Call ${company.phone} or reply to this e-mail.` },
      contactAction(company),
    ],
    footer: footer(company),
  });
}
