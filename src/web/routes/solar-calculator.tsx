import { Check, Plus, ShoppingCart, Trash2, X } from "lucide-react";
import type { SizingAnswer, SizingItemView } from "#shared/schemas/sizing.ts";
import { COMMON_APPLIANCES, SUN_HOURS_RANGE } from "#shared/sizing.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { LineStock } from "#web/features/catalogue/availability-status.tsx";
import { quoteAction } from "#web/features/catalogue/quote-action.server.ts";
import { QuoteRequest } from "#web/features/catalogue/quote-request.tsx";
import { ContentIntro } from "#web/features/content/content-intro.tsx";
import { type CalculatorValues, type FieldErrors, fieldId, readCalculator } from "#web/features/sizing/calculator-form.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { quietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/solar-calculator";

/**
 * The solar calculator: appliances, hours a day and quantities, the hours of backup → the daily energy,
 * peak and surge, and a kit from the catalogue (services.sizing, the same as POST /api/sizing), with its checks and
 * working. A GET form drawn by the server, so it works with no script and a result is a link to keep or share;
 * "Add appliance" and "Remove" are buttons of the same form (nothing typed is lost). Drawn for each request
 * (`quietPage`): its answers are the visitor's own. "Request a quote for this kit" posts to this page's action, the
 * product page's quote path with the kit's lines; "Add this kit to the cart" is enhance/cart.ts's.
 */
export const handle = quietPage;

export async function loader({ context, request }: Route.LoaderArgs) {
  const state = readCalculator(new URL(request.url).searchParams);
  const [result, settings] = await Promise.all([
    state.request ? context.services.sizing.size(state.request, context.actor) : Promise.resolve(null),
    context.services.settings.get(),
  ]);
  return { values: state.values, errors: state.errors, focusRow: state.focusRow, result, sunHours: settings.sunHours };
}

/** "Request a quote for this kit": the kit's lines are the form's (hidden fields), the notes what the visitor left. */
export async function action({ request, context }: Route.ActionArgs) {
  return quoteAction(request, context, null);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Solar calculator", {
    description: "List your appliances and the hours of backup you want: we size the inverter, batteries and panels from our range.",
  });
}

const ROLE_LABELS = { inverter: "Inverter", battery: "Batteries", panel: "Solar panels" } as const;
const linkClass = "font-semibold text-slate-900 underline-offset-4 hover:text-accent-800 hover:underline";

export default function SolarCalculator({ loaderData, actionData }: Route.ComponentProps) {
  const { values, errors, focusRow, result, sunHours } = loaderData;
  const firstError = Object.keys(errors)[0];
  return (
    <>
      <ContentIntro title="Solar calculator">
        <p>
          List the appliances you want to keep running, how long each runs a day and how many hours of backup you want. We work out the
          energy you use and suggest an inverter, batteries and panels from our range, showing how we got there.
        </p>
      </ContentIntro>
      <div className={`${CONTAINER} space-y-10 pb-16`}>
        <CalculatorForm values={values} errors={errors} focusRow={focusRow} firstError={firstError} sunHours={sunHours} />
        {firstError ? (
          <div id="result" role="alert" className="max-w-3xl">
            <FormAlert>Please correct the fields marked above.</FormAlert>
          </div>
        ) : null}
        {result ? <SizingResult result={result} quote={actionData} /> : null}
      </div>
    </>
  );
}

