import { imageVariantName, type MediaFolder, mediaUrl } from "#shared/media.ts";

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => (w ? Array.from(w)[0]?.toUpperCase() : "")).join("") || "?";
}

type AvatarProps = {
  name: string;
  /** The picture's file name; null, empty or 'avatar' (spec §3) means none. */
  profile?: string | null;
  /** Where the picture lives: user profiles, team members, testimonials. */
  folder?: MediaFolder;
  size?: number;
};

/** A person's picture (its smallest stored width), or their initials drawn here (no external avatar service). */
export function Avatar({ name, profile, folder = "profiles", size = 36 }: AvatarProps) {
  const style = { width: size, height: size };
  if (profile && profile !== "avatar") {
    return (
      <img
        src={mediaUrl(folder, imageVariantName(profile, 400))}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        style={style}
        className="shrink-0 rounded-full object-cover"
      />
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
