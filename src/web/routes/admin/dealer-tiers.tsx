import { data, useLocation } from "react-router";
import { percentLabel } from "#shared/money.ts";
import type { DealerTierRow } from "#shared/schemas/pricing.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import { DEALER_TABS } from "#web/features/admin/dealers/dealer-tabs.ts";
import { TierForm } from "#web/features/admin/dealers/tier-form.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { pageOf } from "#web/features/admin/kit/list-params.ts";
import { MoveButtons } from "#web/features/admin/kit/move-buttons.tsx";
import { TabBar } from "#web/features/admin/kit/tab-bar.tsx";
import { listOf, listOrForm, useCloseForm } from "#web/features/admin/products/catalogue-admin-shared.ts";
import { CatalogueTable } from "#web/features/admin/products/catalogue-ui.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/dealer-tiers";

const TIER_LIST = { sorts: [], defaultSort: "", defaultPageSize: 25 } as const;

/** The dealer tiers, lowest first, or the form `?tier=new` / `?tier=<id>` opens. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "prices.edit");
  const url = new URL(request.url);
  const all = (await context.services.pricing.tiers(context.actor)).map((t, order) => ({ ...t, order }));
  return listOrForm(url, "tier", {
    list: () => listOf(url, TIER_LIST, async (q) => pageOf(all, q, (t) => t.name)),
    form: async (target) => {
      const editing = target === "new" ? null : (all.find((t) => t.id === target) ?? null);
      if (target !== "new" && !editing) throw data("Tier not found.", { status: 404 });
      return { editing };
    },
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Dealer Tiers – Admin", { description: "The dealer tiers and their discounts.", noIndex: true });
}

export default function AdminDealerTiers({ loaderData }: Route.ComponentProps) {
  const closeForm = useCloseForm("tier");
  const location = useLocation();
  const flash = (location.state as { flash?: string } | null)?.flash ?? null;
  const { form, list } = loaderData;
  const editing = form?.editing ?? null;
  return (
    <AdminPage
      title={form ? (editing ? `Edit tier ${editing.name}` : "Add a tier") : "Dealers"}
      description={
        form
          ? undefined
          : "Each tier takes a discount off the dealer list price. Dealers without a tier of their own buy at the first (lowest) one; put a dealer in a tier on their page."
      }
    >
      {form ? null : <TabBar label="Dealers" tabs={DEALER_TABS} current={DEALER_TABS[1]} />}
      {flash && !form ? <FormAlert tone="success">{flash}</FormAlert> : null}
      {form ? (
        <div className="max-w-3xl">
          <TierForm key={editing?.id ?? "new"} tier={editing} onSaved={closeForm} onCancel={() => closeForm()} />
        </div>
      ) : list ? (
        <CatalogueTable<DealerTierRow & { order: number }>
          param="tier"
          label="Dealer tiers"
          rows={list.rows}
          count={list.count}
          params={list.params}
          id={(t) => t.id}
          rowLabel={(t) => t.name}
          columns={[
            { key: "order", header: "#", className: "w-12", cell: (t) => <span className="tabular-nums">{t.order + 1}</span> },
            {
              key: "name",
              header: "Tier",
              className: NAME_CELL_CLASS,
              cell: (t) => (
                <span className="font-medium text-slate-900">
                  {t.name}
                  {t.order === 0 ? <span className="block text-sm font-normal text-slate-600">New dealers start here</span> : null}
                </span>
              ),
            },
            { key: "discount", header: "Discount", cell: (t) => <Token>{percentLabel(t.discount_percent)}</Token> },
            { key: "dealers", header: "Dealers", cell: (t) => <span className="tabular-nums">{t.dealers}</span> },
          ]}
          actions={(t) => (
            <MoveButtons url={`/api/dealer-tiers/${t.id}/move`} name={t.name} order={t.order} count={list.count} params={list.params} />
          )}
          remove={{
            url: (id) => `/api/dealer-tiers/${id}`,
            noun: "tier",
            label: "Delete",
            missing: "Tier",
            title: (t) => `Delete the tier ${t.name}?`,
            body: () => (
              <p>A tier dealers are in cannot be deleted: move them to another tier first. The tier's own product prices go with it.</p>
            ),
          }}
          add="Add tier"
          empty="No tiers yet: dealers buy at the dealer list price. Add the first tier."
          tour="tier-list"
        />
      ) : null}
    </AdminPage>
  );
}
