import { useState } from "react";
import { useRevalidator } from "react-router";
import { notify } from "#web/components/ui/toaster.tsx";
import { type ApiAnswer, type SendOptions, sendRequest } from "./send-request.ts";

export const CORRECT_FIELDS = "Please correct the fields marked below.";

/**
 * How a form shows a refusal: puts its field issues under their fields and answers the message heading the form
 * (null: none, the fields say it all). useAdminForm's `applyAnswer` is one.
 */
export type Refusal = (answer: ApiAnswer) => string | null;

const apiMessage: Refusal = (answer) => answer.message;

/**
 * The sending half of a back-office form, written once: busy while it sends, the failure and success messages
 * (FormShell's `error` and `success`), the API's refusal placed by `refuse` (default: the API's message), and what
 * follows a save (the message, a toast, the page's data loaded again).
 *
 * A react-hook-form form wraps its valid handler in `saving` (busy for the whole handler, as formState.isSubmitting
 * was) and passes `invalid` as its invalid handler where the form heads a failed check with CORRECT_FIELDS; any form
 * calls `send` for the request itself.
 */
export function useAdminSubmit(refuse: Refusal = apiMessage) {
  const revalidator = useRevalidator();
  // A count, so a `send` inside `saving` leaves the form busy until the whole handler ends.
  const [pending, setPending] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const busy = pending > 0;

  const clear = () => {
    setFailure(null);
    setSuccess(null);
  };
  async function whileBusy<R>(work: () => Promise<R>): Promise<R> {
    setPending((n) => n + 1);
    try {
      return await work();
    } finally {
      setPending((n) => n - 1);
    }
  }

  /**
   * Sends one request, busy while it goes and with both messages cleared first. Answers the API's answer when it
   * worked; a refusal is placed (`place`, else the hook's `refuse`) and answers null.
   */
  function send<T = unknown>(request: SendOptions, place: Refusal = refuse): Promise<ApiAnswer<T> | null> {
    return whileBusy(async () => {
      clear();
      const answer = await sendRequest<T>(request);
      if (answer.ok) return answer;
      setFailure(place(answer));
      return null;
    });
  }

  /** A valid handler for react-hook-form's handleSubmit: both messages cleared, busy until `save` has ended. */
  const saving =
    <V>(save: (values: V) => Promise<void>) =>
    (values: V): Promise<void> =>
      whileBusy(async () => {
        clear();
        await save(values);
      });

  /** The invalid handler of a form whose failed check heads the form with CORRECT_FIELDS. */
  const invalid = () => {
    setSuccess(null);
    setFailure(CORRECT_FIELDS);
  };

  /** Saved: the form's success `message` and a `toast` when given, then the page's data loaded again. */
  async function succeed({ message, toast }: { message?: string; toast?: string } = {}): Promise<void> {
    setFailure(null);
    if (message !== undefined) setSuccess(message);
    if (toast !== undefined) notify.success(toast);
    await revalidator.revalidate();
  }

  return {
    busy,
    failure,
    success,
    setFailure,
    setSuccess,
    send,
    saving,
    invalid,
    succeed,
    /** FormShell's sending state. */
    shell: { busy, error: failure, success },
  };
}
