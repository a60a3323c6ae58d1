import { imageVariantName, type MediaFolder, mediaUrl } from "#shared/media.ts";

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => (w ? Array.from(w)[0]?.toUpperCase() : "")).join("") || "?";
}

/** The sizes in use, in px, and their classes: a style attribute would be refused by the pages' CSP (decision 011). */
const SIZE_CLASS = { 36: "size-9", 48: "size-12", 56: "size-14", 88: "size-22" } as const;

type AvatarProps = {
  name: string;
  /** The picture's file name; null, empty or 'avatar' (spec §3) means none. */
  profile?: string | null;
  /** Where the picture lives: user profiles, team members, testimonials. */
  folder?: MediaFolder;
  size?: keyof typeof SIZE_CLASS;
};

/** A person's picture (its smallest stored width), or their initials drawn here (no external avatar service). */
export function Avatar({ name, profile, folder = "profiles", size = 36 }: AvatarProps) {
  const sizeClass = SIZE_CLASS[size];
  if (profile && profile !== "avatar") {
    return (
      <img
        src={mediaUrl(folder, imageVariantName(profile, 400))}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className={`${sizeClass} shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${sizeClass} inline-flex shrink-0 items-center justify-center rounded-full bg-accent-700 text-sm font-semibold text-white`}
    >
      {initialsOf(name)}
    </span>
  );
}
