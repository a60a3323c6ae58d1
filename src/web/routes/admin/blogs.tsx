import { Link } from "react-router";
import { formatDate } from "#shared/dates.ts";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import { BlogForm } from "#web/features/admin/content/blog-form.tsx";
import { editParam, RecordTable } from "#web/features/admin/content/content-ui.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { pageOf, readListParams, sortRows } from "#web/features/admin/kit/list-params.ts";
import { ListThumbnail } from "#web/features/admin/kit/list-thumbnail.tsx";
import { excerpt, imageList } from "#web/features/content/format.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/blogs";

const LIST = { sorts: ["title", "author", "createdAt"], defaultSort: "createdAt", defaultDir: "desc" } as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content.edit");
  const params = readListParams(request.url, LIST);
  const all = await context.services.content.listBlogs();
  const key = (b: (typeof all)[number]) => (params.sort === "createdAt" ? b.createdAt : b[params.sort as "title" | "author"].toLowerCase());
  const { rows, count } = pageOf(sortRows(all, key, params.dir), params, (b) => `${b.title} ${b.author} ${b.story}`);
  const editId = editParam(request);
  return {
    rows: rows.map((b) => ({ ...b, story: excerpt(b.story, 120) })),
    count,
    params,
    editing: editId === null ? null : (all.find((b) => b.id === editId) ?? null),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Blogs – Admin", { description: "Blogs in the back office.", noIndex: true });
}

export default function AdminBlogs({ loaderData }: Route.ComponentProps) {
  const { rows, count, params, editing } = loaderData;
  return (
    <AdminPage title="Blogs" description="Write, edit and remove blog posts, each with up to 2 images." tour="admin-blogs">
      <BlogForm key={editing?.id ?? "new"} blog={editing} />
      <RecordTable
        label="Blogs"
        rows={rows}
        count={count}
        params={params}
        rowLabel={(b) => b.title}
        record={{ id: (b) => b.id, url: (id) => `/api/blogs/${id}`, noun: "blog" }}
        search={{ placeholder: "Title, author or story" }}
        columns={[
          {
            key: "image",
            header: "Image",
            cell: (b) => <ListThumbnail folder="blogs" name={imageList(b.images)[0]} />,
          },
          {
            key: "title",
            header: "Title",
            className: NAME_CELL_CLASS,
            sortable: true,
            cell: (b) => (
              <div className="max-w-md">
                <Link to={`/blog/${b.id}`} className="font-semibold text-slate-900 underline hover:text-accent-800">
                  {b.title}
                </Link>
                <p className="mt-1 text-slate-600">{b.story}</p>
              </div>
            ),
          },
          { key: "author", header: "Author", sortable: true, cell: (b) => b.author },
          { key: "createdAt", header: "Published", sortable: true, cell: (b) => <Token>{formatDate(b.createdAt)}</Token> },
        ]}
        empty="No blogs yet: write the first one above."
        tour="blog-list"
        searchTour="blog-search"
      />
    </AdminPage>
  );
}
