/** A section's h2 with an optional lead line; pass the id the section's aria-labelledby points at. */
export function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <div className="max-w-3xl">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-2 text-slate-700">{lead}</p> : null}
    </div>
  );
}
