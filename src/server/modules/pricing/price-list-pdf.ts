import { formatDate } from "#shared/dates.ts";
import { decimalUnits, formatCents, rateNote } from "#shared/money.ts";
import type { PriceList, PriceListRow } from "#shared/schemas/pricing.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { INK, MARGIN, MUTED, RULE, SHADE, startPdf, WHITE, WIDTH } from "../../platform/pdf/pdf-kit.ts";

const PAD = 5;
const SIZE = 8.5;
const LINE = 10.5;

const money = (value: string) => formatCents(decimalUnits(value, 2) ?? 0n);

/** "Price list for Sunrise Solar — Silver tier — 26 November 2026" (the dealer list price for admins). */
export function priceListHeading(list: Pick<PriceList, "dealer_name" | "tier" | "date">): string {
  const day = formatDate(`${list.date}T12:00:00Z`);
  if (!list.tier) return `Price list — dealer list price — ${day}`;
  return `Price list for ${list.dealer_name ?? "your company"} — ${list.tier.name} tier — ${day}`;
}

/**
 * A dealer's price list as an A4 PDF: the company's header as on the quotation, the dealer, tier and
 * day, the rate note and "Prices exclude VAT", then the products by category with SKU, the unit price for one (and in
 * the secondary currency when there is one), the break table and availability. The table's header repeats on each
 * page; the footer numbers the pages.
 */
