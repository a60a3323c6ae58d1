import { ArrowDown, ArrowUp } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { RowActionButton } from "#web/components/ui/row-actions.tsx";
import { notify } from "#web/components/ui/toaster.tsx";
import type { ListParams } from "./list-params.ts";
import { sendRequest } from "./send-request.ts";

/**
 * A row's "Move up" and "Move down" buttons, for a list kept in the admin's order (the resource's
 * `POST …/{id}/move`, `{ direction }`): the page then reloads with the new order. `order` is the row's place in the
 * whole list (0 first); Move up is off for the first, Move down for the last (while a search or filter shows only
 * part of the list, the server says when a row is already last).
 */
export function MoveButtons(props: { url: string; name: string; order: number; count: number; params: ListParams }) {
  const { url, name, order, count, params } = props;
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const narrowed = params.q !== "" || Object.values(params.filters).some(Boolean);
  const move = async (direction: "up" | "down") => {
    setBusy(true);
    const answer = await sendRequest<{ message: string }>({ method: "POST", url, body: { direction } });
    if (answer.ok) {
      notify.success(answer.data?.message ?? "Moved.");
      await revalidator.revalidate();
    } else notify.error(answer.message ?? "The order could not be changed.");
    setBusy(false);
  };
  return (
    <>
      <RowActionButton icon={ArrowUp} iconOnly label="Move up" name={name} disabled={busy || order === 0} onClick={() => move("up")} />
      <RowActionButton
        icon={ArrowDown}
        iconOnly
        label="Move down"
        name={name}
        disabled={busy || (!narrowed && order === count - 1)}
        onClick={() => move("down")}
      />
    </>
  );
}
