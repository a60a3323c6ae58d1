import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * The page's one main landmark, the skip link's target (#main). After a client-side navigation to another path
 * the focus moves here, as a page load would put it at the top: a keyboard or screen-reader user who followed a
 * link starts on the new page's content instead of on a link that no longer exists (or in the header). Changes of
 * the query only (filters, paging, ?edit=) keep the focus where it is, and so does an open dialog (a tour's).
 */
export function MainLandmark({ children }: { children: React.ReactNode }) {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    if (active?.closest("[role=dialog], dialog")) return;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <main ref={main} id="main" tabIndex={-1} className="flex-1 focus:outline-none">
      {children}
    </main>
  );
}
