import { onFirstUse } from "./first-use.ts";

export const SOUND_PLAYED_KEY = "welcome-sound-played";
export const SOUND_MUTED_KEY = "welcome-sound-muted";
export const PAUSE_VIDEO = "Pause background video";
export const PLAY_VIDEO = "Play background video";
export const MUTE_SOUND = "Mute sound";
export const SOUND_MUTED = "Sound muted";

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

/** A button's pressed state and its title, as features/content/hero-media.tsx draws them. */
function press(button: HTMLElement, pressed: boolean, title: string): void {
  button.setAttribute("aria-pressed", String(pressed));
  button.title = title;
}

/**
 * The home page's hero (features/content/hero-media.tsx). The film starts once the page has loaded and is used (the
 * visitor's first sign of use), unless they prefer reduced motion or save data; its pause button (WCAG 2.2.2) shows
 * when it will move. The welcome sound plays once per browser session on the first click, tap or key press (a press
 * made while this script was still on its way counts), never on a press of its mute button or of a link; muting is
 * remembered on this device.
 */
/** How long after the first use the film starts (a tap that follows a link has left the page by then). */
const FILM_AFTER_USE_MS = 1000;

export function enhanceHero(): void {
  const video = document.querySelector<HTMLVideoElement>("[data-hero-video]");
  const pause = document.querySelector<HTMLElement>("[data-hero-pause]");
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  // Phones keep the still too: the film is decoration, and on mobile data it cost more than the pages.
  const wide = matchMedia("(min-width: 768px)").matches;
  if (video && pause && wide && !saveData && !matchMedia("(prefers-reduced-motion: reduce)").matches) {
    let started = false;
    const apply = () => {
      if (!started) return;
      if (pause.getAttribute("aria-pressed") === "true") {
        video.pause();
        return;
      }
      video.muted = true;
      video.preload = "auto";
      video.play().catch(() => {
        // Refused or unplayable: the still stays.
      });
    };
    pause.hidden = false;
    pause.addEventListener("click", () => {
      const paused = pause.getAttribute("aria-pressed") !== "true";
      press(pause, paused, paused ? PLAY_VIDEO : PAUSE_VIDEO);
      apply();
    });
    // A tap on a link is a first use too, and the film would be fetched only to be thrown away with the page (on a
    // phone's data, more than the next page costs): it starts a moment after the first use, if the page is not on
    // its way elsewhere by then (pending.ts marks that).
    const start = () =>
      onFirstUse(() =>
        setTimeout(() => {
          if (document.documentElement.hasAttribute("data-navigating")) return;
          started = true;
          apply();
        }, FILM_AFTER_USE_MS),
      );
    if (document.readyState === "complete") start();
    else addEventListener("load", start, { once: true });
  }

  const sound = document.querySelector<HTMLElement>("[data-sound-toggle]");
  if (!sound) return;
  let muted = readFlag(() => localStorage, SOUND_MUTED_KEY);
  let clip: HTMLAudioElement | null = null;
  press(sound, muted, muted ? SOUND_MUTED : MUTE_SOUND);
  sound.hidden = false;
  sound.addEventListener("click", () => {
    muted = !muted;
    writeFlag(() => localStorage, SOUND_MUTED_KEY, muted);
    press(sound, muted, muted ? SOUND_MUTED : MUTE_SOUND);
    if (muted) clip?.pause();
  });
  if (readFlag(() => sessionStorage, SOUND_PLAYED_KEY)) return;

  const events = ["pointerdown", "pointerup", "keydown", "touchend"] as const;
  let trying = false;
  const stop = () => {
    for (const type of events) document.removeEventListener(type, play, true);
  };
  function play(event?: Event) {
    const target = event?.target as Element | null | undefined;
    // Not on its mute button; nor on a press of a link, which takes the visitor elsewhere before the sound has come
    // (on a phone's data it cost more than the next page): the next press on this page plays it.
    if (trying || target?.closest?.("[data-sound-toggle], a[href]")) return;
    if (muted || readFlag(() => sessionStorage, SOUND_PLAYED_KEY)) {
      stop();
      return;
    }
    // A touch's pointerdown, or a scroll, does not let a page make sound: wait for an input that does.
    if (navigator.userActivation && !navigator.userActivation.isActive) return;
    trying = true;
    clip = new Audio(sound?.dataset.soundToggle);
    clip.loop = false;
    // Played for this session as soon as it is asked to play (its file may take a while to come, and a reload
    // meanwhile must not play it again); a refusal gives the session its sound back.
    writeFlag(() => sessionStorage, SOUND_PLAYED_KEY, true);
    clip
      .play()
      .then(stop)
      .catch((err: unknown) => {
        // Refused (no permission yet): try again on the next interaction. Anything else: give up quietly.
        if (err instanceof DOMException && err.name === "NotAllowedError") writeFlag(() => sessionStorage, SOUND_PLAYED_KEY, false);
        else stop();
      })
      .finally(() => {
        trying = false;
      });
  }
  for (const type of events) document.addEventListener(type, play, { capture: true, passive: true });
  // A press made before this script ran (it is still the browser's fresh user activation) was the first use.
  play();
}
