import { CheckCircle2 } from "lucide-react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { quotationStatusView } from "#shared/quotation-status.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { QuotationCard } from "#web/features/quotations/quotation-card.tsx";
import { detailId } from "#web/lib/detail-id.ts";
import { formText } from "#web/lib/form-data.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure, orNotFound } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/quotation-accept";

/**
 * The private link of an approved quotation's e-mail: `/quotations/{id}/accept?token=…` shows the
 * quotation to its requester, who need not have an account, with an Accept button. Accepting tells our sales team (no
 * order is placed for a visitor). A wrong or missing token is 404, whatever the id.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { quotation, prices } = await orNotFound(context.services.quotations.viewByToken(quotationId(params.id), token));
  return { quotation, prices, token, now: new Date().toISOString() };
}

/** The address's id: one that is no quotation id at all (letters, beyond the database's integers) is this page's 404. */
function quotationId(param: string | undefined): number {
  const id = detailId(param);
  if (id === null) throw data("Quotation not found.", { status: 404 });
  return id;
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const id = quotationId(params.id);
  const form = await request.formData();
  try {
    await context.services.quotations.accept(context.actor, id, { token: formText(form, "token") });
    return data({ accepted: true, error: null });
  } catch (err) {
    const known = knownFailure(err);
    if (!known) throw err;
    return data({ accepted: false, error: known.message }, { status: known.statusCode });
  }
}

export function meta({ matches, params }: Route.MetaArgs) {
  return pageMeta(matches, `Quotation #${params.id}`, { description: "Review and accept your quotation.", noIndex: true });
}

export default function QuotationAccept({ loaderData }: Route.ComponentProps) {
  const { quotation, prices, token, now } = loaderData;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const at = new Date(now);
  const status = quotationStatusView(quotation.status, { createdAt: quotation.created_At, validUntil: quotation.valid_until }, at);
  const accepted = answer?.accepted || status.status === "accepted";
  const busy = navigation.state === "submitting";
  return (
    <section className={`${CONTAINER} py-10 md:py-14`}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">Your quotation</h1>
      <div className="mt-6 max-w-3xl space-y-4">
        {accepted ? (
          <FormAlert tone="success">
            Thank you: you have accepted quotation #{quotation.id}. Our sales team will contact you shortly to arrange payment and delivery.
          </FormAlert>
        ) : null}
        {answer?.error ? <FormAlert>{answer.error}</FormAlert> : null}
        <QuotationCard
          quotation={quotation}
          now={at}
          noPdf
          prices={prices}
          actions={
            status.approved && !accepted ? (
              <Form method="post">
                <input type="hidden" name="token" value={token} />
                <button type="submit" className={buttonClass("primary")} disabled={busy} aria-busy={busy}>
                  <CheckCircle2 aria-hidden="true" className="size-4" />
                  {busy ? "Accepting…" : "Accept the quotation"}
                </button>
              </Form>
            ) : undefined
          }
        />
      </div>
    </section>
  );
}
