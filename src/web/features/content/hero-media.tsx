import { Pause, Play, Volume2, VolumeX } from "lucide-react";
import { MUTE_SOUND, PAUSE_VIDEO } from "#web/enhance/hero.ts";

const controlClass =
  "group inline-flex size-11 items-center justify-center rounded-full border border-white/70 bg-slate-900/60 text-white backdrop-blur-sm hover:bg-slate-900/80 aria-pressed:bg-white aria-pressed:text-slate-900";

/**
 * The hero's background film (spec §2): muted, looping, decorative. The server sends it with its still (the poster,
 * the page's largest image, preloaded) and nothing of the film is fetched until the page has loaded and is used, so
 * it never competes with the page's own content. It can be paused (WCAG 2.2.2); visitors who prefer reduced motion
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
      <button
        type="button"
        hidden
        data-hero-pause=""
        aria-pressed="false"
        aria-label={PAUSE_VIDEO}
        title={PAUSE_VIDEO}
        className={controlClass}
      >
        <Pause aria-hidden="true" className="size-5 group-aria-pressed:hidden" />
        <Play aria-hidden="true" className="hidden size-5 group-aria-pressed:block" />
      </button>
    </>
  );
}

/**
 * The welcome sound (spec §2: played once per session) and its mute button, remembered on this device. Server
 * markup only (decision 013): src/web/enhance/hero.ts plays it on the first click, tap or key press and shows the
 * button.
 */
export function WelcomeSound({ src }: { src: string }) {
  return (
    <button
      type="button"
      hidden
      data-sound-toggle={src}
      aria-pressed="false"
      aria-label={MUTE_SOUND}
      title={MUTE_SOUND}
      className={controlClass}
    >
      <Volume2 aria-hidden="true" className="size-5 group-aria-pressed:hidden" />
      <VolumeX aria-hidden="true" className="hidden size-5 group-aria-pressed:block" />
    </button>
  );
}
