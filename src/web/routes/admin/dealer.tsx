import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { can } from "#shared/can.ts";
import { statusLabel } from "#shared/schemas/dealers.ts";
import type { Permission } from "#shared/staff.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { CreditAccount } from "#web/features/admin/dealers/credit-account.tsx";
import { creditAction, creditPageData } from "#web/features/admin/dealers/credit-actions.server.ts";
import { type CreditIntent, isCreditIntent } from "#web/features/admin/dealers/credit-form.ts";
import { DocumentReview } from "#web/features/admin/dealers/document-review.tsx";
import { DuplicateWarning } from "#web/features/admin/dealers/duplicate-warning.tsx";
import { StatusPanel } from "#web/features/admin/dealers/status-panel.tsx";
import { TierPanel } from "#web/features/admin/dealers/tier-panel.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { AccountSecurity } from "#web/features/admin/users/account-security.tsx";
import { DealerStatusBadge } from "#web/features/dealer/dealer-status-badge.tsx";
import { saveAddressAction } from "#web/features/dealer-profile/address-action.server.ts";
import { RegisteredAddressPanel } from "#web/features/dealer-profile/address-form.tsx";
import { CompanyDetails } from "#web/features/dealer-profile/company-details.tsx";
import { DocumentsPanel } from "#web/features/dealer-profile/documents-panel.tsx";
import { InstallationsList } from "#web/features/dealer-profile/installations-list.tsx";
import { detailId } from "#web/lib/detail-id.ts";
import { formText } from "#web/lib/form-data.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { useCurrentUser, useRootData } from "#web/lib/root-data.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/dealer";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = await requireStaffPage(context, request, "dealers.read");
  const id = detailId(params.userId);
  if (id === null) return data({ dealer: null, events: [], tiers: [], edit: null, credit: null }, { status: 404 });
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  try {
    const [dealer, events, tiers] = await Promise.all([
      context.services.dealers.application(context.actor, id),
      // What the role does not allow is not asked for (decision 035): its panel is not shown.
      can.do(user, "users.manage") ? context.services.accounts.securityEventsOf(context.actor, id) : null,
      can.do(user, "prices.edit") ? context.services.pricing.tiers(context.actor) : [],
    ]);
    // A company that buys (or bought) from us has an account (decision 034).
    const credit = dealer.reg_status === "Approved" || dealer.reg_status === "Suspended" ? await creditPageData(context, id, url) : null;
    return { dealer, events, tiers, edit, credit };
  } catch (err) {
    if (knownFailure(err)?.statusCode === 404)
      return data({ dealer: null, events: [], tiers: [], edit: null, credit: null }, { status: 404 });
    throw err;
  }
}

/** The permission each of the page's forms needs (decision 035). */
const DEALER_INTENT_PERMISSIONS: Record<CreditIntent | "address", Permission> = {
  "credit-terms": "dealers.terms",
  payment: "orders.payments",
  allocate: "orders.payments",
  address: "dealers.verify",
};

/**
 * The page's forms by intent: the credit account's terms, payments and allocations (decision 034), else the edit of
 * the company's registered address (decision 016). Each audited by its service.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  // Each form its own permission (decision 035): a role without it gets the 403 page, as the server would refuse.
  await requireStaffPage(context, request, DEALER_INTENT_PERMISSIONS[isCreditIntent(intent) ? intent : "address"]);
  const id = detailId(params.userId);
  if (id === null) return data({ form: "address" as const, formError: "Dealer not found." }, { status: 404 });
  if (isCreditIntent(intent)) return creditAction(intent, form, context, id);
  return saveAddressAction(form, context, id);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.dealer ? (loaderData.dealer.registered_company ?? loaderData.dealer.user_full_name) : "Dealer not found";
  return pageMeta(matches, `${name} – Dealers – Admin`, {
    description: "A dealer application in the back office.",
    noIndex: true,
  });
}

const backToList = (
  <Link to="/admin/dealers" className="inline-flex min-h-11 items-center gap-2 font-semibold text-accent-800 hover:underline">
    <ArrowLeft aria-hidden="true" className="size-4" /> All applications
  </Link>
);

export default function AdminDealer({ loaderData, actionData }: Route.ComponentProps) {
  const { dealer, events, tiers, edit, credit } = loaderData;
  const secondaryCurrency = useRootData()?.settings.secondaryCurrency ?? "ZWG";
  // Each panel's buttons only for the roles they serve (decision 035).
  const user = useCurrentUser();
  const mayVerify = can.do(user, "dealers.verify");
  if (!dealer) {
    return (
      <AdminPage title="Dealer not found" actions={backToList}>
        <EmptyState>Dealer not found.</EmptyState>
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={dealer.registered_company ?? dealer.user_full_name}
      description={`${dealer.user_full_name} (${dealer.user_username}) · ${dealer.user_email} · ${dealer.completion.completed} of 3 completed`}
      actions={backToList}
    >
      <p className="flex items-center gap-2">
        <span className="font-medium">Status:</span> <DealerStatusBadge status={statusLabel(dealer.reg_status)} testId="admin-reg-status" />
      </p>
      <DuplicateWarning duplicates={dealer.duplicates} />
      {credit ? (
        // Full width: the ledger's columns need it.
        <CreditAccount
          userId={dealer.id}
          data={credit}
          result={actionData && "form" in actionData && actionData.form !== "address" ? actionData : undefined}
          secondaryCurrency={secondaryCurrency}
        />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-6">
          <CompanyDetails
            application={dealer}
            editLink={false}
            address={
              dealer.reg_status && mayVerify ? (
                <RegisteredAddressPanel
                  application={dealer}
                  pathname={`/admin/dealers/${dealer.id}`}
                  editing={edit === "address"}
                  result={actionData && "form" in actionData && actionData.form === "address" ? actionData : undefined}
                  who="the company's"
                />
              ) : undefined
            }
          />
          <div data-tour="dealer-documents-review">
            <DocumentsPanel
              documents={dealer.documents}
              actions={mayVerify ? (doc, name) => <DocumentReview doc={doc} name={name} /> : undefined}
            />
          </div>
          <InstallationsList installations={dealer.installations} />
          {events ? <AccountSecurity userId={dealer.id} name={dealer.user_full_name} events={events} canEnd /> : null}
        </div>
        <div className="min-w-0 space-y-6">
          <StatusPanel dealer={dealer} />
          {dealer.reg_status === "Approved" ? (
            <TierPanel userId={dealer.id} current={dealer.tier} tiers={tiers} canChange={can.do(user, "prices.edit")} />
          ) : null}
        </div>
      </div>
    </AdminPage>
  );
}
