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
    // No right padding from md up: the layout's Help button lane (HELP_BUTTON_GUTTER) is the page's right margin.
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 md:pr-0 md:pl-8" data-tour={tour}>
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
