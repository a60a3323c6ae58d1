import { describe, expect, it } from "vitest";
import { companyDocumentsExpiry } from "./documents.ts";

describe("companyDocumentsExpiry (the back office's dealers list)", () => {
  const doc = (review_status: "pending" | "approved" | "rejected", expiry_state: "none" | "valid" | "expiring" | "expired") => ({
    review_status,
    expiry_state,
  });

  it("is expired when an approved document is past its last day, even with a renewal waiting", () => {
    expect(companyDocumentsExpiry([doc("approved", "expiring"), doc("approved", "expired"), doc("pending", "none")])).toBe("expired");
  });

  it("is expiring when an approved document is within the window, and null otherwise", () => {
    expect(companyDocumentsExpiry([doc("approved", "valid"), doc("approved", "expiring")])).toBe("expiring");
    expect(companyDocumentsExpiry([doc("approved", "valid"), doc("approved", "none")])).toBeNull();
  });

  it("reads only approved documents: a rejected or pending one's dates mark nothing", () => {
    expect(companyDocumentsExpiry([doc("rejected", "expired"), doc("pending", "expiring")])).toBeNull();
  });
});
