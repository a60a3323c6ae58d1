import {
  ChevronDown as LucideChevronDown,
  ChevronLeft as LucideChevronLeft,
  ChevronRight as LucideChevronRight,
  CircleAlert as LucideCircleAlert,
  CircleCheck as LucideCircleCheck,
  CircleX as LucideCircleX,
  Clock as LucideClock,
  Download as LucideDownload,
  FileText as LucideFileText,
  LayoutDashboard as LucideLayoutDashboard,
  LogOut as LucideLogOut,
  Mail as LucideMail,
  MapPin as LucideMapPin,
  Menu as LucideMenu,
  Phone as LucidePhone,
  Search as LucideSearch,
  ShoppingCart as LucideShoppingCart,
  SlidersHorizontal as LucideSlidersHorizontal,
  Square as LucideSquare,
  SquareCheck as LucideSquareCheck,
  X as LucideX,
} from "lucide-react";
import { type ComponentType, createContext, useContext } from "react";

/** What an icon is given: decoration props only (no handlers, no refs), so that its markup depends on them alone. */
export type IconProps = { "aria-hidden"?: boolean | "true" | "false"; className?: string };

/** An icon's `<svg>` as the server rendered it once: its attributes (as props, in their order) and its inner markup. */
export type IconMarkup = { attributes: Record<string, string>; inner: string };

/** Renders an icon once per set of props (lib/icon-markup.server.ts); null when it should be drawn as usual. */
export type IconMarkupSource = <P extends object>(icon: ComponentType<P>, props: P) => IconMarkup | null;

const IconMarkupContext = createContext<IconMarkupSource | null>(null);

/** Given by entry.server; none in the browser, which draws icons as usual (the same elements, so hydration matches). */
export const IconMarkupProvider = IconMarkupContext.Provider;

/**
 * An icon that the server writes from markup it rendered once: a page draws dozens of icons (five a product card),
 * each a tree of paths with a dozen attributes, and React rendering them was a large part of a page's work. The
 * `<svg>` keeps its attributes and its paths exactly as the icon draws them. For components that draw one `<svg>`
 * from their props alone.
 */
export function cachedIcon<P extends object>(Icon: ComponentType<P>): ComponentType<P> {
  function CachedIcon(props: P) {
    const markup = useContext(IconMarkupContext)?.(Icon, props);
    if (!markup) return <Icon {...props} />;
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the icon's own paths, rendered by React from the icon's code (no data)
    return <svg {...markup.attributes} dangerouslySetInnerHTML={{ __html: markup.inner }} />;
  }
  CachedIcon.displayName = `Cached(${Icon.displayName ?? Icon.name})`;
  return CachedIcon;
}

export const ChevronDown = cachedIcon(LucideChevronDown);
export const ChevronLeft = cachedIcon(LucideChevronLeft);
export const ChevronRight = cachedIcon(LucideChevronRight);
export const CircleAlert = cachedIcon(LucideCircleAlert);
export const CircleCheck = cachedIcon(LucideCircleCheck);
export const CircleX = cachedIcon(LucideCircleX);
export const Clock = cachedIcon(LucideClock);
export const Download = cachedIcon(LucideDownload);
export const FileText = cachedIcon(LucideFileText);
export const LayoutDashboard = cachedIcon(LucideLayoutDashboard);
export const LogOut = cachedIcon(LucideLogOut);
export const Mail = cachedIcon(LucideMail);
export const MapPin = cachedIcon(LucideMapPin);
export const Menu = cachedIcon(LucideMenu);
export const Phone = cachedIcon(LucidePhone);
export const Search = cachedIcon(LucideSearch);
export const ShoppingCart = cachedIcon(LucideShoppingCart);
export const SlidersHorizontal = cachedIcon(LucideSlidersHorizontal);
export const Square = cachedIcon(LucideSquare);
export const SquareCheck = cachedIcon(LucideSquareCheck);
export const X = cachedIcon(LucideX);
