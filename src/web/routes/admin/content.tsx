import { Link, Outlet, useLocation } from "react-router";
import { CONTENT_TABS, type ContentTab, contentTabOf } from "#web/features/admin/content/content-tabs.ts";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
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

function SectionNav({ current }: { current: ContentTab }) {
  return (
    <nav aria-label="Site content sections" data-tour="content-sections">
      <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
        {CONTENT_TABS.map((t) => {
          const active = t.slug === current;
          return (
            <li key={t.slug}>
              <Link
                to={`/admin/content/${t.slug}`}
                aria-current={active ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-t-md border-b-2 px-4 text-sm font-semibold ${
                  active
                    ? "border-accent-700 text-slate-900"
                    : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The Site Content screen: its sections' tab bar and heading around the open section (routes/admin/content/). */
export default function AdminContent() {
  const tab = sectionAt(useLocation().pathname) ?? CONTENT_TABS[0];
  return (
    <AdminPage
      title="Site Content"
      description="Everything else on the public site: testimonials, articles, FAQs, awards, certificates, the About page and the team's positions."
      tour="admin-content"
    >
      <SectionNav current={tab.slug} />
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
