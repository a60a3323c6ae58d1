import { LoaderCircle } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import {
  PAYMENT_PAID,
  PAYMENT_PENDING,
  PAYNOW_METHOD_LABELS,
  PAYNOW_METHODS,
  type PaymentView,
  type PaynowMethod,
  type PaynowState,
  startPaynowSchema,
} from "#shared/schemas/payments.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { firstIssues } from "../../lib/form-data.ts";
import type { PaynowResult } from "./paynow-result.ts";

/** How often the page asks how an open payment is going, and for how long before it offers to check again. */
const POLL_EVERY_MS = 3000;
const POLL_FOR_MS = 15 * 60_000;

type Props = {
  orderId: number;
  reference: string;
  /** The order's total as the page prints it ("USD 1,234.50"). */
  total: string;
  /** Whether the order awaits payment (the form is offered only then). */
  awaitingPayment: boolean;
  /** The order's latest Paynow payment, from the page's loader. */
  initialPayment: PaymentView | null;
  /** The page's own action answer when the form was sent without JavaScript. */
  result: PaynowResult | undefined;
};

const radio = "size-5 shrink-0 accent-accent-700";

/** The most recent of what the loader, the action and the polls said: a newer payment wins, then a settled word. */
function newest(...candidates: (PaymentView | null | undefined)[]): PaymentView | null {
  let best: PaymentView | null = null;
  for (const p of candidates) {
    if (!p) continue;
    if (!best || p.id > best.id || (p.id === best.id && !PAYMENT_PENDING.includes(p.status) && PAYMENT_PENDING.includes(best.status))) {
      best = p;
    }
  }
  return best;
}

function methodName(method: PaynowMethod): string {
  return method === "web" ? "Paynow" : PAYNOW_METHOD_LABELS[method];
}

/** What the live region says about the payment. */
function statusText(payment: PaymentView | null, gaveUp: boolean): { text: string; tone: "info" | "success" | "error" } | null {
  if (!payment) return null;
  if (PAYMENT_PAID.includes(payment.status)) {
    return {
      text: `Paid with ${methodName(payment.method)}${payment.paynowReference ? `, Paynow reference ${payment.paynowReference}` : ""}. Thank you!`,
      tone: "success",
    };
  }
  if (PAYMENT_PENDING.includes(payment.status)) {
    if (gaveUp) return { text: "Paynow has not confirmed the payment yet.", tone: "info" };
    return payment.method === "web"
      ? { text: "Waiting for Paynow to confirm your payment…", tone: "info" }
      : { text: `Waiting for you to approve the payment on your phone…`, tone: "info" };
  }
  if (payment.status === "cancelled") {
    return { text: "The Paynow payment was cancelled. You can try again, or pay by bank transfer or ZIPIT.", tone: "error" };
  }
  if (payment.status === "failed") {
    return { text: "The Paynow payment did not go through. You can try again, or pay by bank transfer or ZIPIT.", tone: "error" };
  }
  return { text: `Paynow says the payment is ${payment.status}. Please contact us about it.`, tone: "error" };
}

/**
 * 'Pay with Paynow' on a dealer's order awaiting payment: card or Paynow's page (the browser goes there and comes
 * back), or EcoCash / OneMoney (a prompt on the phone, then a live status until Paynow says paid or not). The
 * form works without JavaScript too: the action redirects to Paynow or answers the instructions, and a link
 * checks the status again.
 */
