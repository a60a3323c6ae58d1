import { describe, expect, it, vi } from "vitest";
import type { WebContext } from "../../load-context.ts";
import { contactAction } from "./contact-action.server.ts";

function post(fields: Record<string, string>): Request {
  return new Request("http://localhost/contact", { method: "POST", body: new URLSearchParams(fields) });
}

function contextWith(submit: (...args: unknown[]) => Promise<{ id: number }>): WebContext {
  return { services: { contact: { submit } }, actor: null, ip: "203.0.113.7", logError: console.error } as unknown as WebContext;
}

/** `data()` results carry the body in `data` and the status in `init`. */
function unwrap(result: unknown): { body: Record<string, unknown>; status: number } {
  const r = result as { data: Record<string, unknown>; init?: { status?: number } | null };
  return { body: r.data, status: r.init?.status ?? 200 };
}

const filled = { fullName: "Rudo Phiri", email: "rudo@example.com", phone: "0771 000 000", notes: "Hello", requestQuote: "on" };

describe("contactAction", () => {
  it("sends the checked message to the contact service, the ticked box as true", async () => {
    const submit = vi.fn(async () => ({ id: 7 }));
    const { body, status } = unwrap(await contactAction(post(filled), contextWith(submit)));
    expect(status).toBe(200);
    expect(body).toEqual({ success: "Thank you! Your message has been sent. We will get back to you soon.", id: 7 });
    // With the client's address: the form is limited per sender.
    expect(submit).toHaveBeenCalledWith(null, { ...filled, requestQuote: true }, { ip: "203.0.113.7" });
  });

  it("answers field errors and what was typed without calling the service", async () => {
    const submit = vi.fn(async () => ({ id: 1 }));
    const { body, status } = unwrap(await contactAction(post({ ...filled, fullName: "", email: "nope" }), contextWith(submit)));
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({ fullName: "Full name is required.", email: "Enter a valid email address." });
    expect(body.values).toMatchObject({ fullName: "", email: "nope", notes: "Hello", requestQuote: "on" });
    expect(submit).not.toHaveBeenCalled();
  });

  it("shows a banner and keeps everything typed when sending fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { body, status } = unwrap(
      await contactAction(
        post(filled),
        contextWith(async () => {
          throw new Error("database down");
        }),
      ),
    );
    expect(status).toBe(500);
    expect(body.formError).toBe("Sorry, your message could not be sent. Please try again, or call or e-mail us.");
    expect(body.values).toEqual(filled);
    error.mockRestore();
  });
});
