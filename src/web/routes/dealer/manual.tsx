import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { ManualDownloads, ManualQuickStart, ManualSupport, ManualTips, ManualTourCards } from "#web/features/dealer/manual-cards.tsx";
import { MANUAL_INTRO, MANUAL_TITLE } from "#web/features/dealer/manual-content.ts";
import { requireSignedIn } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { useRootData } from "#web/lib/root-data.ts";
import type { Route } from "./+types/manual";

export function loader({ context, request }: Route.LoaderArgs) {
  requireSignedIn(context, request);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName(MANUAL_TITLE), {
    description: "Guided tours and the dealer manual: registration, documents, installations and your profile.",
    noIndex: true,
  });
}

/** Spec §2 '/dealer/manual': tour cards, PDF and TXT downloads, quick start, tips and support contacts. */
export default function DealerManual() {
  const settings = useRootData()?.settings;
  return (
    <>
      <DealerPage title={MANUAL_TITLE}>
        <p>{MANUAL_INTRO}</p>
      </DealerPage>
      <div className="mx-auto max-w-5xl space-y-12 px-4 pb-12 md:px-8">
        <ManualDownloads />
        <ManualTourCards />
        <ManualQuickStart />
        <div className="grid gap-6 lg:grid-cols-2">
          <ManualTips />
          {settings ? <ManualSupport settings={settings} /> : null}
        </div>
      </div>
    </>
  );
}
