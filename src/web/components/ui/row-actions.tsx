import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";

/**
 * The back office's row actions: one look for every list, side by side in one row, never stacked.
 * Each action is an icon with its word ("Edit"), or the icon alone for the small ones (Move up, Move down) with the
 * word for screen readers and as a tooltip. `name` follows the word for screen readers only ("Edit Solar panel
 * 450 W"), so a list of many "Edit" buttons says which one is which.
 */
const base =
  "inline-flex min-h-10 shrink-0 items-center justify-center gap-1.5 rounded-md border text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

const tones = {
  default: "border-slate-300 bg-white text-slate-900 hover:bg-slate-100",
  danger: "border-red-200 bg-white text-red-800 hover:bg-red-50",
  primary: "border-accent-700 bg-accent-700 text-white hover:bg-accent-800",
} as const;

export type RowActionTone = keyof typeof tones;

/** A row action's classes: the tone, with room for a word or square for an icon alone. */
export function rowActionClass(tone: RowActionTone = "default", iconOnly = false): string {
  return `${base} ${tones[tone]} ${iconOnly ? "min-w-10 px-0" : "px-2.5"}`;
}

/** The actions of one row, in one line (the table's cell keeps them together; they never wrap under each other). */
export function RowActions({ children, align = "end" }: { children: ReactNode; align?: "start" | "end" }) {
  return (
    <div data-row-actions="" className={`flex flex-nowrap items-center gap-1.5 ${align === "end" ? "justify-end" : "justify-start"}`}>
      {children}
    </div>
  );
}

type Look = {
  icon?: LucideIcon;
  /** The visible word ("Edit"); with `iconOnly`, for screen readers and the tooltip. */
  label: string;
  /** Read after the label by screen readers only: the record's name. */
  name?: ReactNode;
  tone?: RowActionTone;
  iconOnly?: boolean;
};

function Inside({ icon: Icon, label, name, iconOnly }: Look) {
  return (
    <>
      {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
      {iconOnly ? <span className="sr-only">{label}</span> : label}
      {name ? <span className="sr-only"> {name}</span> : null}
    </>
  );
}

/**
 * What every row action's element gets from its look: the tooltip of an icon alone, the classes and the content. The
 * rest of the props go to the element itself.
 */
function splitLook<P extends object>({
  icon,
  label,
  name,
  tone = "default",
  iconOnly = false,
  className = "",
  ...rest
}: Look & { className?: string } & P) {
  return {
    /** Before the element's own props: a `title` the caller gives wins over the tooltip. */
    tooltip: iconOnly ? { title: label } : {},
    look: {
      className: `${rowActionClass(tone, iconOnly)} ${className}`,
      children: <Inside icon={icon} label={label} name={name} iconOnly={iconOnly} />,
    },
    rest,
  };
}

export function RowActionButton(props: Look & Omit<ComponentProps<"button">, "children">) {
  const { tooltip, look, rest } = splitLook(props);
  return <button type="button" {...tooltip} {...rest} {...look} />;
}

export function RowActionLink(props: Look & Omit<ComponentProps<typeof Link>, "children">) {
  const { tooltip, look, rest } = splitLook(props);
  return <Link {...tooltip} {...rest} {...look} />;
}

/** A plain link (a file to download). */
export function RowActionAnchor(props: Look & Omit<ComponentProps<"a">, "children">) {
  const { tooltip, look, rest } = splitLook(props);
  return <a {...tooltip} {...rest} {...look} />;
}
