import { Pause, Play, Volume2, VolumeX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "#web/lib/use-hydrated.ts";
import { usePrefersReducedMotion } from "#web/lib/use-reduced-motion.ts";

export const SOUND_PLAYED_KEY = "welcome-sound-played";
export const SOUND_MUTED_KEY = "welcome-sound-muted";

const controlClass =
  "inline-flex size-11 items-center justify-center rounded-full border border-white/70 bg-slate-900/60 text-white backdrop-blur-sm hover:bg-slate-900/80 aria-pressed:bg-white aria-pressed:text-slate-900";

function readFlag(store: () => Storage, key: string): boolean {
  try {
    return store().getItem(key) === "1";
  } catch {
    return false;
  }
}

function writeFlag(store: () => Storage, key: string, on: boolean): void {
  try {
    if (on) store().setItem(key, "1");
    else store().removeItem(key);
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
}

/** A visitor who asked their browser to save data gets the still backdrop, not the film. */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * The hero's background film (spec §2): muted, looping, decorative. The server sends it with its still (the poster,
 * the page's largest image, preloaded) and nothing of the film is fetched until the page has loaded, so it never
 * competes with the page's own content. It can be paused (WCAG 2.2.2); visitors who prefer reduced motion or save
 * data keep the still.
 */
export function HeroVideo({ src, poster }: { src: string; poster: string | null }) {
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const [loaded, setLoaded] = useState(false);
  const [paused, setPaused] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (document.readyState === "complete") {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener("load", onLoad, { once: true });
    return () => window.removeEventListener("load", onLoad);
  }, []);

  const moving = hydrated && !reducedMotion && !savesData();
  const play = moving && loaded && !paused;
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (!play) {
      v.pause();
      return;
    }
    v.muted = true;
    v.preload = "auto";
    v.play().catch(() => {
      // Refused or unplayable: the still stays.
    });
  }, [play]);

  return (
    <>
      <video
        ref={video}
        src={src}
        poster={poster ?? undefined}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        data-testid="hero-video"
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      {moving ? (
        <button
          type="button"
          aria-pressed={paused}
          aria-label="Pause background video"
          title={paused ? "Play background video" : "Pause background video"}
          onClick={() => setPaused((p) => !p)}
          className={controlClass}
        >
          {paused ? <Play aria-hidden="true" className="size-5" /> : <Pause aria-hidden="true" className="size-5" />}
        </button>
      ) : null}
    </>
  );
}

/**
 * The welcome sound (spec §2: played once per session). Browsers refuse sound before the visitor has interacted
 * with the page, so it starts on the first click, tap or key press; it never loops, is not tried again in the same
 * browser session once it has played, and the mute button (remembered on this device) silences it.
 */
export function WelcomeSound({ src }: { src: string }) {
  const hydrated = useHydrated();
  const [muted, setMuted] = useState(false);
  const mutedRef = useRef(false);
  const audio = useRef<HTMLAudioElement | null>(null);

  useEffect(() => {
    const stored = readFlag(() => localStorage, SOUND_MUTED_KEY);
    mutedRef.current = stored;
    setMuted(stored);
  }, []);

  useEffect(() => {
    if (readFlag(() => sessionStorage, SOUND_PLAYED_KEY)) return;
    const events = ["pointerdown", "pointerup", "keydown", "touchend"] as const;
    let trying = false;
    const stop = () => {
      for (const e of events) document.removeEventListener(e, onInteraction, true);
    };
    function onInteraction(event: Event) {
      if (trying || (event.target as Element | null)?.closest?.("[data-sound-toggle]")) return;
      if (mutedRef.current || readFlag(() => sessionStorage, SOUND_PLAYED_KEY)) return stop();
      // A touch's pointerdown, or a scroll, does not let a page make sound: wait for an input that does.
      if (navigator.userActivation && !navigator.userActivation.isActive) return;
      trying = true;
      const clip = new Audio(src);
      clip.loop = false;
      audio.current = clip;
      clip
        .play()
        .then(() => {
          writeFlag(() => sessionStorage, SOUND_PLAYED_KEY, true);
          stop();
        })
        .catch((err: unknown) => {
          // Refused (no permission yet): try again on the next interaction. Anything else: give up quietly.
          if (!(err instanceof DOMException && err.name === "NotAllowedError")) stop();
        })
        .finally(() => {
          trying = false;
        });
    }
    for (const e of events) document.addEventListener(e, onInteraction, { capture: true, passive: true });
    // A tap, click or key press that made the page load its scripts (decision 009) was the first interaction.
    const firstUse = (window as Window & { __firstUse?: string }).__firstUse;
    if (firstUse && ["pointerdown", "touchstart", "keydown", "click", "submit"].includes(firstUse)) onInteraction(new Event(firstUse));
    return () => {
      stop();
      audio.current?.pause();
    };
  }, [src]);

  if (!hydrated) return null;
  return (
    <button
      type="button"
      data-sound-toggle=""
      aria-pressed={muted}
      aria-label="Mute sound"
      title={muted ? "Sound muted" : "Mute sound"}
      onClick={() => {
        const next = !muted;
        mutedRef.current = next;
        setMuted(next);
        writeFlag(() => localStorage, SOUND_MUTED_KEY, next);
        if (next) audio.current?.pause();
      }}
      className={controlClass}
    >
      {muted ? <VolumeX aria-hidden="true" className="size-5" /> : <Volume2 aria-hidden="true" className="size-5" />}
    </button>
  );
}
