import { type LucideIcon, Pause, Play, Volume2, VolumeX } from "lucide-react";
import { MUTE_SOUND, PAUSE_VIDEO } from "#web/enhance/hero.ts";

const controlClass =
  "group inline-flex size-11 items-center justify-center rounded-full border border-white/70 bg-slate-900/60 text-white backdrop-blur-sm hover:bg-slate-900/80 aria-pressed:bg-white aria-pressed:text-slate-900";

/**
 * The hero's background film (spec §2): muted, looping, decorative. The server sends it with its still (the poster,
 * the page's largest image, preloaded) and nothing of the film is fetched until the page has loaded and is used, so
 * it never competes with the page's own content. It can be paused (WCAG 2.2.2); phones, visitors who prefer reduced motion
 * or save data keep the still. Server markup only (decision 013): src/web/enhance/hero.ts starts the film and shows
 * and answers its pause button.
 */
export function HeroVideo({ src, poster }: { src: string; poster: string | null }) {
  return (
    <>
      <video
        src={src}
        poster={poster ?? undefined}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        data-testid="hero-video"
        data-hero-video=""
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <HiddenToggle label={PAUSE_VIDEO} data={{ "data-hero-pause": "" }} off={Pause} on={Play} />
    </>
  );
}

/**
 * The welcome sound (spec §2: played once per session) and its mute button, remembered on this device. Server
 * markup only (decision 013): src/web/enhance/hero.ts plays it on the first click, tap or key press and shows the
 * button.
 */
export function WelcomeSound({ src }: { src: string }) {
  return <HiddenToggle label={MUTE_SOUND} data={{ "data-sound-toggle": src }} off={Volume2} on={VolumeX} />;
}

/**
 * A round pressed/not-pressed button over the hero, sent hidden: hero.ts shows it when it can act on it, and swaps
 * its label; the icon follows aria-pressed through CSS.
 */
function HiddenToggle({ label, data, off: Off, on: On }: { label: string; data: Record<string, string>; off: LucideIcon; on: LucideIcon }) {
  return (
    <button type="button" hidden aria-pressed="false" aria-label={label} title={label} className={controlClass} {...data}>
      <Off aria-hidden="true" className="size-5 group-aria-pressed:hidden" />
      <On aria-hidden="true" className="hidden size-5 group-aria-pressed:block" />
    </button>
  );
}
