import { describe, expect, it, vi } from "vitest";
import type { WebContext } from "../../load-context.ts";
import { quoteAction } from "./quote-action.server.ts";
import { quoteFieldOf } from "./quote-fields.ts";

function post(fields: Record<string, string>): Request {
  return new Request("http://localhost/product/7", { method: "POST", body: new URLSearchParams(fields) });
}

function contextWith(submit: (...args: unknown[]) => Promise<{ id: number }>): WebContext {
  return {
    services: { quotations: { submit } },
    actor: null,
    ip: "203.0.113.9",
    logError: (err: unknown) => console.error(err),
  } as unknown as WebContext;
}

/** `data()` results carry the body in `data` and the status in `init`. */
function unwrap(result: unknown): { body: Record<string, unknown>; status: number } {
  const r = result as { data: Record<string, unknown>; init?: { status?: number } | null };
  return { body: r.data, status: r.init?.status ?? 200 };
}

const filled = {
  customer_name: "Tariro Moyo",
  customer_address: "4 Borrowdale Road, Harare",
  customer_email: "tariro@example.com",
  customer_phone: "+263 77 123 4567",
  quantity: "3",
  notes: "Roof faces north.",
};

/** A service refusal as services throw them (src/server/platform/errors.ts). */
const refusal = (statusCode: number, message: string, field?: string) => Object.assign(new Error(message), { statusCode, field });

describe("quoteAction", () => {
  it("stores the checked request for the page's product through the quotations service, with the client's address", async () => {
    const submit = vi.fn(async () => ({ id: 12 }));
    const { body, status } = unwrap(await quoteAction(post(filled), contextWith(submit), 7));
    expect(status).toBe(200);
    expect(body).toEqual({ success: "Your quote request has been submitted successfully!" });
    const { quantity: _q, ...customer } = filled;
    expect(submit).toHaveBeenCalledWith(null, { ...customer, products: [{ product_id: 7, quantity: 3 }] }, { ip: "203.0.113.9" });
  });

  it("stores a kit's request (the solar calculator's): its lines from the hidden fields, the notes as left", async () => {
    const submit = vi.fn(async () => ({ id: 13 }));
    const { quantity: _q, ...customer } = filled;
    const form = new URLSearchParams({ ...customer, notes: "Sized with the website's solar calculator." });
    for (const [id, qty] of [
      ["18", "1"],
      ["23", "2"],
      ["8", "4"],
    ]) {
      form.append("kit_product_id", id as string);
      form.append("kit_quantity", qty as string);
    }
    const request = new Request("http://localhost/solar-calculator?name=Fridge", { method: "POST", body: form });
    const { body, status } = unwrap(await quoteAction(request, contextWith(submit), null));
    expect(status).toBe(200);
    expect(body).toEqual({ success: "Your quote request has been submitted successfully!" });
    expect(submit).toHaveBeenCalledWith(
      null,
      {
        ...customer,
        notes: "Sized with the website's solar calculator.",
        products: [
          { product_id: 18, quantity: 1 },
          { product_id: 23, quantity: 2 },
          { product_id: 8, quantity: 4 },
        ],
      },
      { ip: "203.0.113.9" },
    );
  });

  it("answers the field messages (the quantity under its field) and what was typed, without calling the service", async () => {
    const submit = vi.fn(async () => ({ id: 1 }));
    const { body, status } = unwrap(
      await quoteAction(post({ ...filled, customer_name: " ", customer_email: "nope", quantity: "0" }), contextWith(submit), 7),
    );
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({
      customer_name: "Name is required.",
      customer_email: "Enter a valid email address.",
      quantity: "Quantity must be at least 1.",
    });
    // The installer checkbox and province were not sent: empty.
    expect(body.values).toEqual({
      ...filled,
      customer_name: " ",
      customer_email: "nope",
      quantity: "0",
      installer: "",
      installer_province: "",
    });
    expect(submit).not.toHaveBeenCalled();
  });

  it("refuses an installer without a province under the province's field; with one, passes both to the service (issue 26 §2)", async () => {
    const submit = vi.fn(async () => ({ id: 1 }));
    const refused = unwrap(await quoteAction(post({ ...filled, installer: "on" }), contextWith(submit), 7));
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ installer_province: "Choose your province." });
    expect((refused.body.values as Record<string, string>).installer).toBe("on");
    const stored = unwrap(
      await quoteAction(post({ ...filled, installer: "on", installer_province: "harare", source: "calculator" }), contextWith(submit), 7),
    );
    expect(stored.status).toBe(200);
    expect(submit).toHaveBeenCalledWith(
      null,
      expect.objectContaining({ installer: true, installer_province: "harare", source: "calculator" }),
      expect.anything(),
    );
  });

  it("says the service's refusal at the head of the form (too many requests, a product gone) with its status", async () => {
    const limited = unwrap(
      await quoteAction(
        post(filled),
        contextWith(() => Promise.reject(refusal(429, "Too many requests."))),
        7,
      ),
    );
    expect(limited).toMatchObject({ status: 429, body: { formError: "Too many requests.", values: filled } });
    const gone = unwrap(
      await quoteAction(
        post(filled),
        contextWith(() => Promise.reject(refusal(400, "Product 7 is no longer available.", "products.0.product_id"))),
        7,
      ),
    );
    expect(gone).toMatchObject({ status: 400, body: { formError: "Product 7 is no longer available." } });
  });

  it("says the spec's failure text when storing fails unexpectedly", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failed = unwrap(
      await quoteAction(
        post(filled),
        contextWith(() => Promise.reject(new Error("database down"))),
        7,
      ),
    );
    expect(failed).toMatchObject({ status: 500, body: { formError: "Failed to submit quote. Please try again.", values: filled } });
    error.mockRestore();
  });
});

describe("quoteFieldOf", () => {
  it("names the form's field for the contract's and the API's paths", () => {
    expect(quoteFieldOf("customer_email")).toBe("customer_email");
    expect(quoteFieldOf("body.customer_phone")).toBe("customer_phone");
    expect(quoteFieldOf("products.0.quantity")).toBe("quantity");
    expect(quoteFieldOf("body.products.0.quantity")).toBe("quantity");
    expect(quoteFieldOf("products.0.product_id")).toBeNull();
  });
});
