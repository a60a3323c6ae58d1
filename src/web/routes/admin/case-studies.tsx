import { Link } from "react-router";
import { NAME_CELL_CLASS } from "#web/components/ui/token.tsx";
import { CaseStudyForm } from "#web/features/admin/content/case-study-form.tsx";
import { editParam, RecordTable } from "#web/features/admin/content/content-ui.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { pageOf, readListParams, sortRows } from "#web/features/admin/kit/list-params.ts";
import { ListThumbnail } from "#web/features/admin/kit/list-thumbnail.tsx";
import { imageList } from "#web/features/content/format.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/case-studies";

const LIST = { sorts: ["id", "projectName", "location"], defaultSort: "id", defaultDir: "desc" } as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content.edit");
  const params = readListParams(request.url, LIST);
  const all = await context.services.content.listCaseStudies();
  const key = (c: (typeof all)[number]) => (params.sort === "id" ? c.id : c[params.sort as "projectName" | "location"].toLowerCase());
  const { rows, count } = pageOf(sortRows(all, key, params.dir), params, (c) => `${c.projectName} ${c.location} ${c.systemCapacity}`);
  const editId = editParam(request);
  return { rows, count, params, editing: editId === null ? null : (all.find((c) => c.id === editId) ?? null) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Case Studies – Admin", { description: "Case Studies in the back office.", noIndex: true });
}

export default function AdminCaseStudies({ loaderData }: Route.ComponentProps) {
  const { rows, count, params, editing } = loaderData;
  return (
    <AdminPage
      title="Case Studies"
      description="Finished projects: name, location, system capacity, up to 3 images and a video."
      tour="admin-case-studies"
    >
      <CaseStudyForm key={editing?.id ?? "new"} caseStudy={editing} />
      <RecordTable
        label="Case studies"
        rows={rows}
        count={count}
        params={params}
        rowLabel={(c) => c.projectName}
        record={{ id: (c) => c.id, url: (id) => `/api/case-study/${id}`, noun: "case study", bulkNoun: "project" }}
        search={{ placeholder: "Project, location or capacity" }}
        columns={[
          {
            key: "image",
            header: "Image",
            cell: (c) => <ListThumbnail folder="caseStudyImages" name={imageList(c.images)[0]} />,
          },
          {
            key: "projectName",
            header: "Project",
            className: NAME_CELL_CLASS,
            sortable: true,
            cell: (c) => (
              <Link to={`/case-study/${c.id}`} className="font-semibold text-slate-900 underline hover:text-accent-800">
                {c.projectName}
              </Link>
            ),
          },
          { key: "location", header: "Location", sortable: true, cell: (c) => c.location },
          { key: "systemCapacity", header: "Capacity", cell: (c) => c.systemCapacity },
          { key: "video", header: "Video", cell: (c) => (c.video ? "Yes" : "No") },
        ]}
        empty="No case studies yet: add the first one above."
        tour="case-study-list"
        searchTour="case-study-search"
      />
    </AdminPage>
  );
}
