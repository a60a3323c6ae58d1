import { Link } from "react-router";
import { buttonClass } from "#web/components/ui/button.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { useRootData } from "#web/lib/root-data.ts";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Home", {
    description: "Solar panels, hybrid inverters, batteries and installation equipment for homes and businesses in Zimbabwe.",
  });
}

export default function Home() {
  const root = useRootData();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 md:py-24">
      <h1 className="text-4xl font-bold tracking-tight md:text-5xl">Solar power for Zimbabwe</h1>
      <p className="mt-4 max-w-prose text-lg text-slate-700">{root?.settings.tagline}</p>
      <p className="mt-8 flex flex-wrap gap-3">
        <Link to="/products" className={buttonClass("primary")}>
          Explore Now
        </Link>
        <Link to="/contact" className={buttonClass("outline")}>
          Contact Us
        </Link>
      </p>
    </section>
  );
}
