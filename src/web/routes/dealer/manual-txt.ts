import { MANUAL_FILES } from "#web/features/dealer/manual-content.ts";
import type { Route } from "./+types/manual-txt";

/** The TXT manual at a stable, file-like address (spec §2), from the same text as the page and the PDF. */
export async function loader({ context }: Route.LoaderArgs) {
  const body = new TextEncoder().encode(await context.services.manual.text());
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": String(body.byteLength),
      "Content-Disposition": `attachment; filename="${MANUAL_FILES.txt.name}"`,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
