import type { SiteSettings } from "#shared/schemas/settings.ts";
import { composeMail, money, siteLink } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";

type ProofMailSite = SiteSettings & { siteUrl: string };

/** The sales address's notice of a proof of payment: what to match on the bank statement. */
export function paymentProofToCompany(
  proof: { orderId: number; orderReference: string; currency: string; total: string; paymentReference: string; fileName: string },
  sender: { fullName: string; email: string; company: string | null },
  site: ProofMailSite,
): Mail {
  const from = sender.company ? `${sender.fullName} of ${sender.company}` : sender.fullName;
  return composeMail({
    to: site.salesEmail,
    ...(sender.email ? { replyTo: sender.email } : {}),
    subject: `Proof of payment for order ${proof.orderReference}`,
    heading: `Proof of payment for order ${proof.orderReference}`,
    blocks: [
      {
        kind: "paragraph",
        text: `${from} sent the bank slip or ZIPIT confirmation of order ${proof.orderReference}. Match it against the bank statement, then confirm the payment in the back office.`,
      },
      {
        kind: "fields",
        rows: [
          ["Order", proof.orderReference],
          ["Order total", money(proof.currency, proof.total)],
          ["Payment reference", proof.paymentReference],
          ["File", proof.fileName],
        ],
      },
      { kind: "action", label: "Open the order", url: siteLink(site.siteUrl, `/admin/orders/${proof.orderId}`) },
    ],
    footer: `${site.companyName} · ${site.phone} · ${site.salesEmail}`,
  });
}
