/** Class names of the site's buttons and button-like links (shadcn-style variants, without a dependency). */
const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress";

const variants = {
  primary: "bg-accent-700 text-white hover:bg-accent-800",
  secondary: "bg-slate-900 text-white hover:bg-slate-700",
  outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
  ghost: "text-slate-800 hover:bg-slate-100",
  /** On dark backgrounds. */
  inverse: "border border-white text-white hover:bg-white/10",
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}
