/** One panel of the dealer profile, in the same frame as the account sections (Personal Details, Change Password). */
export function ProfileSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      data-tour={`profile-${id.replace(/-heading$/, "")}`}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A label and its value; an empty value reads 'Not provided' (spec §2, §8). */
export function DetailItem({ label, value, children }: { label: string; value?: string | null; children?: React.ReactNode }) {
  const empty = children === undefined && !value?.trim();
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className={`mt-1 break-words ${empty ? "text-slate-500 italic" : "text-slate-900"}`}>
        {children ?? (empty ? NOT_PROVIDED : value)}
      </dd>
    </div>
  );
}

// Spec §8 empty states, word for word.
export const NOT_PROVIDED = "Not provided";
export const NOT_UPLOADED = "Not uploaded";
export const NO_INSTALLATIONS = "No installations added";
