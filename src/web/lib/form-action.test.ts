import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { formAction } from "./form-action.ts";

const schema = z
  .object({
    token: z.string().min(1, "This link is not valid."),
    email: z.email("Enter a valid e-mail address."),
    password: z.string().min(12, "At least 12 characters."),
  })
  .refine((v) => v.password !== v.email, { path: ["password"], message: "Not your e-mail address." });
const good = { token: "t", email: "a@example.com", password: "long enough password" };

/** Where the cases that expect no unexpected failure log one (none do). */
const log = () => {};

/** A service refusal as services throw them (src/server/platform/errors.ts). */
const refusal = (statusCode: number, message: string, field?: string) => Object.assign(new Error(message), { statusCode, field });

/** The body and status of a refusal (`data(...)`). */
function answer(result: unknown) {
  const { data, init } = result as { data: unknown; init: { status: number } };
  return { body: data, status: init.status };
}

describe("formAction", () => {
  it("answers what `run` answers, with the checked values", async () => {
    const run = vi.fn(async (values: z.output<typeof schema>) => `saved ${values.email}`);
    expect(await formAction(schema, run, { log, input: good })).toBe("saved a@example.com");
    expect(run).toHaveBeenCalledWith(good);
  });

  it("refuses input the schema refuses with 400: the first message of each field, form-level fields heading the form, what was typed", async () => {
    const run = vi.fn(async () => "saved");
    const result = await formAction(schema, run, {
      log,
      input: { token: "", email: "nope", password: "short" },
      values: { email: "nope" },
      formLevel: ["token"],
      tag: { form: "reset" as const },
    });
    expect(answer(result)).toEqual({
      status: 400,
      body: {
        form: "reset",
        formError: "This link is not valid.",
        fieldErrors: { email: "Enter a valid e-mail address.", password: "At least 12 characters." },
        values: { email: "nope" },
      },
    });
    expect(run).not.toHaveBeenCalled();
  });

  it("says a service refusal with its status: under its field when the form names it, else heading the form", async () => {
    const weak = await formAction(schema, () => Promise.reject(refusal(400, "Too common a password.", "password")), {
      log,
      input: good,
      values: { email: good.email },
      failureFields: ["password"],
    });
    expect(answer(weak)).toEqual({
      status: 400,
      body: { fieldErrors: { password: "Too common a password." }, values: { email: good.email } },
    });
    const locked = await formAction(schema, () => Promise.reject(refusal(429, "Too many attempts.", "password")), { log, input: good });
    expect(answer(locked)).toEqual({ status: 429, body: { formError: "Too many attempts." } });
  });

  it("logs an unexpected failure through the page's logger (never console.error) and says `unexpected` (500), or throws it when the action names no message", async () => {
    const logged = vi.fn();
    const console_ = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = new Error("database down");
    const said = await formAction(schema, () => Promise.reject(broken), { log: logged, input: good, unexpected: "Registration failed." });
    expect(answer(said)).toEqual({ status: 500, body: { formError: "Registration failed." } });
    expect(logged).toHaveBeenCalledWith(broken);
    expect(console_).not.toHaveBeenCalled();
    await expect(formAction(schema, () => Promise.reject(broken), { log: logged, input: good })).rejects.toBe(broken);
    console_.mockRestore();
  });

  it("lets the action say a failure its own way", async () => {
    const result = await formAction(schema, () => Promise.reject(refusal(409, "That e-mail address is taken.")), {
      log,
      input: good,
      failure: (known) => ({ formError: "Saving failed.", fieldErrors: { email: known?.message } }),
    });
    expect(answer(result)).toEqual({
      status: 409,
      body: { formError: "Saving failed.", fieldErrors: { email: "That e-mail address is taken." } },
    });
  });

  it("with topLevel, says a refusal of part of a field (a cart line) under the field itself, the first one only", async () => {
    const cart = z.object({ lines: z.array(z.object({ quantity: z.number().int("Whole numbers only.") })).min(1, "Your cart is empty.") });
    const refused = await formAction(cart, async () => "placed", {
      log,
      input: { lines: [{ quantity: 1.5 }, { quantity: 2.5 }] },
      topLevel: true,
    });
    expect(answer(refused)).toEqual({ status: 400, body: { fieldErrors: { lines: "Whole numbers only." } } });
    const gone = await formAction(cart, () => Promise.reject(refusal(400, "Product 9 is no longer available.", "lines.0.product_id")), {
      log,
      input: { lines: [{ quantity: 1 }] },
      topLevel: true,
      failureFields: ["lines"],
    });
    expect(answer(gone)).toEqual({ status: 400, body: { fieldErrors: { lines: "Product 9 is no longer available." } } });
  });

  it("lets a redirect thrown by `run` through, even where unexpected failures are said", async () => {
    const thrown = await formAction(schema, () => Promise.reject(new Response(null, { status: 302 })), {
      log,
      input: good,
      unexpected: "Try again.",
    }).catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(Response);
  });
});
