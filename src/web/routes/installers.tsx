import { redirect } from "react-router";
import { INSTALLER_SERVICES } from "#shared/installer-network.ts";
import { isProvinceSlug, PROVINCES, provinceName } from "#shared/provinces.ts";
import { UNKNOWN_PROVINCE } from "#shared/schemas/installers.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { ContentIntro } from "#web/features/content/content-intro.tsx";
import { InstallerCard } from "#web/features/installers/installer-card.tsx";
import { cleanInstallersSearch } from "#web/features/installers/installers-query.ts";
import { installersCount, ProvinceMap } from "#web/features/installers/province-map.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/installers";

/**
 * The certified installer directory: verified dealers who opted in, the map of the ten provinces and
 * the filters as one GET form. Drawn by the server and sent without React (decision 013): a province on the map
 * is a submit button, the page reloads filtered.
 */
export const handle = sharedQuietPage;

const SERVICE_SLUGS = new Set<string>(INSTALLER_SERVICES.map((s) => s.slug));

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const clean = cleanInstallersSearch(params);
  if (clean !== null) throw redirect(`${url.pathname}${clean}`);
  const asked = params.get("province");
  const province = asked && isProvinceSlug(asked) ? asked : null;
  const services = params.getAll("service").filter((s) => SERVICE_SLUGS.has(s));
  const [installers, counts] = await Promise.all([
    context.services.installers.list({ province: province ?? undefined, services }),
    context.services.installers.provinceCounts({ services }),
  ]);
  return { installers, counts, province, services, problem: asked && !province ? UNKNOWN_PROVINCE : null };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const where = loaderData?.province ? ` in ${provinceName(loaderData.province)}` : "";
  return pageMeta(matches, `Find a certified installer${where}`, {
    description: "Verified dealers who install solar systems across Zimbabwe's ten provinces: find one near you and contact them directly.",
  });
}

const labelClass = "block text-sm font-semibold text-slate-900";

export default function Installers({ loaderData }: Route.ComponentProps) {
  const { installers, counts, province, services, problem } = loaderData;
  const where = province ? provinceName(province) : null;
  const filtered = Boolean(province) || services.length > 0;
  return (
    <>
      <ContentIntro title="Find a certified installer">
        <p>
          Every installer listed here is a verified dealer: their company, tax clearance and documents are checked by us and kept up to
          date. Choose your province on the map or in the filters, then contact an installer directly.
        </p>
      </ContentIntro>
      <div className={`${CONTAINER} pb-16`}>
        <form
          method="get"
          action="/installers"
          aria-label="Filter installers"
          data-clean-query="province"
          className="grid gap-8 lg:grid-cols-[minmax(0,28rem)_1fr]"
        >
          <div className="space-y-6">
            <fieldset>
              <legend className="text-lg font-semibold text-slate-900">Installers by province</legend>
              <p className="mt-1 text-sm text-slate-700">Press a province to see the installers who work there.</p>
              <div className="mt-4">
                <ProvinceMap counts={counts} selected={province} />
              </div>
            </fieldset>
            <div className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
              <div>
                <label htmlFor="installers-province" className={labelClass}>
                  Province
                </label>
                <select
                  id="installers-province"
                  name="province"
                  defaultValue={province ?? ""}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? "installers-problem" : undefined}
                  className="mt-1 min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900"
                >
                  <option value="">All provinces</option>
                  {PROVINCES.map((p) => (
                    <option key={p.slug} value={p.slug}>
                      {p.name} ({counts[p.slug]})
                    </option>
                  ))}
                </select>
                {problem ? (
                  <p id="installers-problem" role="alert" className="mt-1 text-sm font-medium text-red-800">
                    {problem}
                  </p>
                ) : null}
              </div>
              <fieldset>
                <legend className={labelClass}>Services</legend>
                <div className="mt-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-1">
                  {INSTALLER_SERVICES.map((s) => (
                    <label key={s.slug} className="flex min-h-11 items-center gap-3 text-base text-slate-800">
                      <input
                        type="checkbox"
                        name="service"
                        value={s.slug}
                        defaultChecked={services.includes(s.slug)}
                        className="size-5 accent-accent-700"
                      />
                      {s.name}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="flex flex-wrap items-center gap-3">
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center rounded-md bg-accent-700 px-4 font-semibold text-white hover:bg-accent-800"
                >
                  Show installers
                </button>
                {filtered ? (
                  <a href="/installers" className="font-medium text-accent-800 underline underline-offset-4 hover:text-accent-700">
                    Clear the filters
                  </a>
                ) : null}
              </div>
            </div>
          </div>
          <section aria-labelledby="installers-results">
            <h2 id="installers-results" className="text-xl font-semibold text-slate-900">
              {where ? `Installers in ${where}` : "All verified installers"}
            </h2>
            <p role="status" className="mt-1 text-slate-700">
              {installersCount(installers.length)}
              {services.length > 0 ? " offering the services you chose" : ""}
            </p>
            {installers.length === 0 ? (
              <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-8 text-slate-700">
                <p className="font-medium text-slate-900">No verified installer serves {where ?? "these needs"} yet.</p>
                <p className="mt-2">
                  <a href="/installers" className="font-medium text-accent-800 underline underline-offset-4 hover:text-accent-700">
                    See every installer
                  </a>{" "}
                  or{" "}
                  <a href="/contact" className="font-medium text-accent-800 underline underline-offset-4 hover:text-accent-700">
                    contact us
                  </a>
                  : we will find someone to help you.
                </p>
              </div>
            ) : (
              <ul className="mt-6 grid gap-4 xl:grid-cols-2">
                {installers.map((i) => (
                  <InstallerCard key={i.slug} installer={i} />
                ))}
              </ul>
            )}
          </section>
        </form>
      </div>
    </>
  );
}
