import { formatDate } from "#shared/dates.ts";
import { CURRENCY_NAMES, formatMoney, quotationFigures } from "#shared/quotation-totals.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { composeMail } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";

function footer(company: SiteSettings): string {
  return `${company.companyName} · ${company.phone} · ${company.salesEmail}`;
}

export function quotationPdfName(id: number): string {
  return `quotation-${id}.pdf`;
}

/** The requester's approved quotation: prices per line and the total in its currency, how long it holds, the PDF. */
export function quotationApprovedMail(quotation: QuotationView, company: SiteSettings, pdf: Uint8Array): Mail {
  const { currency } = quotation;
  const { lines, totalCents, complete } = quotationFigures(quotation.products, currency);
  const validUntil = quotation.valid_until ? formatDate(quotation.valid_until) : "";
  return composeMail({
    to: quotation.requester_email,
    replyTo: company.salesEmail,
    subject: `Your quotation #${quotation.id} - ${company.companyName}`,
    heading: `Your quotation #${quotation.id} is ready`,
    blocks: [
      { kind: "paragraph", text: `Dear ${quotation.requester_name},` },
      {
        kind: "paragraph",
        text: `Thank you for your quote request. Here are our prices in ${CURRENCY_NAMES[currency]}, valid until ${validUntil}. The quotation is attached as a PDF.`,
      },
      {
        kind: "table",
        head: ["Product", "Quantity", `Unit price (${currency})`, `Amount (${currency})`],
        rows: [
          ...lines.map((l) => [
            l.product_name,
            String(l.quantity),
            l.unitCents === null ? "Price on request" : formatMoney(l.unitCents),
            l.lineCents === null ? "-" : formatMoney(l.lineCents),
          ]),
          [complete ? "Total" : "Total of priced lines", "", "", formatMoney(totalCents)],
        ],
      },
      { kind: "fields", rows: [["Valid until", validUntil]] },
      {
        kind: "paragraph",
        text: `To accept the quotation or ask about it, reply to this e-mail or call ${company.phone}, quoting reference #${quotation.id}.`,
      },
    ],
    footer: footer(company),
    attachments: [{ filename: quotationPdfName(quotation.id), content: pdf, contentType: "application/pdf" }],
  });
}

/** The requester's rejected quotation, with the reason; `withdrawn` when it had been approved before. */
export function quotationRejectedMail(quotation: QuotationView, company: SiteSettings, withdrawn: boolean): Mail {
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
    ],
    footer: footer(company),
  });
}
