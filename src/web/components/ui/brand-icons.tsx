import type { SVGProps } from "react";
import { cachedIcon } from "./icons.tsx";

/** Outline brand marks in lucide's style (lucide 1.x ships no brand logos). Decorative: the link carries the name. */
function Svg({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

function Facebook(props: SVGProps<SVGSVGElement>) {
  return (
    <Svg {...props}>
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </Svg>
  );
}

function Instagram(props: SVGProps<SVGSVGElement>) {
  return (
    <Svg {...props}>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </Svg>
  );
}

function Linkedin(props: SVGProps<SVGSVGElement>) {
  return (
    <Svg {...props}>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect x="2" y="9" width="4" height="12" />
      <circle cx="4" cy="4" r="2" />
    </Svg>
  );
}

function Tiktok(props: SVGProps<SVGSVGElement>) {
  return (
    <Svg {...props}>
      <path d="M9 12a4 4 0 1 0 4 4V2a5 5 0 0 0 5 5" />
    </Svg>
  );
}

function X(props: SVGProps<SVGSVGElement>) {
  return (
    <Svg {...props}>
      <path d="M4 4l11.7 16H20L8.3 4z" />
      <path d="M4 20l6.8-6.8M13.2 10.8 20 4" />
    </Svg>
  );
}

function Youtube(props: SVGProps<SVGSVGElement>) {
  return (
    <Svg {...props}>
      <path d="M2.5 17a24 24 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24 24 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="m10 15 5-3-5-3z" />
    </Svg>
  );
}

function Whatsapp(props: SVGProps<SVGSVGElement>) {
  return (
    <Svg {...props}>
      <path d="M3 21l1.65-3.8a9 9 0 1 1 3.4 2.9L3 21" />
      <path d="M9 10a.5.5 0 0 0 1 0V9a.5.5 0 0 0-1 0v1a5 5 0 0 0 5 5h1a.5.5 0 0 0 0-1h-1a.5.5 0 0 0 0 1" />
    </Svg>
  );
}

// Written from markup the server renders once (components/ui/icons.tsx): the header and footer draw them on every page.
export const FacebookIcon = cachedIcon(Facebook);
export const InstagramIcon = cachedIcon(Instagram);
export const LinkedinIcon = cachedIcon(Linkedin);
export const TiktokIcon = cachedIcon(Tiktok);
export const XIcon = cachedIcon(X);
export const YoutubeIcon = cachedIcon(Youtube);
export const WhatsappIcon = cachedIcon(Whatsapp);
