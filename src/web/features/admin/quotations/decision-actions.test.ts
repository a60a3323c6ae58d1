import { describe, expect, it } from "vitest";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import { decisionsFor } from "./decision-actions.tsx";

const quotation = (status: QuotationView["status"]) => ({ id: 7, status }) as QuotationView;

describe("decisionsFor", () => {
  it("offers what QUOTATION_DECISIONS allows from the effective status, approving a rejected one as a reapproval", () => {
    expect(decisionsFor(quotation("pending"))).toEqual(["approve", "reject"]);
    expect(decisionsFor(quotation("rejected"))).toEqual(["reapprove"]);
    expect(decisionsFor(quotation("approved"))).toEqual(["reject"]);
    expect(decisionsFor(quotation("expired"))).toEqual([]);
  });

  it("offers to reapprove an approved quotation without frozen VAT (approved before quotations carried VAT)", () => {
    expect(decisionsFor({ ...quotation("approved"), vat_rate: null })).toEqual(["reapprove", "reject"]);
    expect(decisionsFor({ ...quotation("approved"), vat_rate: "15.50" })).toEqual(["reject"]);
  });
});
