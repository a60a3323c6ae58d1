import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * The page's one main landmark, the skip link's target (#main). After a client-side navigation to another path
 * that took the focused element away (a link in the old page's content), the focus moves here, as a page load
 * would put it at the top: a keyboard or screen-reader user starts on the new page's content instead of at the
 * top of the document. A focus that survives the navigation (a header or sidebar link, the Help button, a tour's
 * dialog) stays where it is, and so do changes of the query only (filters, paging, ?edit=).
 */
export function MainLandmark({ children }: { children: React.ReactNode }) {
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
    <main ref={main} id="main" tabIndex={-1} className="flex-1 focus:outline-none">
      {children}
    </main>
  );
}
