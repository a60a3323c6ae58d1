import { MANUAL_FILES } from "#web/features/dealer/manual-content.ts";
import type { Route } from "./+types/manual-pdf";

/**
 * The PDF manual at a stable, file-like address (spec §2: 'download a PDF manual ... from static paths'). It is
 * generated from the page's own text and the site's support contacts, so it needs no static file to keep in step;
 * like a static file it is public and cached for an hour.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const pdf = await context.services.manual.pdf();
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `attachment; filename="${MANUAL_FILES.pdf.name}"`,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
