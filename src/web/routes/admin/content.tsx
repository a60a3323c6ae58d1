import { Outlet, useLocation } from "react-router";
import { CONTENT_TABS, contentTabOf } from "#web/features/admin/content/content-tabs.ts";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { TabBar } from "#web/features/admin/kit/tab-bar.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/content";

/** The section a path under /admin/content shows: the first for /admin/content itself. */
const sectionAt = (pathname: string) => CONTENT_TABS.find((t) => t.slug === contentTabOf(pathname.split("/")[3]));

export function meta({ matches, location }: Route.MetaArgs) {
  const section = sectionAt(location.pathname)?.label;
  return pageMeta(matches, section ? `${section} – Site Content – Admin` : "Site Content – Admin", {
    description: "Site Content in the back office.",
    noIndex: true,
  });
}

/** The sections as the tab bar takes them: each its own address under /admin/content. */
const SECTION_TABS = CONTENT_TABS.map((t) => ({ id: t.slug, label: t.label, path: `/admin/content/${t.slug}` }));

/** The Site Content screen: its sections' tab bar and heading around the open section (routes/admin/content/). */
export default function AdminContent() {
  const tab = sectionAt(useLocation().pathname) ?? CONTENT_TABS[0];
  return (
    <AdminPage
      title="Site Content"
      description="Everything else on the public site: testimonials, articles, FAQs, awards, certificates, the About page and the team's positions."
      tour="admin-content"
    >
      <TabBar label="Site content sections" tabs={SECTION_TABS} current={{ id: tab.slug }} tour="content-sections" />
      <div className="space-y-6" data-tour={`content-${tab.slug}`}>
        <div>
          <h2 id="content-section-heading" className="text-xl font-bold text-slate-900">
            {tab.label}
          </h2>
          <p className="mt-1 text-slate-700">{tab.description}</p>
        </div>
        <Outlet />
      </div>
    </AdminPage>
  );
}