export async function priceListPdf(list: PriceList, company: SiteSettings): Promise<Uint8Array> {
  const secondary = list.rows.some((r) => r.price_zwl !== null);
  const heading = priceListHeading(list);
  const kit = await startPdf({ title: `${heading} - ${company.companyName}`, subject: heading, company });
  const { state, regular, bold, wrap, text, rightText, header, ensure, finish } = kit;
  state.continued = `Price list of ${formatDate(`${list.date}T12:00:00Z`)}`;
  header();

  text("PRICE LIST", MARGIN, state.y - 4, bold, 24);
  state.y -= 28;
  for (const line of wrap(heading, bold, 12, WIDTH)) {
    text(line, MARGIN, state.y, bold, 12);
    state.y -= 16;
  }
  const notes = [
    "Prices exclude VAT. Unit prices in USD for one unit; a break's price applies from its quantity on one order line.",
    ...(list.exchange_rate && list.rate_date ? [`${rateNote(list.secondary_currency, list.exchange_rate, list.rate_date)}.`] : []),
  ];
  for (const note of notes) {
    for (const line of wrap(note, regular, 9.5, WIDTH)) {
      text(line, MARGIN, state.y, regular, 9.5, MUTED);
      state.y -= 13;
    }
  }
  state.y -= 14;

  // Columns: SKU, product (the rest), price for one, the secondary price, the breaks, availability.
  const w = { sku: 82, usd: 56, zwl: secondary ? 62 : 0, breaks: 84, availability: 76 };
  const productWidth = WIDTH - w.sku - w.usd - w.zwl - w.breaks - w.availability;
  const x = {
    sku: MARGIN,
    product: MARGIN + w.sku,
    usdRight: MARGIN + w.sku + productWidth + w.usd,
    zwlRight: MARGIN + w.sku + productWidth + w.usd + w.zwl,
    breaks: MARGIN + w.sku + productWidth + w.usd + w.zwl,
    availability: MARGIN + WIDTH - w.availability,
  };
  function tableHeader() {
    state.page.drawRectangle({ x: MARGIN, y: state.y - 14, width: WIDTH, height: 30, color: INK });
    text("SKU", x.sku + PAD, state.y, bold, 8, WHITE);
    text("Product", x.product + PAD, state.y, bold, 8, WHITE);
    rightText("Price USD", x.usdRight - PAD, state.y, bold, 8, WHITE);
    rightText("for 1", x.usdRight - PAD, state.y - 9, regular, 7, WHITE);
    if (secondary) {
      rightText(`Price ${list.secondary_currency}`, x.zwlRight - PAD, state.y, bold, 8, WHITE);
      rightText("for 1", x.zwlRight - PAD, state.y - 9, regular, 7, WHITE);
    }
    text("Breaks (USD)", x.breaks + PAD, state.y, bold, 8, WHITE);
    text("from qty: unit price", x.breaks + PAD, state.y - 9, regular, 7, WHITE);
    text("Availability", x.availability + PAD, state.y, bold, 8, WHITE);
    state.y -= 32;
  }

  const cells = (row: PriceListRow) => ({
    sku: wrap(row.sku ?? "-", regular, 7.5, w.sku - 2 * PAD),
    name: wrap(row.product_name, regular, SIZE, productWidth - 2 * PAD),
    breaks: row.price_breaks.length > 1 ? row.price_breaks.slice(1).map((b) => `${b.min_quantity}+: ${money(b.price_usd)}`) : ["-"],
    availability: wrap(row.availability, regular, SIZE, w.availability - 2 * PAD),
  });
  const heightOf = (c: ReturnType<typeof cells>) =>
    Math.max(c.sku.length, c.name.length, c.breaks.length, c.availability.length) * LINE + 7;
  const CATEGORY_HEIGHT = 20;

  ensure(32 + CATEGORY_HEIGHT + 30);
  tableHeader();
  if (list.rows.length === 0) {
    text("No products are priced yet.", MARGIN + PAD, state.y, regular, 10, MUTED);
    state.y -= 20;
  }
  let category: number | null = null;
  let shade = false;
  for (const row of list.rows) {
    const c = cells(row);
    const height = heightOf(c);
    const newCategory = row.category_id !== category;
    // A category's name stays with its first product, and comes again, "(continued)", on a page its products run on to.
    const newPage = ensure(height + CATEGORY_HEIGHT);
    if (newPage) tableHeader();
    if (newCategory || newPage) {
      category = row.category_id;
      shade = false;
      state.page.drawLine({
        start: { x: MARGIN, y: state.y - 5 },
        end: { x: MARGIN + WIDTH, y: state.y - 5 },
        thickness: 0.75,
        color: RULE,
      });
      text(newCategory ? row.category_name : `${row.category_name} (continued)`, MARGIN + PAD, state.y, bold, 9.5, INK);
      state.y -= CATEGORY_HEIGHT - 2;
    }
    if (shade) state.page.drawRectangle({ x: MARGIN, y: state.y + LINE - height + 1, width: WIDTH, height, color: SHADE });
    shade = !shade;
    const lines = (items: string[], at: number, muted = false, size = SIZE) => {
      items.forEach((l, j) => {
        text(l, at + PAD, state.y - j * LINE, regular, size, muted ? MUTED : INK);
      });
    };
    lines(c.sku, x.sku, true, 7.5);
    lines(c.name, x.product);
    rightText(money(row.price_usd), x.usdRight - PAD, state.y, bold, SIZE);
    if (secondary) rightText(row.price_zwl === null ? "-" : money(row.price_zwl), x.zwlRight - PAD, state.y, regular, SIZE);
    lines(c.breaks, x.breaks);
    lines(c.availability, x.availability);
    state.y -= height;
  }
  ensure(30);
  state.page.drawLine({ start: { x: MARGIN, y: state.y + 6 }, end: { x: MARGIN + WIDTH, y: state.y + 6 }, thickness: 1, color: RULE });
  state.y -= 12;
  const closing = `Prices of ${formatDate(`${list.date}T12:00:00Z`)}; they may change. Questions: ${company.salesEmail}, ${company.phone}.`;
  for (const line of wrap(closing, regular, 8.5, WIDTH)) {
    ensure(12);
    text(line, MARGIN, state.y, regular, 8.5, MUTED);
    state.y -= 12;
  }
  return finish(`Price list ${list.date}`);
}
