import { formatDate } from "#shared/dates.ts";
import { ORDER_STATUS_LABELS, type OrderView } from "#shared/schemas/orders.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { shortDay } from "#shared/schemas/stock.ts";
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
      // The delivery fee is a line of the order of its own.
      ...(order.delivery_fee === null
        ? []
        : [
            [
              order.delivery_city ? `Delivery to ${order.delivery_city}` : "Delivery",
              "1",
              money(order.currency, order.delivery_fee),
              money(order.currency, order.delivery_fee),
            ],
          ]),
      // An accepted quotation's installation and discount.
      ...order.charges.map((c) => [c.label, "1", money(order.currency, c.amount), money(order.currency, c.amount)]),
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

/** Where the goods go: delivery to the address and city with the fee, or collection at a branch. */
function fulfilmentRows(order: OrderView): [string, string][] {
  const contact: [string, string] = ["Contact", [order.contactName, order.contactPhone].filter(Boolean).join(", ")];
  if (order.fulfilment === "delivery") {
    const city = order.delivery_city;
    // The city is said once: the address may end with it already.
    const named = city && !order.deliveryAddress.toLowerCase().trimEnd().endsWith(city.toLowerCase());
    return [
      ["Delivery to", named ? `${order.deliveryAddress}, ${city}` : order.deliveryAddress],
      ...(order.delivery_fee === null
        ? []
        : [["Delivery fee", `${money(order.currency, order.delivery_fee)} excl. VAT`] as [string, string]]),
      contact,
    ];
  }
  const b = order.branch;
  return [
    [
      "Collection",
      b ? `At our ${b.name} branch, ${b.address}, once the order is ready for collection` : "Once the order is ready for collection",
    ],
    ...(b?.opening_hours ? [["Opening hours", b.opening_hours] as [string, string]] : []),
    ...(b?.phone ? [["Branch phone", b.phone] as [string, string]] : []),
    contact,
  ];
}

/** The lines still waiting for stock, with the day a shipment is expected to cover them. */
function backorderBlocks(order: OrderView): MailBlock[] {
  const waiting = order.products.filter((l) => l.backordered > 0);
  if (waiting.length === 0) return [];
  return [
    { kind: "paragraph", text: "Some of the goods are not in stock yet: we send them, or have them ready, once they arrive." },
    {
      kind: "fields",
      rows: waiting.map((l) => [
        l.product_name,
        `${l.backordered} backordered${l.expected ? `, expected ${shortDay(l.expected)}` : ", expected date to follow"}`,
      ]),
    },
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
      order.due_on
        ? {
            kind: "paragraph",
            text: `We have received your order ${order.reference} on your company's account. We start processing it now; its tax invoice comes when it is dispatched, and ${money(order.currency, order.total)} is due on ${formatDate(`${order.due_on}T12:00:00Z`)}.`,
          }
        : {
            kind: "paragraph",
            text: `We have received your order ${order.reference}. Please pay ${money(order.currency, order.total)} by bank transfer or ZIPIT to the account below, quoting ${order.reference} as the reference. We start processing the order once the payment is confirmed.`,
          },
      linesTable(order, company),
      ...backorderBlocks(order),
      {
        kind: "fields",
        rows: order.due_on
          ? [["Due on", formatDate(`${order.due_on}T12:00:00Z`)], ["Reference", order.reference], ...fulfilmentRows(order)]
          : [["Pay to", company.bankDetails], ["Reference", order.reference], ...fulfilmentRows(order)],
      },
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
        text: order.due_on
          ? `${dealer.fullName} (${dealer.email}) placed an order of ${money(order.currency, order.total)} (${money("USD", order.total_usd)} at dealer prices) on the company's account, due on ${formatDate(`${order.due_on}T12:00:00Z`)}. It is released for dispatch: its tax invoice is issued when it is dispatched.`
          : `${dealer.fullName} (${dealer.email}) placed an order of ${money(order.currency, order.total)} (${money("USD", order.total_usd)} at dealer prices). Confirm the payment in the back office once it arrives.`,
      },
      linesTable(order, company),
      ...backorderBlocks(order),
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
    const b = order.branch;
    blocks.push({
      kind: "paragraph",
      text: b
        ? `Your order is ready for collection at our ${b.name} branch, ${b.address}${b.opening_hours ? ` (${b.opening_hours})` : ""}.`
        : `Your order is ready for collection at ${company.address}.`,
    });
  } else if (order.status === "dispatched" && order.fulfilment === "delivery") {
    blocks.push({ kind: "paragraph", text: `Your order is on its way to ${fulfilmentRows(order)[0]?.[1] ?? order.deliveryAddress}.` });
  }
  // The waybill or collection reference the goods went out with.
  if (order.dispatch_reference && (order.status === "dispatched" || order.status === "ready_for_collection")) {
    blocks.push({
      kind: "fields",
      rows: [[order.status === "ready_for_collection" ? "Collection reference" : "Waybill", order.dispatch_reference]],
    });
  }
  if (order.status !== "completed" && order.status !== "cancelled") blocks.push(...backorderBlocks(order));
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
