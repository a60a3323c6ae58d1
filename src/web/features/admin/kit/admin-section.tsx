import { useId } from "react";

/** The back office's one section heading: an h2 under the page's h1, the same size and weight on every screen. */
export function AdminSectionHeading({ id, title, description }: { id: string; title: string; description?: string }) {
  return (
    <div className="mb-4">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-700">{description}</p> : null}
    </div>
  );
}

/**
 * A form's group of fields as a card with its heading (Settings' Company, Contact details …): a region named by the
 * heading, the fields a group named by it too (what a legend did, without a legend's look on the card's border).
 */
export function AdminFieldSection({
  title,
  description,
  tour,
  children,
}: {
  title: string;
  description?: string;
  tour?: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-5" data-tour={tour}>
      <AdminSectionHeading id={id} title={title} description={description} />
      <fieldset aria-labelledby={id} className="min-w-0 space-y-4">
        {children}
      </fieldset>
    </section>
  );
}
