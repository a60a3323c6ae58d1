import { formatDate } from "#shared/dates.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { TAX_DOCUMENT_KIND_LABELS, type TaxDocumentContent, type TaxDocumentView } from "#shared/schemas/tax-documents.ts";
import { vatRateLabel } from "#shared/tax.ts";
import { composeMail, money, siteLink } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";
import { balanceOf, settlementText, taxDocumentFileName } from "./tax-document-pdf.ts";

/** What the mail says of the document. A credit note whose lines name none of its invoice's mirrors it in full. */
function opening(view: TaxDocumentView, content: TaxDocumentContent): string {
  const invoice = content.credits?.number ?? "";
  if (view.kind === "invoice") {
    return `Thank you for your payment of order ${content.order_reference}. Your tax invoice is attached as a PDF for your records and your accountant.`;
  }
  if (view.kind === "debit_note")
    return `This debit note adds to tax invoice ${invoice} of order ${content.order_reference}; it is attached as a PDF.`;
  return content.lines.every((l) => l.of_line === undefined)
    ? `Order ${content.order_reference} was cancelled after payment. This credit note reverses tax invoice ${invoice} in full; it is attached as a PDF.`
    : `This credit note credits part of tax invoice ${invoice} of order ${content.order_reference}; it is attached as a PDF.`;
}

/** The dealer's copy of a tax invoice, credit or debit note, the PDF attached. */
export function taxDocumentMail(
  view: TaxDocumentView,
  content: TaxDocumentContent,
  to: { email: string; fullName: string },
  company: SiteSettings & { siteUrl: string },
  pdf: Uint8Array,
): Mail {
  const invoice = view.kind === "invoice";
  const what = `${TAX_DOCUMENT_KIND_LABELS[view.kind]} ${view.number}`;
  const { currency } = content;
  const settlement = invoice ? balanceOf(content) : null;
  const fiscal =
    view.fiscal_status === "fiscalised" && view.fiscal ? [["Verification code", view.fiscal.verification_code] as [string, string]] : [];
  return composeMail({
    to: to.email,
    replyTo: company.salesEmail,
    subject: `${what} for order ${content.order_reference} - ${company.companyName}`,
    heading: what,
    blocks: [
      { kind: "paragraph", text: `Dear ${to.fullName},` },
      {
        kind: "paragraph",
        text: opening(view, content),
      },
      {
        kind: "fields",
        rows: [
          [invoice ? "Invoice number" : `${TAX_DOCUMENT_KIND_LABELS[view.kind]} number`, view.number],
          ["Date", formatDate(view.issued_at)],
          ...(content.tax_point ? [["VAT tax point", formatDate(content.tax_point)] as [string, string]] : []),
          ["Buyer", content.buyer.name],
          ["Total excl. VAT", money(currency, content.totals.subtotal)],
          ...content.vat_summary
            .filter((r) => r.vat_rate !== null)
            .map((r) => [`VAT ${vatRateLabel(r.vat_rate)}`, money(currency, r.vat)] as [string, string]),
          [invoice ? "Total" : view.kind === "debit_note" ? "Total debited" : "Total credited", money(currency, content.totals.total)],
          ...fiscal,
          ...(content.reason ? [["Reason", content.reason] as [string, string]] : []),
        ],
      },
      // An invoice whose VAT tax point's rate is not the order's says what is due or refunded (decision 032).
      ...(settlement ? [{ kind: "paragraph" as const, text: settlementText(content, settlement) }] : []),
      { kind: "action", label: "See your orders and documents", url: siteLink(company.siteUrl, "/dealer/orders") },
    ],
    footer: `${company.companyName} · TIN ${company.tin || "-"} · VAT ${company.vatNumber || "-"} · ${company.salesEmail}`,
    attachments: [{ filename: taxDocumentFileName(view), content: pdf, contentType: "application/pdf" }],
  });
}
