import { formatDateTime } from "#shared/dates.ts";
import type { ContactMessageView } from "#shared/schemas/contact.ts";

const BADGE = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset";

/** Unread, read, or replied (with when): in words, not only in weight or colour. */
export function MessageState({ message }: { message: ContactMessageView }) {
  return (
    <span className="flex flex-wrap gap-1">
      {message.readAt === null ? (
        <span className={`${BADGE} bg-amber-50 text-amber-900 ring-amber-300`}>Unread</span>
      ) : (
        <span className={`${BADGE} bg-slate-100 text-slate-700 ring-slate-300`}>Read</span>
      )}
      {message.repliedAt ? (
        <span className={`${BADGE} bg-green-50 text-green-800 ring-green-300`} title={formatDateTime(message.repliedAt)}>
          Replied
        </span>
      ) : null}
    </span>
  );
}
