import { Link } from "react-router";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { requireSignedIn } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/register";

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireSignedIn(context, request);
  return { emailVerified: user.emailVerified };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName(), {
    description: "Register your company as a dealer: company details, required documents and installations.",
    noIndex: true,
  });
}

export default function DealerRegister({ loaderData }: Route.ComponentProps) {
  return (
    <DealerPage title="Dealer Registration Portal">
      <p>Complete three sections to apply: Company Details, Required Documents and Dealer Installations.</p>
      {loaderData.emailVerified ? null : (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-base text-amber-900">
          <p className="font-semibold">Please confirm your e-mail address before you apply.</p>
          <p className="mt-1">
            Open the link we sent when you signed up, or{" "}
            <Link to="/verification" className="font-semibold underline">
              ask for a new one
            </Link>
            .
          </p>
        </div>
      )}
    </DealerPage>
  );
}
