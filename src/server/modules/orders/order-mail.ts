import { ORDER_STATUS_LABELS, type OrderView } from "#shared/schemas/orders.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { vatRateLabel } from "#shared/tax.ts";
import { composeMail, type MailBlock, money, siteLink } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";

type Dealer = { email: string; fullName: string };
/** The site settings the e-mails name, and the site's address (SITE_URL) their links start with. */
export type OrderMailSite = SiteSettings & { siteUrl: string };

function linesTable(order: OrderView, site: OrderMailSite): MailBlock {
  return {
    kind: "table",
    head: ["Product", "Quantity", "Unit price", "Total"],
    rows: [
      ...order.products.map((l) => [
        l.product_id === null ? l.product_name : { text: l.product_name, url: siteLink(site.siteUrl, `/product/${l.product_id}`) },
        String(l.quantity),
        money(order.currency, l.unit_price),
        money(order.currency, l.line_total),
      ]),
      ...(order.vat_rate === null
        ? []
        : [
            ["Total excl. VAT", "", "", money(order.currency, order.subtotal)],
            [`VAT ${vatRateLabel(order.vat_rate)}`, "", "", money(order.currency, order.vat)],
          ]),
      [order.vat_rate === null ? "Order total" : "Order total incl. VAT", "", "", money(order.currency, order.total)],
    ],
  };
}

function fulfilmentRows(order: OrderView): [string, string][] {
  return order.fulfilment === "delivery"
    ? [
        ["Delivery to", order.deliveryAddress],
        ["Contact", [order.contactName, order.contactPhone].filter(Boolean).join(", ")],
      ]
    : [
        ["Collection", "From our office, once the order is ready for collection"],
        ["Contact", [order.contactName, order.contactPhone].filter(Boolean).join(", ")],
      ];
}

function footer(company: SiteSettings): string {
  return `${company.companyName} · ${company.phone} · ${company.salesEmail}`;
}

/** The dealer's orders page, where each order shows its status, payment and timeline. */
const dealerOrders = (site: OrderMailSite): MailBlock => ({
  kind: "action",
  label: "See your order",
  url: siteLink(site.siteUrl, "/dealer/orders"),
});

/** The dealer's confirmation, with how to pay (bank transfer or ZIPIT, quoting the reference). */
export function orderPlacedToDealer(order: OrderView, dealer: Dealer, company: OrderMailSite): Mail {
  return composeMail({
    to: dealer.email,
    replyTo: company.salesEmail,
    subject: `Order ${order.reference} placed - ${company.companyName}`,
    heading: `Thank you for your order ${order.reference}`,
    blocks: [
      { kind: "paragraph", text: `Dear ${dealer.fullName},` },
      {
        kind: "paragraph",
        text: `We have received your order ${order.reference}. Please pay ${money(order.currency, order.total)} by bank transfer or ZIPIT to the account below, quoting ${order.reference} as the reference. We start processing the order once the payment is confirmed.`,
      },
      linesTable(order, company),
      { kind: "fields", rows: [["Pay to", company.bankDetails], ["Reference", order.reference], ...fulfilmentRows(order)] },
      dealerOrders(company),
      { kind: "paragraph", text: `Questions? Call ${company.phone} or reply to this e-mail.` },
    ],
    footer: footer(company),
  });
}

/** The company's notice of a new order. */
export function orderPlacedToCompany(order: OrderView, dealer: Dealer, company: OrderMailSite): Mail {
  return composeMail({
    to: company.salesEmail,
    replyTo: dealer.email,
    subject: `New order ${order.reference} from ${dealer.fullName}`,
    heading: `New order ${order.reference}`,
    blocks: [
      {
        kind: "paragraph",
        text: `${dealer.fullName} (${dealer.email}) placed an order of ${money(order.currency, order.total)} (${money("USD", order.total_usd)} at dealer prices). Confirm the payment in the back office once it arrives.`,
      },
      linesTable(order, company),
      { kind: "fields", rows: [...fulfilmentRows(order), ["Notes", order.notes]] },
      { kind: "action", label: "Open the order", url: siteLink(company.siteUrl, `/admin/orders/${order.id}`) },
    ],
    footer: footer(company),
  });
}

/** The dealer's notice of a status change. */
export function orderStatusToDealer(order: OrderView, dealer: Dealer, company: OrderMailSite): Mail {
  const label = ORDER_STATUS_LABELS[order.status];
  const latest = order.history.at(-1);
  const blocks: MailBlock[] = [
    { kind: "paragraph", text: `Dear ${dealer.fullName},` },
    { kind: "paragraph", text: `Your order ${order.reference} is now: ${label}.` },
  ];
  if (latest?.note) blocks.push({ kind: "paragraph", text: latest.note });
  if (order.status === "paid") {
    blocks.push({ kind: "paragraph", text: "We have received your payment. Thank you." });
  } else if (order.status === "ready_for_collection") {
    blocks.push({ kind: "paragraph", text: `Your order is ready for collection at ${company.address}.` });
  }
  blocks.push(linesTable(order, company), dealerOrders(company), {
    kind: "paragraph",
    text: `Questions? Call ${company.phone} or reply to this e-mail.`,
  });
  return composeMail({
    to: dealer.email,
    replyTo: company.salesEmail,
    subject: `Order ${order.reference}: ${label} - ${company.companyName}`,
    heading: `Order ${order.reference}: ${label}`,
    blocks,
    footer: footer(company),
  });
}
