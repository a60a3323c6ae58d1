import { showBusy } from "./pending.ts";
import { toast } from "./toast.ts";

/**
 * Forms marked `data-validate` (the quote dialog's, the contact page's, the sign-in pages'; decision 013). They work
 * without this: they post to their page, whose action checks them and answers the field messages. With it they are
 * checked in the browser with the same shared contract (./form-rules.ts, loaded on the first focus inside such a
 * form or on its first submit) on submit, and again as a field that was wrong is mended or left; the messages go in
 * the fields' own slots, as the server draws them (aria-invalid, aria-describedby, the error paragraph), the focus on the first wrong field, and
 * nothing typed is touched. A valid form then posts as it would, or, with `data-send-to`, is sent as JSON to that
 * API and answered here: `data-success` as a toast, the form cleared and its dialog closed; a refusal in the form
 * (the server's message, its field messages, or `data-failure`).
 *
 * A server-drawn `<dialog open data-show-modal>` (a refused post) becomes modal once this runs.
 */
type Rules = typeof import("./form-rules.ts");
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

let rules: Promise<Rules> | undefined;

function loadRules(): Promise<Rules> {
  rules ??= import("./form-rules.ts").catch((err: unknown) => {
    rules = undefined;
    throw err;
  });
  return rules;
}

const checkedForm = (target: EventTarget | null) => (target as Element | null)?.closest?.<HTMLFormElement>("form[data-validate]") ?? null;

/** The form's controls that have a message slot: named text-like fields with an id. */
function fields(form: HTMLFormElement): Control[] {
  return [...form.elements].filter(
    (el): el is Control =>
      (el instanceof HTMLTextAreaElement ||
        el instanceof HTMLSelectElement ||
        (el instanceof HTMLInputElement && !["hidden", "checkbox", "radio", "submit", "button", "reset"].includes(el.type))) &&
      el.name !== "" &&
      el.id !== "",
  );
}

/** A field's message, or none, as components/ui/text-field.tsx draws it. */
function showError(control: Control, message: string | undefined) {
  const errorId = `${control.id}-error`;
  const described = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((id) => id && id !== errorId);
  let slot = document.getElementById(errorId);
  if (message) {
    if (!slot) {
      slot = document.createElement("p");
      slot.id = errorId;
      slot.className = "mt-1 text-sm text-red-700";
      control.after(slot);
    }
    slot.textContent = message;
    control.setAttribute("aria-invalid", "true");
    described.push(errorId);
  } else {
    slot?.remove();
    control.removeAttribute("aria-invalid");
  }
  if (described.length > 0) control.setAttribute("aria-describedby", described.join(" "));
  else control.removeAttribute("aria-describedby");
}

/** Every field's message; the first wrong field in the form's order. */
function showErrors(form: HTMLFormElement, fieldErrors: Record<string, string>): Control | undefined {
  let first: Control | undefined;
  for (const control of fields(form)) {
    const message = fieldErrors[control.name];
    showError(control, message);
    if (message) first ??= control;
  }
  return first;
}

/** The form's own message at its head (components/ui/form-alert.tsx), or none. */
function showMessage(form: HTMLFormElement, message: string | null) {
  for (const old of form.querySelectorAll("[data-form-message]")) old.remove();
  if (!message) return;
  const wrap = document.createElement("div");
  wrap.dataset.formMessage = "";
  const alert = document.createElement("div");
  alert.setAttribute("role", "alert");
  alert.className = "rounded-md border px-4 py-3 text-sm border-red-200 bg-red-50 text-red-800";
  alert.textContent = message;
  wrap.append(alert);
  form.prepend(wrap);
}

function setBusy(form: HTMLFormElement, submitter: HTMLButtonElement | null, busy: boolean) {
  form.toggleAttribute("aria-busy", busy);
  if (submitter) showBusy(submitter, busy);
}

