import { Avatar } from "#web/components/ui/avatar.tsx";
import { NAME_CELL_CLASS } from "#web/components/ui/token.tsx";
import { editParam, RecordTable } from "#web/features/admin/content/content-ui.tsx";
import { TeamForm } from "#web/features/admin/content/team-form.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { pageOf, readListParams, sortRows } from "#web/features/admin/kit/list-params.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/team";

const LIST = { sorts: ["order", "name", "position"], defaultSort: "order", filters: ["position"] } as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content.edit");
  const params = readListParams(request.url, LIST);
  const [team, positions] = await Promise.all([context.services.content.listTeam(), context.services.content.listPositions()]);
  // "order" is the About page's order, as the API lists them.
  const ordered = team.map((m, order) => ({ ...m, order }));
  const filtered = params.filters.position ? ordered.filter((m) => m.position === params.filters.position) : ordered;
  const key = (m: (typeof ordered)[number]) => (params.sort === "order" ? m.order : m[params.sort as "name" | "position"].toLowerCase());
  const { rows, count } = pageOf(sortRows(filtered, key, params.dir), params, (m) => `${m.name} ${m.position} ${m.bio}`);
  const editId = editParam(request);
  return { rows, count, params, positions, editing: editId === null ? null : (team.find((m) => m.id === editId) ?? null) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Team – Admin", { description: "Team in the back office.", noIndex: true });
}

export default function AdminTeam({ loaderData }: Route.ComponentProps) {
  const { rows, count, params, positions, editing } = loaderData;
  return (
    <AdminPage title="Team" description="The people on the About page: name, position, bio and photo." tour="admin-team">
      <TeamForm key={editing?.id ?? "new"} member={editing} positions={positions} />
      <RecordTable
        label="Team members"
        rows={rows}
        count={count}
        params={params}
        rowLabel={(m) => m.name}
        record={{
          id: (m) => m.id,
          url: (id) => `/api/team/delete-team/${id}`,
          noun: "team member",
          move: { order: (m) => m.order, url: (id) => `/api/team/${id}/move` },
        }}
        search={{ placeholder: "Name, position or bio" }}
        filters={[
          {
            name: "position",
            label: "Position",
            allLabel: "All positions",
            options: positions.map((p) => ({ value: p.name, label: p.name })),
          },
        ]}
        columns={[
          { key: "order", header: "#", sortable: true, cell: (m) => m.order + 1, className: "w-12" },
          { key: "picture", header: "Photo", cell: (m) => <Avatar name={m.name} profile={m.picture} folder="team" size={48} /> },
          {
            key: "name",
            header: "Name",
            className: NAME_CELL_CLASS,
            sortable: true,
            cell: (m) => (
              <div className="max-w-sm">
                <p className="font-semibold text-slate-900">{m.name}</p>
                {m.bio ? <p className="mt-1 text-slate-600">{m.bio}</p> : null}
              </div>
            ),
          },
          { key: "position", header: "Position", sortable: true, cell: (m) => m.position },
        ]}
        empty="No team members yet: add the first one above."
        tour="team-list"
        searchTour="team-search"
      />
    </AdminPage>
  );
}
