const BASE = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset";

/** A back-office status badge's classes by tone (the words always say the status; colour only repeats it). */
export const BADGE = {
  good: `${BASE} bg-green-50 text-green-800 ring-green-700/30`,
  warn: `${BASE} bg-amber-50 text-amber-900 ring-amber-700/30`,
  bad: `${BASE} bg-red-50 text-red-800 ring-red-700/30`,
  neutral: `${BASE} bg-slate-50 text-slate-800 ring-slate-600/30`,
} as const;
