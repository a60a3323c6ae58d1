import { useEffect, useMemo, useRef, useState } from "react";
import type { OrderView } from "#shared/schemas/orders.ts";
import { type SerialView, shortDay } from "#shared/schemas/stock.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { useHydrated } from "#web/lib/use-hydrated.ts";
import type { ApiAnswer } from "../kit/send-request.ts";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";
import {
  dispatchRequest,
  type FieldState,
  fieldKey,
  fieldStates,
  type PlacedIssues,
  pasteInto,
  placeIssues,
  type SerialCheck,
  serialLabel,
  serialLines,
  splitPasted,
} from "./dispatch-serials.ts";

/** How long typing pauses before a serial is looked up (a scanner types a whole serial well within it). */
const CHECK_DELAY_MS = 300;

const INPUT =
  "block w-full min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-base text-slate-900 aria-invalid:border-red-700";

/**
 * The order goes out (delivery) or waits at the branch (collection): a serial field per unit of each
 * serialised line, each checked as typed (the schema's rules, entered twice in this form, already sent with another
 * order: `GET /api/serials/{serial}`); Enter moves to the next field (barcode scanners end with Enter) and a pasted
 * list fills the following fields of the line; the waybill or collection reference and a note. The server checks
 * everything again; its refusals land under their fields.
 */
