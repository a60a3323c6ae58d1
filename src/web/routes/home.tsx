import { pageTitle } from "#web/lib/meta.ts";
import { useRootData } from "../root.tsx";

export function meta() {
  return [{ title: pageTitle("Home") }];
}

export default function Home() {
  const root = useRootData();
  return (
    <section className="px-6 py-16">
      <h1 className="text-4xl font-bold">Solar power for Zimbabwe</h1>
      <p>{root?.settings.tagline}</p>
    </section>
  );
}
