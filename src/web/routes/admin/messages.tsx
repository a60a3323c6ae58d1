import { FolderOpen, MailOpen, MailWarning } from "lucide-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { formatDateTime } from "#shared/dates.ts";
import { CONTACT_SORTS, type ContactMessageView } from "#shared/schemas/contact.ts";
import { RowActionButton, RowActionLink } from "#web/components/ui/row-actions.tsx";
import { notify } from "#web/components/ui/toaster.tsx";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { readListParams } from "#web/features/admin/kit/list-params.ts";
import { sendRequest } from "#web/features/admin/kit/send-request.ts";
import { MessageState } from "#web/features/admin/messages/message-state.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/messages";

const LIST = { sorts: CONTACT_SORTS, defaultSort: "created_At", defaultDir: "desc", filters: ["unread"], defaultPageSize: 25 } as const;

/** The contact form's messages (GET /api/contact): newest first, searchable, filtered by read state. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "messages.read");
  const params = readListParams(request.url, LIST);
  const unread = params.filters.unread === "1" || params.filters.unread === "0" ? params.filters.unread : "";
  const inbox = await context.services.contact.list(context.actor, {
    q: params.q,
    unread,
    sort: params.sort as (typeof CONTACT_SORTS)[number],
    dir: params.dir,
    page: params.page,
    pageSize: params.pageSize,
  });
  return { ...inbox, params };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Messages – Admin", { description: "Messages sent with the contact form.", noIndex: true });
}

const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 120).trimEnd()}…` : text);

function ReadToggle({ message }: { message: ContactMessageView }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const read = message.readAt !== null;
  const Icon = read ? MailWarning : MailOpen;
  return (
    <RowActionButton
      icon={Icon}
      label={read ? "Mark unread" : "Mark read"}
      name={`(message from ${message.fullName})`}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={async () => {
        setBusy(true);
        const answer = await sendRequest({ method: "PUT", url: `/api/contact/${message.id}/read`, body: { read: !read } });
        setBusy(false);
        if (!answer.ok) {
          notify.error(answer.message ?? "The message could not be updated.");
          return;
        }
        await revalidator.revalidate();
      }}
    />
  );
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { rows, count, unread, params } = loaderData;
  return (
    <AdminPage
      title="Messages"
      description={`Messages sent with the contact page's Get in Touch form. ${unread === 0 ? "All read." : `${unread} unread.`}`}
    >
      <DataTable
        label="Messages"
        rows={rows}
        count={count}
        params={params}
        rowKey={(m) => m.id}
        rowLabel={(m) => `${m.fullName} (${formatDateTime(m.created_At)})`}
        search={{ placeholder: "Name, e-mail, phone or message" }}
        filters={[
          {
            name: "unread",
            label: "Show",
            allLabel: "All messages",
            options: [
              { value: "1", label: "Unread only" },
              { value: "0", label: "Read only" },
            ],
          },
        ]}
        columns={[
          {
            key: "fullName",
            header: "From",
            sortable: true,
            className: NAME_CELL_CLASS,
            cell: (m) => (
              <div className={m.readAt === null ? "font-bold text-slate-900" : "text-slate-800"} data-testid="message-row">
                <Link to={`/admin/messages/${m.id}`} className="break-words hover:underline">
                  {m.fullName}
                </Link>
                <Token className="block font-normal text-slate-600">{m.email}</Token>
              </div>
            ),
          },
          {
            key: "notes",
            header: "Message",
            cell: (m) => (
              <p className={`max-w-md break-words ${m.readAt === null ? "font-semibold text-slate-900" : "text-slate-700"}`}>
                {m.requestQuote ? <span className="mr-1 font-semibold text-accent-800">Quote requested ·</span> : null}
                {m.notes ? excerpt(m.notes) : <span className="text-slate-500">(no message)</span>}
              </p>
            ),
          },
          {
            key: "created_At",
            header: "Received",
            sortable: true,
            cell: (m) => (
              <time dateTime={m.created_At}>
                <Token>{formatDateTime(m.created_At)}</Token>
              </time>
            ),
          },
          { key: "state", header: "Status", cell: (m) => <MessageState message={m} /> },
        ]}
        rowActions={(m) => (
          <>
            <RowActionLink to={`/admin/messages/${m.id}`} icon={FolderOpen} label="Open" name={`the message from ${m.fullName}`} />
            <ReadToggle message={m} />
          </>
        )}
        empty="No messages yet. Messages sent with the contact form appear here."
        tour="messages-list"
        searchTour="messages-filters"
      />
    </AdminPage>
  );
}
