// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NoteOptions } from "#shared/schemas/tax-documents.ts";
import type { ApiAnswer } from "../kit/send-request.ts";
import { OrderNotes } from "./order-notes.tsx";

const sent = vi.hoisted(() => ({ answers: [] as ApiAnswer[], requests: [] as { url: string; body: unknown }[] }));
vi.mock("../kit/send-request.ts", () => ({
  sendRequest: async (request: { url: string; body: unknown }) => {
    sent.requests.push(request);
    return sent.answers.shift() as ApiAnswer;
  },
}));
vi.mock("#web/components/ui/toaster.tsx", () => ({ notify: { success: () => {}, error: () => {} } }));

const HydrateFallback = () => null;
function Router({ children }: { children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([{ path: "/", loader: () => null, element: children, HydrateFallback }]));
  return <RouterProvider router={router} />;
}

const options: NoteOptions = {
  invoice: { id: 7, number: "INV-2026-000007", issued_at: "2026-11-26T08:00:00.000Z", currency: "USD", total: "346.50" },
  remaining_total: "346.50",
  lines: [
    {
      line: "0",
      name: "Panel 550 W",
      quantity: 3,
      remaining_quantity: 3,
      unit_price: "100.00",
      remaining_net: "300.00",
      vat_rate: "15.50",
      discount: false,
    },
  ],
  vat_rates: ["15.50", null],
  refused: null,
  not_fiscalised: null,
};

async function mount(o: NoteOptions = options) {
  render(
    <Router>
      <OrderNotes options={o} />
    </Router>,
  );
  await screen.findByRole("heading", { name: "Credit and debit notes" });
}

beforeEach(() => {
  sent.answers = [];
  sent.requests = [];
});
afterEach(cleanup);

describe("the order's note forms", () => {
  it("opens the credit note form from its button, checks the units and the reason, sends the lines and says it is issued", async () => {
    await mount();
    const open = screen.getByRole("button", { name: "Issue credit note" });
    expect(open.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(open);
    expect(open.getAttribute("aria-expanded")).toBe("true");
    fireEvent.change(screen.getByLabelText("Units returned"), { target: { value: "4" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Issue the credit note" }));
    });
    expect(await screen.findByText("Enter a whole number from 1 to 3.")).toBeTruthy();
    expect(screen.getByText("Give the reason: it is printed on the note and FDMS requires one.")).toBeTruthy();
    expect(sent.requests).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Units returned"), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("Reason (printed on the note)"), { target: { value: "Two panels returned" } });
    // A sensitive change (decision 035): the fresh code goes to the step-up first, then the note.
    fireEvent.change(screen.getByLabelText("Code from your authenticator app"), { target: { value: "123456" } });
    sent.answers.push({ ok: true, status: 200, data: { message: "Confirmed." }, message: "Confirmed.", issues: [] });
    sent.answers.push({ ok: true, status: 201, data: { number: "CN-2026-000003" }, message: null, issues: [] });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Issue the credit note" }));
    });
    await waitFor(() => expect(sent.requests).toHaveLength(2));
    expect(sent.requests[0]).toMatchObject({ url: "/api/auth/step-up", body: { code: "123456" } });
    expect(sent.requests[1]).toMatchObject({
      url: "/api/tax-documents/7/credit-notes",
      body: { reason: "Two panels returned", lines: [{ line: "0", quantity: 2 }] },
    });
    expect(await screen.findByText(/Credit note CN-2026-000003 is issued/)).toBeTruthy();
  });

  it("puts the service's refusal of a debit note's charge under its field", async () => {
    await mount();
    fireEvent.click(screen.getByRole("button", { name: "Issue debit note" }));
    fireEvent.change(screen.getByLabelText("Charge"), { target: { value: "Courier" } });
    fireEvent.change(screen.getByLabelText("Amount (excl. VAT)"), { target: { value: "25.00" } });
    fireEvent.change(screen.getByLabelText("Reason (printed on the note)"), { target: { value: "Courier to site" } });
    sent.answers.push({
      ok: false,
      status: 400,
      data: null,
      message: "Choose one of the invoice's VAT rates for the charge.",
      issues: [{ path: "body.charges.0.vat_rate", message: "Choose one of the invoice's VAT rates for the charge." }],
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Issue the debit note" }));
    });
    await waitFor(() => expect(sent.requests).toHaveLength(1));
    expect(sent.requests[0]).toMatchObject({
      url: "/api/tax-documents/7/debit-notes",
      body: { reason: "Courier to site", lines: [], charges: [{ name: "Courier", amount: "25.00", vat_rate: "15.50" }] },
    });
    const select = screen.getByLabelText("VAT rate (one of the invoice's)");
    expect(select.getAttribute("aria-invalid")).toBe("true");
  });

  it("says why no note can be issued instead of offering the forms", async () => {
    await mount({ ...options, refused: "INV-2026-000007 was issued more than 12 months ago." });
    expect(screen.getByText(/more than 12 months ago/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Issue credit note" })).toBeNull();
  });
});
