import { useEffect } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { can } from "#shared/can.ts";
import { formatDate } from "#shared/dates.ts";
import { shownPrice } from "#shared/money.ts";
import type { KitView } from "#shared/schemas/buying.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { AddReportNotice } from "#web/features/dealer/add-report.tsx";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { kitsAction } from "#web/features/dealer/kits-action.server.ts";
import { pullServerCart } from "#web/lib/cart/server-cart.ts";
import { requirePageWhere } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/kits";

/**
 * A dealer company's saved kits: the cart saved under a name ("5 kVA home kit"), each kit's lines and
 * today's total at the company's prices, added to the cart again in one go, renamed or deleted. Every form posts to
 * this page's action, so it works before (and without) the page's script.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageWhere(context, request, can.placeOrders, "/dealer");
  const [kits, cart] = await Promise.all([context.services.kits.list(context.actor), context.services.cart.get(context.actor)]);
  return { kits, cartLines: cart.lines.length, cartUnits: cart.lines.reduce((sum, l) => sum + l.quantity, 0) };
}

export function action({ context, request }: Route.ActionArgs) {
  requirePageWhere(context, request, can.placeOrders, "/dealer");
  return kitsAction(request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Kits"), {
    description: "Your saved kits: save your cart under a name and add it to the cart again in one go.",
    noIndex: true,
  });
}

const field = "block w-full";

function KitCard({ kit, answer, busy }: { kit: KitView; answer: ReturnType<typeof useActionData<typeof action>>; busy: boolean }) {
  const mine = answer && "kitId" in answer && answer.kitId === kit.id ? answer : null;
  const renameError = mine?.status === "error" && mine.intent === "rename" ? mine : null;
  const headingId = `kit-${kit.id}-name`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 md:p-5" aria-labelledby={headingId} data-kit={kit.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-slate-900">
            {kit.name}
          </h2>
          <p className="text-sm text-slate-700">
            {kit.lines.length === 1 ? "1 product" : `${kit.lines.length} products`}
            {kit.created_by ? `, saved by ${kit.created_by}` : ""} on {formatDate(kit.created_at)}
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="kitId" value={kit.id} />
          <input type="hidden" name="name" value={kit.name} />
          <button type="submit" name="intent" value="add" disabled={busy} className={buttonClass("primary")}>
            Add {kit.name} to the cart
          </button>
        </Form>
      </div>
      {mine?.status === "added" ? (
        <div className="mt-3">
          <AddReportNotice report={mine.report} what={kit.name} />
        </div>
      ) : null}
      {mine?.status === "renamed" ? (
        <div className="mt-3">
          <FormAlert tone="success">Kit renamed.</FormAlert>
        </div>
      ) : null}
      {mine?.status === "error" && mine.intent !== "rename" ? (
        <div className="mt-3">
          <FormAlert>{mine.message}</FormAlert>
        </div>
      ) : null}
      <ul className="mt-3 divide-y divide-slate-100 border-t border-slate-100 text-base">
        {kit.lines.map((l) => (
          <li key={l.product_id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
            <span className="min-w-0 grow basis-48">
              <a href={`/product/${l.product_id}`} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                {l.product_name}
              </a>
              {l.sku ? <span className="ml-2 font-mono text-sm text-slate-600">{l.sku}</span> : null}
            </span>
            <span className="text-slate-800">
              × {l.quantity.toLocaleString("en-GB")}
              {l.unit_price_usd ? <span className="ml-3 text-sm text-slate-700">USD {shownPrice(l.unit_price_usd)} each</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {kit.total_usd ? (
        <p className="mt-2 text-right font-semibold text-slate-900">
          Today's total: USD {shownPrice(kit.total_usd)} <span className="text-sm font-normal text-slate-700">(excl. VAT)</span>
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <details className="group" open={renameError !== null}>
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-accent-800">Rename</summary>
          <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
            <input type="hidden" name="kitId" value={kit.id} />
            <TextField
              id={`kit-${kit.id}-rename`}
              name="name"
              label={`New name for ${kit.name}`}
              defaultValue={renameError?.values.name ?? kit.name}
              error={renameError?.field === "name" ? renameError.message : undefined}
              maxLength={80}
              required
              className="min-w-0 grow basis-56"
            />
            <button type="submit" name="intent" value="rename" disabled={busy} className={buttonClass("outline")}>
              Save name
            </button>
          </Form>
        </details>
        <details>
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-red-800">Delete</summary>
          <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
            <input type="hidden" name="kitId" value={kit.id} />
            <input type="hidden" name="name" value={kit.name} />
            <p className="text-sm text-slate-800">Delete {kit.name}? Your cart is not changed.</p>
            <button
              type="submit"
              name="intent"
              value="delete"
              disabled={busy}
              className={buttonClass("outline", "border-red-300 text-red-800")}
            >
              Delete {kit.name}
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}

export default function Kits({ loaderData }: Route.ComponentProps) {
  const { kits, cartLines, cartUnits } = loaderData;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const saveError = answer?.status === "error" && answer.intent === "save" ? answer : null;

  // A kit went into the company's cart on the server: this browser's copy (the header's count) follows.
  useEffect(() => {
    if (answer?.status === "added") void pullServerCart();
  }, [answer]);

  return (
    <DealerPage title="Kits" wide>
      <div className="space-y-6 text-base">
        <section aria-labelledby="save-kit" className="rounded-lg border border-slate-200 bg-slate-50 p-4 md:p-5">
          <h2 id="save-kit" className="text-lg font-semibold text-slate-900">
            Save your cart as a kit
          </h2>
          {cartLines === 0 ? (
            <p className="mt-1 text-slate-700">
              Your cart is empty. Add products from the{" "}
              <a href="/products" className="font-medium text-accent-800 underline">
                catalogue
              </a>{" "}
              or{" "}
              <Link to="/dealer/quick-order" className="font-medium text-accent-800 underline">
                quick order
              </Link>
              , then save them here under a name to order them again in one go.
            </p>
          ) : (
            <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
              <p className="w-full text-slate-700">
                Your cart holds {cartLines === 1 ? "1 product" : `${cartLines} products`} ({cartUnits.toLocaleString("en-GB")}{" "}
                {cartUnits === 1 ? "unit" : "units"}).
              </p>
              <TextField
                id="kit-name"
                name="name"
                label="Kit name"
                placeholder="5 kVA home kit"
                defaultValue={saveError?.values.name ?? ""}
                key={answer?.status === "saved" ? `saved-${answer.kitId}` : "new"}
                error={saveError?.field === "name" ? saveError.message : undefined}
                maxLength={80}
                required
                className={`${field} min-w-0 grow basis-56`}
              />
              <button type="submit" name="intent" value="save" disabled={busy} className={buttonClass("primary")}>
                Save cart as kit
              </button>
              {saveError && saveError.field !== "name" ? (
                <div className="w-full">
                  <FormAlert>{saveError.message}</FormAlert>
                </div>
              ) : null}
            </Form>
          )}
        </section>

        {answer?.status === "saved" ? <FormAlert tone="success">Kit “{answer.name}” saved.</FormAlert> : null}
        {answer?.status === "deleted" ? <FormAlert tone="success">Kit “{answer.name}” deleted.</FormAlert> : null}

        {kits.length === 0 ? (
          <EmptyState>No kits yet. Save your cart as a kit to order the same products again in one go.</EmptyState>
        ) : (
          <ul className="space-y-4" aria-label="Your kits">
            {kits.map((kit) => (
              <KitCard key={kit.id} kit={kit} answer={answer} busy={busy} />
            ))}
          </ul>
        )}
      </div>
    </DealerPage>
  );
}
