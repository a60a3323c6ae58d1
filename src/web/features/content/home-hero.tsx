import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CONTAINER } from "#web/components/layout/container.ts";
import { WhatsappIcon } from "#web/components/ui/brand-icons.tsx";
import { buttonClass } from "#web/components/ui/button.ts";
import { HeroVideo, WelcomeSound } from "./hero-media.tsx";

/** Drawn, not downloaded: a dusk sky, the sun and rows of panels; the hero film, when there is one, fades in over it. */
function HeroBackdrop() {
  const panels = Array.from({ length: 3 }, (_, row) =>
    Array.from({ length: 7 }, (_, col) => ({ x: 40 + col * 200 + row * 40, y: 470 + row * 70, key: `${row}-${col}` })),
  ).flat();
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className="absolute inset-0 -z-10 size-full"
      viewBox="0 0 1440 720"
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0f172a" />
          <stop offset="0.55" stopColor="#1e293b" />
          <stop offset="1" stopColor="#a34f22" />
        </linearGradient>
        <radialGradient id="hero-sun" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fae6d6" />
          <stop offset="0.45" stopColor="#eca574" />
          <stop offset="1" stopColor="#de7a37" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-shade" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#0f172a" stopOpacity="0.85" />
          <stop offset="0.7" stopColor="#0f172a" stopOpacity="0.2" />
        </linearGradient>
      </defs>
      <rect width="1440" height="720" fill="url(#hero-sky)" />
      <circle cx="1120" cy="300" r="260" fill="url(#hero-sun)" />
      <path d="M0 460 Q 360 380 720 450 T 1440 420 V 720 H 0z" fill="#1f2937" />
      {panels.map((p) => (
        <g key={p.key} transform={`translate(${p.x} ${p.y}) skewX(-24)`}>
          <rect width="170" height="52" rx="4" fill="#1d3a6b" stroke="#64748b" strokeWidth="3" />
          <path d="M57 0 V52 M113 0 V52 M0 26 H170" stroke="#334155" strokeWidth="2" />
        </g>
      ))}
      <rect width="1440" height="720" fill="url(#hero-shade)" />
    </svg>
  );
}

type HomeHeroProps = { tagline: string; quoteUrl: string; video: string | null; poster: string | null; sound: string | null };

/** Spec §2: the home page's hero film, its title, Explore Now, Get a Free Quote opening a WhatsApp chat, and the welcome sound. */
export function HomeHero({ tagline, quoteUrl, video, poster, sound }: HomeHeroProps) {
  return (
    <section aria-labelledby="hero-heading" className="on-dark relative isolate overflow-hidden bg-slate-900 text-white">
      <HeroBackdrop />
      <div className={`${CONTAINER} py-20 sm:py-24 md:py-32`}>
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">Solar · Storage · Backup</p>
          <h1 id="hero-heading" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl md:text-6xl">
            Solar power for Zimbabwe
          </h1>
          {tagline ? <p className="mt-5 max-w-prose text-lg text-slate-200 md:text-xl">{tagline}</p> : null}
          <p className="mt-9 flex flex-wrap gap-3">
            <Link to="/products" className={buttonClass("primary")}>
              Explore Now <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <a href={quoteUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("inverse")}>
              <WhatsappIcon width={18} height={18} /> Get a Free Quote
              <span className="sr-only"> (opens WhatsApp in a new tab)</span>
            </a>
          </p>
        </div>
        {video || sound ? (
          <div className="-mb-8 mt-6 flex min-h-11 justify-end gap-2 md:-mb-16">
            {video ? <HeroVideo src={video} poster={poster} /> : null}
            {sound ? <WelcomeSound src={sound} /> : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
