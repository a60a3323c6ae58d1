import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import { QuotationCard } from "./quotation-card.tsx";

const NOW = new Date("2026-11-29T10:00:00Z");

function quotation(over: Partial<QuotationView> = {}): QuotationView {
  return {
    id: 41,
    user_id: 3,
    placed_by: null,
    installer_province: null,
    status: "approved",
    requester_name: "Farai Dealer",
    requester_address: "17 Samora Machel Avenue, Harare",
    requester_phone: "+263 77 100 101",
    requester_email: "dealer@solar-demo.example",
    notes: "",
    created_At: "2026-11-20T08:00:00.000Z",
    currency: "USD",
    valid_until: "2026-12-20T21:59:59.999Z",
    exchange_rate: "26.8015",
    rate_date: "2026-11-24",
    vat_rate: "15.50",
    subtotal: "826.08",
    vat: "128.05",
    total: "954.13",
    other_currency: "ZWG",
    other_subtotal: "22140.18",
    other_vat: "3431.73",
    other_total: "25571.91",
    decision_reason: "",
    decided_At: "2026-11-21T08:00:00.000Z",
    branch_id: 1,
    accepted_At: null,
    order_id: null,
    lines: [],
    charges: [
      { id: 1, kind: "delivery", label: "Delivery to Mutare", amount: "85.00", signed_amount: "85.00" },
      { id: 2, kind: "discount", label: "Opening discount", amount: "15.00", signed_amount: "-15.00" },
    ],
    products: [
      {
        id: 1,
        product_id: 9,
        product_name: "5 kW hybrid inverter",
        quantity: 1,
        price: "756.08",
        price_zwl: null,
        quoted_price: "756.08",
        vat_rate: "15.50",
        retail_price_usd: null,
        list_price_usd: null,
      },
    ],
    ...over,
  };
}

describe("a quotation's card (the dealer's quotations page and the visitor's accept page)", () => {
  it("shows the totals the PDF prints, labelled: excl. VAT, VAT at its rate, incl. VAT, and the other currency with its rate", () => {
    const html = renderToStaticMarkup(<QuotationCard quotation={quotation()} now={NOW} />);
    expect(html).toContain("Total excl. VAT (USD)");
    expect(html).toContain("826.08");
    expect(html).toContain("VAT 15.5 % (USD)");
    expect(html).toContain("128.05");
    expect(html).toContain("Total incl. VAT (USD)");
    expect(html).toMatch(/data-testid="quotation-total"[^>]*>(<[^>]+>)*954\.13/);
    expect(html).toContain("-15.00");
    expect(html).toContain("ZWG equivalent: excl. VAT 22,140.18 · VAT 3,431.73 · total 25,571.91");
    expect(html).toContain("ZWG at 26.8015 per USD, rate of 24 November 2026");
  });

  it("keeps the PDF link of an accepted quotation", () => {
    const html = renderToStaticMarkup(<QuotationCard quotation={quotation({ status: "accepted", order_id: 5 })} now={NOW} />);
    expect(html).toContain('href="/api/quotations/41/pdf"');
  });
});