/** After a request was accepted: empty fields (or their `data-reset-value`), no messages. */
function clear(form: HTMLFormElement) {
  form.reset();
  for (const control of fields(form)) {
    control.value = control.dataset.resetValue ?? "";
    showError(control, undefined);
  }
  for (const box of form.querySelectorAll<HTMLInputElement>("input[type=checkbox]")) box.checked = false;
  showMessage(form, null);
}

/** Sends a checked form as JSON to its API and says the answer. */
async function send(form: HTMLFormElement, to: string, body: unknown, submitter: HTMLButtonElement | null) {
  const failure = form.dataset.failure ?? "";
  setBusy(form, submitter, true);
  try {
    const res = await fetch(to, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    if (res.ok) {
      clear(form);
      form.closest("dialog")?.close();
      if (form.dataset.success) toast("success", form.dataset.success);
      return;
    }
    const answer = (await res.json().catch(() => null)) as { message?: unknown; issues?: { path?: unknown; message?: unknown }[] } | null;
    const issues = (answer?.issues ?? []).flatMap((i) =>
      typeof i.path === "string" && typeof i.message === "string" ? [{ path: i.path, message: i.message }] : [],
    );
    if (res.status === 400 && issues.length > 0) {
      const { fieldErrors, formError } = (await loadRules()).refusalOf(form.dataset.validate, issues);
      const first = showErrors(form, fieldErrors);
      showMessage(form, formError ?? (first ? null : failure));
      first?.focus();
      return;
    }
    // The server says why (too many requests): its message; otherwise the spec's failure text.
    showMessage(form, res.status === 429 && typeof answer?.message === "string" ? answer.message : failure);
  } catch {
    showMessage(form, failure);
  } finally {
    setBusy(form, submitter, false);
  }
}

/** Forms that passed the check and post now (their submit event comes again). */
const passed = new WeakSet<HTMLFormElement>();

async function onSubmit(event: SubmitEvent) {
  const form = checkedForm(event.target);
  if (!form || event.defaultPrevented) return;
  if (passed.has(form)) {
    passed.delete(form);
    return;
  }
  event.preventDefault();
  if (form.hasAttribute("aria-busy")) return;
  const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
  let checked: ReturnType<Rules["check"]>;
  try {
    checked = (await loadRules()).check(form);
  } catch {
    // The rules could not be loaded (offline): the server checks the form as it does without scripts.
    setTimeout(() => form.submit());
    return;
  }
  if (!checked.ok) {
    showErrors(form, checked.fieldErrors)?.focus();
    return;
  }
  showErrors(form, {});
  const to = form.dataset.sendTo;
  if (to) {
    showMessage(form, null);
    await send(form, to, checked.body, submitter);
    return;
  }
  // In a task of its own: while this submit event is still being dispatched (a check answered at once, in a
  // microtask), the form refuses to be submitted again.
  setTimeout(() => {
    passed.add(form);
    document.documentElement.dataset.navigating = "";
    form.requestSubmit(submitter?.isConnected ? submitter : null);
  });
}

/**
 * A field that was wrong is checked again as it is mended and when it is left: its message goes as soon as it is
 * right, before the visitor reaches for the button (a message taken away under the pointer would move the button
 * between the press and the release, and the click would be lost).
 */
async function recheck(event: Event) {
  const control = event.target as Control | null;
  const form = checkedForm(control);
  if (!form || !control?.name || control.getAttribute("aria-invalid") !== "true") return;
  try {
    const checked = (await loadRules()).check(form);
    showError(control, checked.ok ? undefined : checked.fieldErrors[control.name]);
  } catch {
    // Checked again on submit, or by the server.
  }
}

export function enhanceForms(): void {
  for (const dialog of document.querySelectorAll<HTMLDialogElement>("dialog[open][data-show-modal]")) {
    dialog.close();
    dialog.showModal();
  }
  document.addEventListener("focusin", (event) => {
    if (checkedForm(event.target)) loadRules().catch(() => {});
  });
  document.addEventListener("input", (event) => void recheck(event));
  document.addEventListener("focusout", (event) => void recheck(event));
  document.addEventListener("submit", (event) => void onSubmit(event));
}
