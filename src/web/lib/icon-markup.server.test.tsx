import { FileText as LucideFileText, Square as LucideSquare, SquareCheck as LucideSquareCheck } from "lucide-react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { expect, it } from "vitest";
import { FileText, IconMarkupProvider, Square, SquareCheck } from "#web/components/ui/icons.tsx";
import { iconMarkup } from "./icon-markup.server.ts";

const withMarkup = (node: React.ReactNode) => renderToString(<IconMarkupProvider value={iconMarkup}>{node}</IconMarkupProvider>);

it("writes an icon exactly as lucide draws it, from the first page and from the kept markup", () => {
  for (let i = 0; i < 2; i++) {
    expect(withMarkup(<FileText aria-hidden="true" className="size-4" />)).toBe(
      renderToString(<LucideFileText aria-hidden="true" className="size-4" />),
    );
    expect(withMarkup(<SquareCheck aria-hidden="true" className="hidden size-4 group-aria-pressed/compare:inline" />)).toBe(
      renderToString(<LucideSquareCheck aria-hidden="true" className="hidden size-4 group-aria-pressed/compare:inline" />),
    );
  }
});

it("draws icons as usual without the server's markup (the browser)", () => {
  expect(renderToStaticMarkup(<Square className="size-4" />)).toBe(renderToStaticMarkup(<LucideSquare className="size-4" />));
  expect(renderToStaticMarkup(<Square className="size-4" />)).toContain("<rect");
});
