import { CONTAINER } from "#web/components/layout/container.ts";

/** A page's heading and its opening line; public pages whose content arrives later show just this. */
export function PageIntro({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className={`${CONTAINER} py-12 md:py-16`}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{title}</h1>
      {children ? <div className="mt-4 max-w-prose space-y-4 text-lg text-slate-700">{children}</div> : null}
    </section>
  );
}
