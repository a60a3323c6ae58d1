import { ChevronDown } from "lucide-react";
import { Link } from "react-router";
import { CONTAINER } from "#web/components/layout/container.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ContentIntro } from "#web/features/content/content-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/faqs";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPage;

export async function loader({ context }: Route.LoaderArgs) {
  return { faqs: await context.services.content.listFaqs() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "FAQs", { description: "Answers to the questions customers ask most about our products and services." });
}

export default function Faqs({ loaderData }: Route.ComponentProps) {
  const { faqs } = loaderData;
  return (
    <>
      <ContentIntro title="FAQs">
        <p>Answers to the questions customers ask most about our products and services.</p>
      </ContentIntro>
      <div className={`${CONTAINER} pb-16`}>
        {faqs.length > 0 ? (
          <ul className="max-w-3xl space-y-3">
            {faqs.map((f) => (
              <li key={f.id}>
                <details className="group rounded-xl border border-slate-200 bg-white open:border-accent-500 open:shadow-sm">
                  <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-lg font-semibold text-slate-900 hover:text-accent-800 [&::-webkit-details-marker]:hidden">
                    <span>{f.question}</span>
                    <ChevronDown
                      aria-hidden="true"
                      className="size-5 shrink-0 text-accent-700 transition-transform group-open:rotate-180"
                    />
                  </summary>
                  <p className="px-5 pb-5 text-slate-700">{f.answer}</p>
                </details>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>No questions have been answered here yet.</EmptyState>
        )}
        <p className="mt-10 text-slate-700">
          Still have a question?{" "}
          <Link to="/contact" className="font-medium text-accent-700 underline hover:text-accent-800">
            Contact us
          </Link>
          .
        </p>
      </div>
    </>
  );
}
