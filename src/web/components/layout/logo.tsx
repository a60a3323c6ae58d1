import { Link } from "react-router";
import { cachedIcon } from "../ui/icons.tsx";

/** A sun over a panel: the site's mark, drawn inline so it costs no request. */
function Mark({ className = "size-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <circle cx="16" cy="11" r="5" fill="#de7a37" />
      <g stroke="#de7a37" strokeWidth="2" strokeLinecap="round">
        <path d="M16 2v2M7.5 5.5l1.4 1.4M24.5 5.5l-1.4 1.4M4 12h2M26 12h2" />
      </g>
      <path d="M5 28l3-10h16l3 10z" fill="#0f172a" />
      <path d="M10.7 18l-1.5 10M21.3 18l1.5 10M6.5 23h19" stroke="#fff" strokeWidth="1" />
    </svg>
  );
}

/** Written from markup the server renders once (components/ui/icons.tsx): every page draws it, twice. */
export const LogoMark = cachedIcon(Mark);

export function Logo({ name, to = "/", nameClassName = "" }: { name: string; to?: string; nameClassName?: string }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900">
      <LogoMark />
      <span className={nameClassName}>{name}</span>
    </Link>
  );
}
