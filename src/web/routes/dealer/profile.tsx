import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { requireSignedIn } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/profile";

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireSignedIn(context, request);
  return { fullName: user.fullName };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Profile"), {
    description: "Your personal details, company details, documents and installations.",
    noIndex: true,
  });
}

export default function DealerProfile({ loaderData }: Route.ComponentProps) {
  return (
    <DealerPage title={loaderData.fullName}>
      <p>Your personal details, company details, documents, installations and password.</p>
    </DealerPage>
  );
}
