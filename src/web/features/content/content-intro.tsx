import { CONTAINER } from "#web/components/layout/container.ts";

/** The heading of a content page, as wide as the header so the page lines up with it. */
export function ContentIntro({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className={`${CONTAINER} pt-12 pb-8 md:pt-16 md:pb-10`}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{title}</h1>
      {children ? <div className="mt-4 max-w-prose space-y-3 text-lg text-slate-700">{children}</div> : null}
    </div>
  );
}