export function DispatchForm({ order, onSent }: { order: OrderView; onSent: (message: string) => void }) {
  const hydrated = useHydrated();
  const delivery = order.fulfilment === "delivery";
  const status = delivery ? ("dispatched" as const) : ("ready_for_collection" as const);
  const lines = useMemo(() => serialLines(order), [order]);
  const [values, setValues] = useState<string[][]>(() => lines.map((l) => Array.from({ length: l.quantity }, () => "")));
  const [checks, setChecks] = useState<Map<string, SerialCheck>>(() => new Map());
  const [reference, setReference] = useState("");
  const [note, setNote] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const [server, setServer] = useState<PlacedIssues | null>(null);
  // The refusal is placed by `submit` below, under its fields, lines or the form's own alert.
  const sending = useAdminSubmit();
  const { busy } = sending;
  const [announcement, setAnnouncement] = useState("");
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const referenceInput = useRef<HTMLInputElement>(null);
  const formError = useRef<HTMLDivElement>(null);

  const states = useMemo(() => fieldStates(values, lines, checks, submitted, settled), [values, lines, checks, submitted, settled]);
  const settle = (key: string) => setSettled((s) => (s.has(key) ? s : new Set(s).add(key)));
  const fieldOrder = lines.flatMap((line, i) => Array.from({ length: line.quantity }, (_, u) => fieldKey(i, u)));
  const total = fieldOrder.length;
  const entered = values.flat().filter((v) => v.trim()).length;
  const waiting = order.products.filter((l) => l.backordered > 0);

  // Each serial that passes the schema and is not a repeat is looked up once, after typing pauses.
  const wanted = states.flat().flatMap((s) => (s.checkable && !checks.has(s.checkable) ? [s.checkable] : []));
  const wantedKey = [...new Set(wanted)].sort().join(" ");
  // Lookups in flight outlive a re-render; they stop only when the page leaves.
  const lookups = useRef<AbortController | null>(null);
  useEffect(() => {
    lookups.current = new AbortController();
    return () => lookups.current?.abort();
  }, []);
  useEffect(() => {
    if (!wantedKey) return;
    const keys = wantedKey.split(" ");
    const timer = setTimeout(() => {
      const signal = lookups.current?.signal;
      setChecks((m) => new Map([...m, ...keys.map((k) => [k, { state: "checking" }] as const)]));
      for (const key of keys) {
        fetch(`/api/serials/${encodeURIComponent(key)}`, { headers: { accept: "application/json" }, ...(signal ? { signal } : {}) })
          .then(async (res): Promise<SerialCheck> => {
            if (res.status === 404) return { state: "free" };
            if (res.ok) return { state: "taken", view: (await res.json()) as SerialView };
            return { state: "unknown" };
          })
          .catch((): SerialCheck => ({ state: "unknown" }))
          .then((check) => {
            if (!signal?.aborted) setChecks((m) => new Map(m).set(key, check));
          });
      }
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wantedKey]);

  // The live region says what a screen reader would miss: a serial refused as typed, and all serials in.
  const problems = states.flatMap((line, i) =>
    line.flatMap((s, u) =>
      s.error && (values[i]?.[u] ?? "").trim() ? [`${serialLabel(lines[i] as (typeof lines)[number], u)}: ${s.error}`] : [],
    ),
  );
  const problemKey = problems.join("\n");
  const allIn = total > 0 && entered === total && problems.length === 0;
  useEffect(() => {
    if (problemKey) setAnnouncement(problemKey.split("\n").at(-1) ?? "");
    else if (allIn) setAnnouncement(`All ${total} serial numbers entered.`);
  }, [problemKey, allIn, total]);

  const focusField = (index: number) => {
    const key = fieldOrder[index];
    if (key === undefined) referenceInput.current?.focus();
    else inputs.current.get(key)?.focus();
  };

  const setValue = (line: number, unit: number, value: string) => {
    setValues((v) => v.map((l, i) => (i === line ? l.map((x, u) => (u === unit ? value : x)) : l)));
    if (server?.fields.has(fieldKey(line, unit)) || server?.lines.has(line)) {
      setServer((s) => {
        if (!s) return s;
        const fields = new Map(s.fields);
        fields.delete(fieldKey(line, unit));
        const byLine = new Map(s.lines);
        byLine.delete(line);
        return { ...s, fields, lines: byLine };
      });
    }
  };

  const onPaste = (line: number, unit: number, e: React.ClipboardEvent<HTMLInputElement>) => {
    const pasted = splitPasted(e.clipboardData.getData("text"));
    if (pasted.length < 2) return;
    e.preventDefault();
    const { values: next, left, last } = pasteInto(values[line] ?? [], unit, pasted);
    setValues((v) => v.map((l, i) => (i === line ? next : l)));
    const name = lines[line]?.name ?? "";
    setAnnouncement(
      left > 0
        ? `${pasted.length - left} serial numbers pasted for ${name}; ${left} more did not fit: the line has ${lines[line]?.quantity} units.`
        : `${pasted.length} serial numbers pasted for ${name}.`,
    );
    focusField(fieldOrder.indexOf(fieldKey(line, last)) + 1);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServer(null);
    const now = fieldStates(values, lines, checks, true);
    const firstBad = now.flat().findIndex((s) => s.error);
    if (firstBad >= 0 || !reference.trim()) {
      if (firstBad >= 0) focusField(firstBad);
      else referenceInput.current?.focus();
      return;
    }
    const answer = await sending.send<OrderView>(
      { method: "POST", url: `/api/orders/${order.id}/dispatch`, body: dispatchRequest(status, lines, values, reference, note) },
      refuse,
    );
    if (!answer) return;
    onSent(
      delivery
        ? "The order is dispatched with its serial numbers. The dealer has been told by e-mail."
        : "The order is ready for collection. The dealer has been told by e-mail.",
    );
  };

  /** The server's refusal under its fields and lines, or as the form's own alert; the focus goes to the first. */
  function refuse(answer: ApiAnswer): null {
    const placed = placeIssuesOf(answer);
    setServer(placed);
    // A line refused as a whole (a serial sent with another order meanwhile): every serial is looked up again, so the
    // one at fault says so under its own field.
    if (placed.lines.size > 0 || answer.status === 409) setChecks(new Map());
    // The first refused field takes the focus; a refusal of the whole form is announced by its alert.
    const firstField = fieldOrder.findIndex((k) => placed.fields.has(k) || placed.lines.has(Number(k.split(".")[0])));
    if (firstField >= 0) focusField(firstField);
    else if (placed.reference) referenceInput.current?.focus();
    else formError.current?.focus();
    return null;
  }

  const referenceError =
    server?.reference ??
    (submitted && !reference.trim() ? `Enter the ${delivery ? "waybill number" : "collection reference"}.` : undefined);

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-4 border-t border-slate-200 pt-4"
      aria-labelledby="dispatch-heading"
      data-dispatch-form=""
    >
      <h3 id="dispatch-heading" className="text-base font-semibold text-slate-900">
        {delivery ? "Dispatch" : "Ready for collection"}
      </h3>
      <p className="text-sm text-slate-700">
        {total > 0
          ? `Scan or type the serial number of each unit (${total} in all). Enter moves to the next field; a pasted list fills the fields that follow.`
          : "No product of this order takes serial numbers."}
      </p>
      {waiting.length > 0 ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Still on backorder:{" "}
          {waiting.map((l) => `${l.backordered} × ${l.product_name}${l.expected ? ` (expected ${shortDay(l.expected)})` : ""}`).join(", ")}.
          The order can go once the stock arrives.
        </p>
      ) : null}
      {server?.form ? (
        <div ref={formError} tabIndex={-1}>
          <FormAlert>{server.form}</FormAlert>
        </div>
      ) : null}
      {lines.map((line, i) => (
        <fieldset key={line.productId} className="space-y-2" data-serial-line={line.productId}>
          <legend className="text-sm font-semibold text-slate-900">
            {line.name} <span className="font-normal text-slate-600">× {line.quantity}</span>
          </legend>
          {server?.lines.get(i) ? (
            <p className="text-sm text-red-700" role="alert">
              {server.lines.get(i)}
            </p>
          ) : null}
          <ol className="space-y-2">
            {Array.from({ length: line.quantity }, (_, u) => {
              const key = fieldKey(i, u);
              const state: FieldState = states[i]?.[u] ?? {};
              const error = server?.fields.get(key) ?? state.error;
              const id = `serial-${line.productId}-${u}`;
              return (
                <li key={key}>
                  <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
                    Serial {u + 1} of {line.quantity}
                    <span className="sr-only"> for {line.name}</span>
                  </label>
                  <input
                    id={id}
                    ref={(el) => {
                      if (el) inputs.current.set(key, el);
                      else inputs.current.delete(key);
                    }}
                    name={`lines.${i}.serials.${u}`}
                    className={INPUT}
                    value={values[i]?.[u] ?? ""}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={64}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error || state.hint ? `${id}-note` : undefined}
                    data-check={state.error ? "error" : state.hint === "Not sent before." ? "free" : state.hint ? "checking" : undefined}
                    onChange={(e) => setValue(i, u, e.currentTarget.value)}
                    onPaste={(e) => onPaste(i, u, e)}
                    onBlur={() => settle(key)}
                    onKeyDown={(e) => {
                      if (e.key !== "Enter") return;
                      e.preventDefault();
                      settle(key);
                      focusField(fieldOrder.indexOf(key) + 1);
                    }}
                  />
                  {error ? (
                    <p id={`${id}-note`} className="mt-1 text-sm text-red-700">
                      {error}
                    </p>
                  ) : state.hint ? (
                    <p id={`${id}-note`} className="mt-1 text-sm text-slate-600">
                      {state.hint}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </fieldset>
      ))}
      <TextField
        ref={referenceInput}
        label={delivery ? "Waybill number" : "Collection reference"}
        hint={delivery ? "The courier's waybill or consignment number." : "The reference the dealer quotes at the branch."}
        name="reference"
        value={reference}
        maxLength={120}
        autoComplete="off"
        error={referenceError}
        onChange={(e) => {
          setReference(e.currentTarget.value);
          if (server?.reference) setServer({ ...server, reference: undefined });
        }}
      />
      <TextAreaField
        label="Note to the dealer (optional)"
        name="dispatch-note"
        value={note}
        maxLength={500}
        error={server?.note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <button type="submit" disabled={busy || !hydrated} className={buttonClass("primary")}>
        {delivery ? "Mark dispatched" : "Mark ready for collection"}
      </button>
    </form>
  );
}

function placeIssuesOf(answer: { status: number; issues: { path: string; message: string }[]; message: string | null }): PlacedIssues {
  // 409 (still on backorder, or a serial sent with another order a moment ago) is the form's own message.
  if (answer.status !== 400) return { fields: new Map(), lines: new Map(), form: answer.message ?? "The order could not be sent." };
  return placeIssues(answer.issues, answer.message);
}