export function PaynowPanel({ orderId, reference, total, awaitingPayment, initialPayment, result }: Props) {
  const fetcher = useFetcher<PaynowResult>({ key: `paynow-${orderId}` });
  const { revalidate } = useRevalidator();
  const ids = useId();
  const [hydrated, setHydrated] = useState(false);
  const [method, setMethod] = useState<PaynowMethod>(
    result?.status === "error" && (PAYNOW_METHODS as readonly string[]).includes(result.values?.method ?? "")
      ? (result.values?.method as PaynowMethod)
      : "web",
  );
  const [clientErrors, setClientErrors] = useState<Partial<Record<"method" | "phone", string>>>({});
  const [polled, setPolled] = useState<PaymentView | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const [retrying, setRetrying] = useState(false);
  useEffect(() => setHydrated(true), []);

  const answer = fetcher.data ?? (result?.orderId === orderId ? result : undefined);
  const failed = answer?.status === "error" && fetcher.state === "idle" ? answer : undefined;
  const started = answer?.status === "started" ? answer.payment : null;
  const payment = newest(initialPayment, started, polled);
  const pending = payment !== null && PAYMENT_PENDING.includes(payment.status);
  const paid = payment !== null && PAYMENT_PAID.includes(payment.status);
  const busy = fetcher.state !== "idle";

  // A new payment started here: follow it afresh.
  const startedId = started?.id;
  useEffect(() => {
    if (startedId !== undefined) {
      setRetrying(false);
      setGaveUp(false);
    }
  }, [startedId]);

  // The live status: ask the API how an open payment is going until Paynow decides (or for a quarter of an hour).
  const pollingId = pending && hydrated && !gaveUp ? payment.id : null;
  useEffect(() => {
    if (pollingId === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const since = Date.now();
    const tick = async () => {
      try {
        const res = await fetch(`/api/orders/${orderId}/paynow`, { headers: { accept: "application/json" } });
        if (res.ok && !stopped) {
          const state = (await res.json()) as PaynowState;
          if (state.payment) setPolled(state.payment);
          // Paid (or moved on by an admin): the page's order, badge and timeline are read again.
          if (state.order_status !== "awaiting_payment") {
            void revalidate();
            return;
          }
          if (state.payment && !PAYMENT_PENDING.includes(state.payment.status)) return;
        }
      } catch {
        // Offline for a moment: try again at the next tick.
      }
      if (stopped) return;
      if (Date.now() - since > POLL_FOR_MS) setGaveUp(true);
      else timer = setTimeout(tick, POLL_EVERY_MS);
    };
    timer = setTimeout(tick, POLL_EVERY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pollingId, orderId, revalidate]);

  if (!awaitingPayment && !paid) return null;

  const error = (field: "method" | "phone") => clientErrors[field] ?? failed?.fieldErrors?.[field];
  const status = statusText(payment, gaveUp);
  const showForm = awaitingPayment && !busy && (!pending || retrying || gaveUp);
  const showPhone = !hydrated || method !== "web";
  const headingId = `${ids}-title`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const parsed = startPaynowSchema.safeParse({ method: form.get("method"), phone: form.get("phone") ?? "" });
    if (!parsed.success) {
      event.preventDefault();
      setClientErrors(firstIssues<"method" | "phone">(parsed.error));
      return;
    }
    setClientErrors({});
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-slate-900">
      <h3 id={headingId} className="font-semibold">
        {paid && !awaitingPayment ? "Paid with Paynow" : "Pay with Paynow"}
      </h3>
      {awaitingPayment ? (
        <p className="mt-1 text-sm">
          Pay <strong>{total}</strong> now by card, EcoCash or OneMoney. Your order is marked paid as soon as Paynow confirms the payment.
        </p>
      ) : null}

      <div role="status" aria-live="polite" className="mt-3 space-y-2 text-sm empty:hidden">
        {busy ? (
          <p className="flex items-center gap-2">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            {method === "web" ? "Taking you to Paynow…" : "Sending the payment request to your phone…"}
          </p>
        ) : status ? (
          <p
            className={`flex items-center gap-2 font-medium ${status.tone === "success" ? "text-green-800" : status.tone === "error" ? "text-red-800" : "text-slate-900"}`}
          >
            {pending && !gaveUp && hydrated ? (
              <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin motion-reduce:animate-none" />
            ) : null}
            {status.text}
          </p>
        ) : null}
        {pending && !busy && payment.instructions ? (
          <p className="rounded-md bg-white p-3 whitespace-pre-line">{payment.instructions}</p>
        ) : null}
      </div>

      {pending && !busy && awaitingPayment ? (
        <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {payment.method === "web" && payment.browserUrl ? (
            <a href={payment.browserUrl} className="font-medium text-accent-800 underline hover:no-underline">
              Open Paynow's page again
            </a>
          ) : null}
          {!hydrated || gaveUp ? (
            <a
              href={`/dealer/orders?paynow=${orderId}#order-${orderId}`}
              className="font-medium text-accent-800 underline hover:no-underline"
            >
              Check the payment status
            </a>
          ) : null}
          {gaveUp ? (
            <button type="button" className="font-medium text-accent-800 underline hover:no-underline" onClick={() => setGaveUp(false)}>
              Keep waiting
            </button>
          ) : null}
          {hydrated && !retrying && !gaveUp ? (
            <button type="button" className="font-medium text-accent-800 underline hover:no-underline" onClick={() => setRetrying(true)}>
              Pay another way
            </button>
          ) : null}
        </div>
      ) : null}

      {showForm ? (
        <fetcher.Form method="post" action="/dealer/orders" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="paynow" />
          <input type="hidden" name="orderId" value={orderId} />
          {failed?.formError ? <FormAlert>{failed.formError}</FormAlert> : null}
          <fieldset className="space-y-2" aria-describedby={error("method") ? `${ids}-method-error` : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-800">How would you like to pay order {reference}?</legend>
            {PAYNOW_METHODS.map((m) => (
              <label key={m} className="flex min-h-11 items-center gap-3 text-base text-slate-800">
                <input type="radio" name="method" value={m} className={radio} checked={method === m} onChange={() => setMethod(m)} />
                {PAYNOW_METHOD_LABELS[m]}
              </label>
            ))}
            {error("method") ? (
              <p id={`${ids}-method-error`} className="text-sm text-red-700">
                {error("method")}
              </p>
            ) : null}
          </fieldset>
          {showPhone ? (
            <TextField
              label={hydrated ? `${PAYNOW_METHOD_LABELS[method]} number` : "Mobile number (EcoCash or OneMoney)"}
              hint="The phone that approves the payment, for example 0771234567."
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={30}
              defaultValue={failed?.values?.phone ?? ""}
              error={error("phone")}
              className="max-w-xs"
            />
          ) : null}
          <button type="submit" className={buttonClass("primary", "w-full sm:w-auto")}>
            {!hydrated
              ? "Pay with Paynow"
              : method === "web"
                ? "Continue to Paynow"
                : `Send the request to my ${PAYNOW_METHOD_LABELS[method]} phone`}
          </button>
        </fetcher.Form>
      ) : null}
    </section>
  );
}
