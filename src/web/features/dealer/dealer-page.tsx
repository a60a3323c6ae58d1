/** A dealer-area page's frame: heading, then its content (`wide`: the page's width, for tables, not a column of text). */
export function DealerPage({ title, children, wide = false }: { title: string; children?: React.ReactNode; wide?: boolean }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 md:px-8">
      <h1 data-tour="page-title" className="text-3xl font-bold tracking-tight text-slate-900">
        {title}
      </h1>
      {children ? <div className={`mt-4 ${wide ? "" : "max-w-prose"} space-y-4 text-lg text-slate-700`}>{children}</div> : null}
    </div>
  );
}

/** The dealer area's title (spec §2: 'Dealer Registration'), with the page's own name in front when it has one. */
export function dealerPageName(page?: string): string {
  return page ? `${page} – Dealer Registration` : "Dealer Registration";
}
