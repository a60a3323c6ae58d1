import { ArrowLeft, MailWarning } from "lucide-react";
import { useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { formatDateTime } from "#shared/dates.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { sendRequest } from "#web/features/admin/kit/send-request.ts";
import { MessageState } from "#web/features/admin/messages/message-state.tsx";
import { ReplyForm } from "#web/features/admin/messages/reply-form.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/message";

/** Opening a message marks it read, as a mail program does (with an audit entry the first time). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = Number(params.messageId);
  const settings = await context.services.settings.get();
  const answer = { companyName: settings.companyName, replyTo: settings.salesEmail };
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return data({ ...answer, message: null }, { status: 404 });
  try {
    return { ...answer, message: await context.services.contact.open(context.actor, id) };
  } catch (err) {
    if (knownFailure(err)?.statusCode === 404) return data({ ...answer, message: null }, { status: 404 });
    throw err;
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, `${loaderData?.message?.fullName ?? "Message not found"} – Messages – Admin`, {
    description: "A message sent with the contact form.",
    noIndex: true,
  });
}

function MarkUnread({ id }: { id: number }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={buttonClass("outline")}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={async () => {
          setBusy(true);
          const answer = await sendRequest({ method: "PUT", url: `/api/contact/${id}/read`, body: { read: false } });
          setBusy(false);
          // Back to the list: staying here would open (and so read) the message again.
          if (answer.ok) navigate("/admin/messages");
          else setFailure(answer.message);
        }}
      >
        <MailWarning aria-hidden="true" className="size-4" /> Mark unread
      </button>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </div>
  );
}

const backLink = (
  <Link to="/admin/messages" className="inline-flex min-h-11 items-center gap-2 font-semibold text-accent-800 hover:underline">
    <ArrowLeft aria-hidden="true" className="size-4" /> All messages
  </Link>
);

export default function AdminMessage({ loaderData }: Route.ComponentProps) {
  const { message, companyName, replyTo } = loaderData;
  if (!message) {
    return (
      <AdminPage title="Message not found" actions={backLink}>
        <EmptyState>Message not found.</EmptyState>
      </AdminPage>
    );
  }
  return (
    <AdminPage title={`Message from ${message.fullName}`} actions={backLink}>
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <article
          aria-labelledby="message-heading"
          className="min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-5"
          data-tour="message-view"
        >
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h2 id="message-heading" className="text-lg font-semibold text-slate-900">
              The message
            </h2>
            <MessageState message={message} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">Full name</dt>
            <dd className="break-words text-slate-900">{message.fullName}</dd>
            <dt className="text-slate-600">Email</dt>
            <dd className="break-all">
              <a href={`mailto:${message.email}`} className="text-accent-800 hover:underline">
                {message.email}
              </a>
            </dd>
            <dt className="text-slate-600">Phone</dt>
            <dd className="text-slate-900">
              {message.phone ? (
                <a href={`tel:${message.phone.replace(/[^\d+]/g, "")}`} className="text-accent-800 hover:underline">
                  {message.phone}
                </a>
              ) : (
                "Not given"
              )}
            </dd>
            <dt className="text-slate-600">Request a Quote</dt>
            <dd className="text-slate-900">{message.requestQuote ? "Yes" : "No"}</dd>
            <dt className="text-slate-600">Received</dt>
            <dd className="text-slate-900">{formatDateTime(message.created_At)}</dd>
            {message.repliedAt ? (
              <>
                <dt className="text-slate-600">Replied</dt>
                <dd className="text-slate-900" data-testid="replied-at">
                  {formatDateTime(message.repliedAt)}
                </dd>
              </>
            ) : null}
          </dl>
          <div>
            <h3 className="text-sm font-medium text-slate-600">Notes</h3>
            <p className="mt-1 break-words whitespace-pre-line text-slate-900" data-testid="message-notes">
              {message.notes || "(no message)"}
            </p>
          </div>
          <MarkUnread id={message.id} />
        </article>
        <ReplyForm message={message} companyName={companyName} replyTo={replyTo} />
      </div>
    </AdminPage>
  );
}
