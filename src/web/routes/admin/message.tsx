import { ArrowLeft, MailWarning } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useFetcher, useNavigation } from "react-router";
import { formatDateTime } from "#shared/dates.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { MessageState } from "#web/features/admin/messages/message-state.tsx";
import { ReplyForm } from "#web/features/admin/messages/reply-form.tsx";
import { detailId } from "#web/lib/detail-id.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/message";

/**
 * The message as it is: reading a page changes nothing (a link preview or a prefetch must not mark it read). The page
 * itself marks it read with a POST once it is shown, as a mail program does (with an audit entry the first time).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "messages.read");
  const id = detailId(params.messageId);
  const settings = await context.services.settings.get();
  const answer = { companyName: settings.companyName, replyTo: settings.salesEmail };
  if (id === null) return data({ ...answer, message: null }, { status: 404 });
  try {
    return { ...answer, message: await context.services.contact.get(context.actor, id) };
  } catch (err) {
    if (knownFailure(err)?.statusCode === 404) return data({ ...answer, message: null }, { status: 404 });
    throw err;
  }
}

/** `intent=read` (sent by the page once shown) or `intent=unread` (the button: back to the list). */
export async function action({ context, request, params }: Route.ActionArgs) {
  await requireStaffPage(context, request, "messages.read");
  const id = detailId(params.messageId);
  const intent = (await request.formData()).get("intent");
  if (id === null) return data({ error: "Message not found." }, { status: 404 });
  if (intent !== "read" && intent !== "unread") return data({ error: "Choose read or unread." }, { status: 400 });
  try {
    if (intent === "read") await context.services.contact.open(context.actor, id);
    else await context.services.contact.markRead(context.actor, id, false);
  } catch (err) {
    const known = knownFailure(err);
    if (known) return data({ error: known.message }, { status: known.statusCode });
    throw err;
  }
  return intent === "unread" ? redirect("/admin/messages") : { error: null };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, `${loaderData?.message?.fullName ?? "Message not found"} – Messages – Admin`, {
    description: "A message sent with the contact form.",
    noIndex: true,
  });
}

/** Marks the message read once it is on screen (unless it was marked unread from here, which leaves the page). */
function useMarkRead(id: number, unread: boolean) {
  const fetcher = useFetcher();
  const { submit } = fetcher;
  useEffect(() => {
    if (unread) submit({ intent: "read" }, { method: "post", action: `/admin/messages/${id}` });
  }, [id, unread, submit]);
}

/** A form, so it works before the page's scripts: the action marks it unread and goes back to the list. */
function MarkUnread() {
  const navigation = useNavigation();
  const failure = (useActionData<typeof action>() as { error?: string | null } | undefined)?.error;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "unread";
  return (
    <Form method="post" className="space-y-2">
      <button type="submit" name="intent" value="unread" className={buttonClass("outline")} disabled={busy} aria-busy={busy || undefined}>
        <MailWarning aria-hidden="true" className="size-4" /> Mark unread
      </button>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </Form>
  );
}

const backLink = (
  <Link to="/admin/messages" className="inline-flex min-h-11 items-center gap-2 font-semibold text-accent-800 hover:underline">
    <ArrowLeft aria-hidden="true" className="size-4" /> All messages
  </Link>
);

export default function AdminMessage({ loaderData }: Route.ComponentProps) {
  const { message, companyName, replyTo } = loaderData;
  useMarkRead(message?.id ?? 0, message !== null && message.readAt === null);
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
            <dd className="break-words">
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
          <MarkUnread />
        </article>
        <ReplyForm message={message} companyName={companyName} replyTo={replyTo} />
      </div>
    </AdminPage>
  );
}
