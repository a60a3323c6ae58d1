import { useState } from "react";
import { can } from "#shared/can.ts";
import { formatDate } from "#shared/dates.ts";
import { canMoveOrder, ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus, type OrderView } from "#shared/schemas/orders.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { PaymentProofList } from "#web/features/orders/payment-proofs.tsx";
import { useCurrentUser } from "#web/lib/root-data.ts";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";
import { DispatchForm } from "./dispatch-form.tsx";

const MOVE_LABEL: Partial<Record<OrderStatus, string>> = {
  processing: "Start processing",
  completed: "Mark completed",
};

/** The goods go out through the dispatch form, with their serial numbers and reference, not a button. */
const SENDING: readonly OrderStatus[] = ["dispatched", "ready_for_collection"];

/**
 * What an admin can do with an order now: confirm its payment (with the bank's reference), move it to its next
 * status, send it out (or ready it for collection) with its serial numbers, or cancel it with a reason. Each change
 * is e-mailed to the dealer and recorded.
 */
export function OrderActions({ order }: { order: OrderView }) {
  // Prefilled with the reference of the dealer's latest proof of payment.
  const [paymentReference, setPaymentReference] = useState(order.payment_proofs.at(-1)?.reference ?? "");
  // The day the transfer reached the account, when it was before today: the invoice's VAT tax point (decision 032).
  const [paidOn, setPaidOn] = useState("");
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | undefined>();
  // A refusal about the note goes under it; any other heads the actions.
  const submit = useAdminSubmit((answer) => {
    const onNote = answer.issues.find((i) => i.path.endsWith("note"));
    if (!onNote) return answer.message;
    setNoteError(onNote.message);
    return null;
  });
  const { busy, failure: error, success: done } = submit;
  // The moves the order allows now, then those the role allows (decision 035): payments and cancelling are
  // `orders.payments`, status moves and dispatch `orders.dispatch`.
  const user = useCurrentUser();
  const mayPay = can.do(user, "orders.payments");
  const mayDispatch = can.do(user, "orders.dispatch");
  const possibleMoves = ORDER_STATUSES.filter(
    (s) => s !== "paid" && s !== "cancelled" && !SENDING.includes(s) && canMoveOrder(order.status, s, order.fulfilment),
  );
  const possibleSend = SENDING.some((s) => canMoveOrder(order.status, s, order.fulfilment));
  const possiblePay = canMoveOrder(order.status, "paid", order.fulfilment);
  const possibleCancel = canMoveOrder(order.status, "cancelled", order.fulfilment, order.payment_terms);
  const moves = mayDispatch ? possibleMoves : [];
  const canSend = mayDispatch && possibleSend;
  const canPay = mayPay && possiblePay;
  const canCancel = mayPay && possibleCancel;
  const somethingPossible = possiblePay || possibleMoves.length > 0 || possibleCancel || possibleSend;

  const run = async (url: string, body: object, success: string) => {
    const answer = await submit.send({ method: "PUT", url, body });
    if (!answer) return;
    setPaymentReference("");
    setPaidOn("");
    setNote("");
    await submit.succeed({ message: success });
  };

  return (
    <section
      aria-labelledby="order-actions-heading"
      className="space-y-5 self-start rounded-lg border border-slate-200 bg-white p-5"
      data-tour="order-actions"
    >
      <h2 id="order-actions-heading" className="text-lg font-semibold text-slate-900">
        Actions
      </h2>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      {order.payment_terms === "account" ? (
        // Charged to the company's account (decision 034): no payment to confirm before dispatch.
        <p className="text-slate-900" data-payment-terms="account">
          <strong>On account</strong>
          {order.due_on ? <>, due {formatDate(`${order.due_on}T12:00:00Z`)}</> : null}
        </p>
      ) : null}
      {!canPay && moves.length === 0 && !canCancel && !canSend ? (
        <p className="text-slate-700">
          {somethingPossible
            ? `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: nothing here your role does.`
            : `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: nothing more to do.`}
        </p>
      ) : null}
      {canPay && order.payment_proofs.length > 0 ? <PaymentProofList proofs={order.payment_proofs} /> : null}
      {canPay ? (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            run(
              `/api/orders/${order.id}/confirm-payment`,
              { paymentReference: paymentReference.trim(), paidOn },
              "Payment confirmed. The dealer has been told by e-mail.",
            );
          }}
        >
          <TextField
            label="Bank or ZIPIT reference (optional)"
            name="paymentReference"
            value={paymentReference}
            maxLength={120}
            onChange={(e) => setPaymentReference(e.currentTarget.value)}
          />
          <TextField
            label="Date the money arrived (optional)"
            name="paidOn"
            type="date"
            value={paidOn}
            hint="As on the bank statement, when it was before today: the tax invoice's VAT follows the earlier of this date and the invoice."
            onChange={(e) => setPaidOn(e.currentTarget.value)}
          />
          <button type="submit" disabled={busy} className={buttonClass("primary")}>
            Confirm payment
          </button>
        </form>
      ) : null}
      {moves.length > 0 ? (
        <div className="flex flex-wrap gap-3">
          {moves.map((s) => (
            <button
              key={s}
              type="button"
              disabled={busy}
              className={buttonClass("secondary")}
              onClick={() =>
                run(
                  `/api/orders/${order.id}/status`,
                  { status: s, note: note.trim() },
                  `The order is now ${ORDER_STATUS_LABELS[s].toLowerCase()}. The dealer has been told by e-mail.`,
                )
              }
            >
              {MOVE_LABEL[s] ?? ORDER_STATUS_LABELS[s]}
            </button>
          ))}
        </div>
      ) : null}
      {canSend ? <DispatchForm key={order.id} order={order} onSent={(message) => submit.succeed({ message })} /> : null}
      {canCancel || moves.length > 0 ? (
        <div className="space-y-3 border-t border-slate-200 pt-4">
          <TextAreaField
            label={canCancel ? "Note to the dealer (needed to cancel)" : "Note to the dealer (optional)"}
            name="note"
            value={note}
            maxLength={500}
            error={noteError}
            onChange={(e) => {
              setNote(e.currentTarget.value);
              setNoteError(undefined);
            }}
          />
          {canCancel ? (
            <button
              type="button"
              disabled={busy}
              className={buttonClass("outline", "text-red-800")}
              onClick={() => {
                if (!note.trim()) {
                  setNoteError("Please give the reason for cancelling: the dealer is told it.");
                  return;
                }
                run(
                  `/api/orders/${order.id}/status`,
                  { status: "cancelled", note: note.trim() },
                  "The order is cancelled. The dealer has been told by e-mail.",
                );
              }}
            >
              Cancel order
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
