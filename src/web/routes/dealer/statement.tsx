import { can } from "#shared/can.ts";
import { statementQuerySchema } from "#shared/schemas/credit.ts";
import { type StatementPeriodErrors, StatementView } from "#web/features/credit/statement-view.tsx";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { firstIssues } from "#web/lib/form-data.ts";
import { requirePageWhere } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/statement";

/**
 * The company's statement of account (decision 034) for `?from=&to=` (empty: the first of this month to today, as the
 * service reads them). Its owner and buyers; a technician reads no amounts and goes to the dealer home. A period that
 * cannot be read is said next to its field, with the account's figures still shown.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = context.actor;
  requirePageWhere(
    context,
    request,
    () => can.enterDealerArea(actor) && can.readPastAmounts(actor, actor?.companyUserId ?? null),
    "/dealer",
  );
  const url = new URL(request.url);
  const typed = { from: (url.searchParams.get("from") ?? "").trim(), to: (url.searchParams.get("to") ?? "").trim() };
  const parsed = statementQuerySchema.safeParse({ from: typed.from || undefined, to: typed.to || undefined });
  const credit = context.services.credit;
  if (!parsed.success) {
    return {
      typed,
      errors: firstIssues<keyof StatementPeriodErrors>(parsed.error),
      statement: null,
      summary: await credit.myCredit(actor),
    };
  }
  const statement = await credit.statement(actor, actor?.companyUserId ?? 0, parsed.data);
  return { typed, errors: {} as StatementPeriodErrors, statement, summary: statement.summary };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Statement"), {
    description: "Your company's statement of account: invoices, credit notes and payments with the running balance.",
    noIndex: true,
  });
}

export default function DealerStatement({ loaderData }: Route.ComponentProps) {
  return (
    <DealerPage title="Statement" wide>
      <StatementView {...loaderData} />
    </DealerPage>
  );
}
