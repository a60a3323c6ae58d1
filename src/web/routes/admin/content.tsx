import { data, Link } from "react-router";
import { ArticlesPanel } from "#web/features/admin/content/articles-panel.tsx";
import { AwardsPanel } from "#web/features/admin/content/awards-panel.tsx";
import { CertificatesPanel } from "#web/features/admin/content/certificates-panel.tsx";
import { CONTENT_TABS, type ContentTab, contentTabOf } from "#web/features/admin/content/content-tabs.ts";
import { editParam } from "#web/features/admin/content/content-ui.tsx";
import { FaqsPanel } from "#web/features/admin/content/faqs-panel.tsx";
import { OverviewForm } from "#web/features/admin/content/overview-form.tsx";
import { PositionsPanel } from "#web/features/admin/content/positions-panel.tsx";
import { TestimonialsPanel } from "#web/features/admin/content/testimonials-panel.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { type ListParamOptions, pageOf, readListParams, sortRows } from "#web/features/admin/kit/list-params.ts";
import { requireAdminPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/content";

const lower = (s: string) => s.toLowerCase();

/** Only the open section's records are loaded; each list keeps its search, sort and page in the URL. */
export async function loader({ context, request, params: route }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const tab = contentTabOf(route.tab);
  if (!tab) throw data("This section of the site content does not exist.", { status: 404 });
  const { content } = context.services;
  const editId = editParam(request);
  const list = (options: ListParamOptions) => readListParams(request.url, options);

  switch (tab) {
    case "testimonials": {
      const params = list({ sorts: ["order", "person"], defaultSort: "order" });
      const all = (await content.listTestimonials()).map((t, order) => ({ ...t, order }));
      const sorted = sortRows(all, (t) => (params.sort === "person" ? lower(t.person) : t.order), params.dir);
      const page = pageOf(sorted, params, (t) => `${t.person} ${t.person_role} ${t.message}`);
      return { tab, ...page, params, editing: all.find((t) => t.id === editId) ?? null };
    }
    case "awards": {
      const params = list({ sorts: ["name", "year"], defaultSort: "year", defaultDir: "desc" });
      const all = await content.listAwards();
      const sorted = sortRows(all, (a) => (params.sort === "name" ? lower(a.name) : a.year), params.dir);
      const page = pageOf(sorted, params, (a) => `${a.name} ${a.year ?? ""}`);
      return { tab, ...page, params, editing: all.find((a) => a.id === editId) ?? null };
    }
    case "certificates": {
      const params = list({ sorts: ["title"], defaultSort: "title" });
      const all = await content.listCertificates();
      const page = pageOf(
        sortRows(all, (c) => lower(c.title), params.dir),
        params,
        (c) => c.title,
      );
      return { tab, ...page, params, editing: all.find((c) => c.id === editId) ?? null };
    }
    case "articles": {
      const params = list({
        sorts: ["article_title", "category", "createdAt"],
        defaultSort: "createdAt",
        defaultDir: "desc",
        filters: ["category"],
      });
      const all = await content.listArticles();
      const inGroup = params.filters.category ? all.filter((a) => a.category === params.filters.category) : all;
      const key = (a: (typeof all)[number]) =>
        params.sort === "article_title" ? lower(a.article_title) : params.sort === "category" ? a.category : a.createdAt;
      const page = pageOf(sortRows(inGroup, key, params.dir), params, (a) => `${a.article_title} ${a.article_description}`);
      return { tab, ...page, params, editing: all.find((a) => a.article_id === editId) ?? null };
    }
    case "faqs": {
      const params = list({ sorts: ["order", "question"], defaultSort: "order" });
      const all = (await content.listFaqs()).map((q, order) => ({ ...q, order }));
      const sorted = sortRows(all, (q) => (params.sort === "question" ? lower(q.question) : q.order), params.dir);
      const page = pageOf(sorted, params, (q) => `${q.question} ${q.answer}`);
      return { tab, ...page, params, editing: all.find((q) => q.id === editId) ?? null };
    }
    case "positions": {
      const params = list({ sorts: ["name", "held"], defaultSort: "name" });
      const all = await content.listPositionsHeld();
      const sorted = sortRows(all, (p) => (params.sort === "held" ? p.held : lower(p.name)), params.dir);
      const page = pageOf(sorted, params, (p) => p.name);
      return { tab, ...page, params, editing: all.find((p) => p.id === editId) ?? null };
    }
    case "overview":
      return { tab, overview: await content.getOverview() };
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const section = CONTENT_TABS.find((t) => t.slug === loaderData?.tab)?.label;
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

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const tab = CONTENT_TABS.find((t) => t.slug === loaderData.tab) ?? CONTENT_TABS[0];
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
        {loaderData.tab === "testimonials" ? <TestimonialsPanel {...loaderData} /> : null}
        {loaderData.tab === "awards" ? <AwardsPanel {...loaderData} /> : null}
        {loaderData.tab === "certificates" ? <CertificatesPanel {...loaderData} /> : null}
        {loaderData.tab === "articles" ? <ArticlesPanel {...loaderData} /> : null}
        {loaderData.tab === "faqs" ? <FaqsPanel {...loaderData} /> : null}
        {loaderData.tab === "positions" ? <PositionsPanel {...loaderData} /> : null}
        {loaderData.tab === "overview" ? <OverviewForm overview={loaderData.overview} /> : null}
      </div>
    </AdminPage>
  );
}
