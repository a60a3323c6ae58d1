import { mediaUrl } from "#shared/media.ts";

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => (w ? Array.from(w)[0]?.toUpperCase() : "")).join("") || "?";
}

/** The user's picture, or their initials drawn here (no external avatar service). 'avatar' means no picture (spec §3). */
export function Avatar({ name, profile, size = 36 }: { name: string; profile?: string | null; size?: number }) {
  const style = { width: size, height: size };
  if (profile && profile !== "avatar") {
    return (
      <img src={mediaUrl("profiles", profile)} alt="" width={size} height={size} style={style} className="rounded-full object-cover" />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={style}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-accent-700 text-sm font-semibold text-white"
    >
      {initialsOf(name)}
    </span>
  );
}