function CalculatorForm({
  values,
  errors,
  focusRow,
  firstError,
  sunHours,
}: {
  values: CalculatorValues;
  errors: FieldErrors;
  focusRow: number | null;
  firstError: string | undefined;
  sunHours: number;
}) {
  const focus = (id: string) => (id === firstError || (focusRow !== null && id === fieldId(focusRow, "name")) ? true : undefined);
  return (
    <form method="get" action="/solar-calculator#result" className="space-y-8" noValidate>
      {/* Enter in a field sizes the system: the form's first submit button is the one Enter presses. */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        Size my system
      </button>
      <fieldset id="appliances" aria-describedby={errors.appliances ? "appliances-error" : undefined}>
        <legend className="text-xl font-semibold text-slate-900">Your appliances</legend>
        <p className="mt-1 text-sm text-slate-700">Watts are on the appliance's label. A row left empty is not counted.</p>
        {errors.appliances ? (
          <p id="appliances-error" className="mt-2 text-sm font-medium text-red-700">
            {errors.appliances}
          </p>
        ) : null}
        <ol className="mt-4 space-y-3">
          {values.rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place; the server draws them afresh
            <li key={i} className="rounded-lg border border-slate-200 bg-white p-3">
              <fieldset className="grid grid-cols-3 items-start gap-3 sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]">
                <legend className="sr-only">Appliance {i + 1}</legend>
                <TextField
                  label="Appliance"
                  id={fieldId(i, "name")}
                  name="name"
                  defaultValue={row.name}
                  maxLength={80}
                  autoComplete="off"
                  list="common-appliances"
                  error={errors[fieldId(i, "name")]}
                  autoFocus={focus(fieldId(i, "name"))}
                  className="col-span-3 sm:col-span-1"
                />
                <TextField
                  label="Watts"
                  id={fieldId(i, "watts")}
                  name="watts"
                  defaultValue={row.watts}
                  inputMode="decimal"
                  error={errors[fieldId(i, "watts")]}
                  autoFocus={focus(fieldId(i, "watts"))}
                />
                <TextField
                  label="Hours a day"
                  id={fieldId(i, "hours")}
                  name="hours"
                  defaultValue={row.hours}
                  inputMode="decimal"
                  error={errors[fieldId(i, "hours")]}
                  autoFocus={focus(fieldId(i, "hours"))}
                />
                <TextField
                  label="Quantity"
                  id={fieldId(i, "qty")}
                  name="qty"
                  defaultValue={row.qty}
                  inputMode="numeric"
                  error={errors[fieldId(i, "qty")]}
                  autoFocus={focus(fieldId(i, "qty"))}
                />
                <button
                  type="submit"
                  name="remove"
                  value={i}
                  formAction="/solar-calculator#appliances"
                  className={buttonClass("ghost", "col-span-3 justify-self-end px-3 sm:col-span-1 sm:mt-6")}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove<span className="sr-only"> appliance {i + 1}</span>
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
        <datalist id="common-appliances">
          {COMMON_APPLIANCES.map((a) => (
            <option key={a.name} value={a.name} />
          ))}
        </datalist>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="add-what" className="mb-1 block text-sm font-medium text-slate-800">
              Add an appliance
            </label>
            <select
              id="add-what"
              name="add_what"
              defaultValue=""
              className="block min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
            >
              <option value="">Your own (an empty row)</option>
              {COMMON_APPLIANCES.map((a) => (
                <option key={a.name} value={a.name}>
                  {a.name} (about {a.watts} W)
                </option>
              ))}
            </select>
          </div>
          <button type="submit" name="intent" value="add" formAction="/solar-calculator#appliances" className={buttonClass("outline")}>
            <Plus aria-hidden="true" className="size-4" />
            Add appliance
          </button>
        </div>
      </fieldset>

      <fieldset className="grid max-w-3xl gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-xl font-semibold text-slate-900">Backup and sunshine</legend>
        <TextField
          label="Hours of backup"
          id="backup"
          name="backup"
          defaultValue={values.backup}
          inputMode="decimal"
          hint="How long the batteries should keep these appliances going, for example through the night (8)."
          error={errors.backup}
          autoFocus={focus("backup")}
        />
        <TextField
          label="Sun hours a day (optional)"
          id="sun"
          name="sun"
          defaultValue={values.sun}
          inputMode="decimal"
          placeholder={String(sunHours)}
          hint={`About ${SUN_HOURS_RANGE.min} in the Eastern Highlands to ${SUN_HOURS_RANGE.max} in the south and west. Left empty, we use ${sunHours}.`}
          error={errors.sun}
          autoFocus={focus("sun")}
        />
      </fieldset>

      <button type="submit" className={buttonClass("primary", "w-full sm:w-auto")}>
        Size my system
      </button>
    </form>
  );
}

/** The kit's lines as the cart keeps them (enhance/cart.ts, `data-add-kit-to-cart`). */
const cartLines = (items: SizingItemView[]) =>
  JSON.stringify(items.map((i) => ({ productId: i.product_id, productName: i.product_name, image: i.image, quantity: i.quantity })));

function SizingResult({ result, quote }: { result: SizingAnswer; quote: Parameters<typeof QuoteRequest>[0]["result"] }) {
  const allPassed = result.checks.every((c) => c.ok);
  return (
    <section id="result" aria-labelledby="result-title" className="max-w-4xl scroll-mt-24 space-y-8">
      <h2 id="result-title" className="text-2xl font-bold text-slate-900">
        Your system
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {[
          ["Daily energy", `${result.daily_kwh} kWh`, "What your appliances use in a day."],
          ["Peak load", `${result.peak_kw} kW`, "Everything on at once."],
          ["Surge", `${result.surge_kw} kW`, "For a moment, as motors start."],
        ].map(([label, value, note]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-4">
            <dt className="text-sm font-medium text-slate-700">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
            <dd className="mt-1 text-sm text-slate-600">{note}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="kit-title" className="space-y-4">
        <h3 id="kit-title" className="text-xl font-semibold text-slate-900">
          The kit we suggest
        </h3>
        {result.items.length > 0 ? (
          <>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {result.items.map((item) => (
                <li key={item.product_id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4" data-kit-line="">
                  <div>
                    <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{ROLE_LABELS[item.role]}</p>
                    <a href={`/product/${item.product_id}`} className={linkClass}>
                      {item.product_name}
                    </a>
                    {item.key_spec ? <p className="text-sm text-slate-700">{item.key_spec}</p> : null}
                    <LineStock availability={item.availability} quantity={item.quantity} />
                  </div>
                  <p className="text-lg font-semibold text-slate-900">
                    <span className="sr-only">Quantity: </span>× {item.quantity}
                  </p>
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                className={buttonClass("primary", "[@media(scripting:none)]:hidden")}
                data-add-kit-to-cart={cartLines(result.items)}
              >
                <ShoppingCart aria-hidden="true" className="size-4" />
                Add this kit to the cart
              </button>
              <QuoteRequest
                productName={result.items.map((i) => `${i.quantity} × ${i.product_name}`).join(", ")}
                buttonLabel="Request a quote for this kit"
                source="calculator"
                kit={{ lines: result.items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })), notes: result.summary }}
                result={quote}
              />
            </div>
            <noscript>
              <p className="text-sm text-slate-700">
                The cart needs JavaScript in this browser; you can still request a quote for the kit.
              </p>
            </noscript>
            <p className="text-sm text-slate-700">
              A quotation tells you the kit's price, with mounting, cabling and installation if you want them.
            </p>
          </>
        ) : (
          <p className="text-slate-700">Nothing in our range fits this load: see the checks below, or contact us for a larger system.</p>
        )}
      </section>

      <section aria-labelledby="checks-title" className="space-y-3">
        <h3 id="checks-title" className="text-xl font-semibold text-slate-900">
          Checks
        </h3>
        <p className="text-slate-700">{allPassed ? "Every check passed." : "Not every check passed: the kit needs a look from us."}</p>
        <ul className="space-y-2">
          {result.checks.map((c) => (
            <li key={c.id} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3" data-check={c.ok ? "passed" : "failed"}>
              {c.ok ? (
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
              ) : (
                <X aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
              )}
              <p className="text-slate-800">
                <span className="font-semibold">{c.ok ? "Passed: " : "Not passed: "}</span>
                {c.text}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="working-title" className="space-y-3">
        <h3 id="working-title" className="text-xl font-semibold text-slate-900">
          How we worked it out
        </h3>
        <ol className="max-w-prose list-decimal space-y-2 pl-5 text-slate-800">
          {result.working.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the working's steps, in order, drawn once
            <li key={i}>{line}</li>
          ))}
        </ol>
        <p className="max-w-prose text-sm text-slate-600">
          A guide, not a design: an installer checks your roof, wiring and loads before anything is fitted.
        </p>
      </section>
    </section>
  );
}
