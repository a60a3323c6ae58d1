/** A back-office screen: its heading, a line on what it is for, actions beside the heading, then its content. */
export function AdminPage({
  title,
  description,
  actions,
  children,
  tour,
}: {
  title: string;
  description?: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
  tour?: string;
}) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 md:px-8" data-tour={tour}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {description ? <p className="mt-1 max-w-prose text-slate-700">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
