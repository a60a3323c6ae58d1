import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * The floating Help and Tours button's lane from md up (60 px, 30 px from the right and bottom edges: the window's
 * rightmost 90 px), kept free on the dealer and back-office pages that have it: their content and footer stop
 * 96 px from the right edge, so no control is ever under the button, at any scroll position (
 * decision 012). Below md the button ends the page instead.
 */
export const HELP_BUTTON_GUTTER = "md:pr-[96px]!"; // important: it outranks a container's own padding (lg:px-8)

/**
 * The page's one main landmark, the skip link's target (#main). After a client-side navigation to another path
 * that took the focused element away (a link in the old page's content), the focus moves here, as a page load
 * would put it at the top: a keyboard or screen-reader user starts on the new page's content instead of at the
 * top of the document. A focus that survives the navigation (a header or sidebar link, the Help button, a tour's
 * dialog) stays where it is, and so do changes of the query only (filters, paging, ?edit=).
 */
export function MainLandmark({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    if (active && active !== document.body && !main.current?.contains(active)) return;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <main ref={main} id="main" tabIndex={-1} className={`flex-1 focus:outline-none ${className}`}>
      {children}
    </main>
  );
}
