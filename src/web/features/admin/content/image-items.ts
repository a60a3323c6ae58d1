import { useEffect } from "react";
import type { ImageItem } from "../kit/file-fields.tsx";

/** A record's stored images as the kit's image list holds them. */
export const storedItems = (names: readonly (string | null | undefined)[]): ImageItem[] =>
  names.filter((n): n is string => Boolean(n)).map((name) => ({ kind: "stored", name }));

const keyOf = (item: ImageItem) => (item.kind === "stored" ? `stored:${item.name}` : `new:${item.key}`);

/** Whether the list differs from the stored images it started from (added, removed or moved). */
export function imagesChanged(initial: readonly ImageItem[], current: readonly ImageItem[]): boolean {
  return initial.map(keyOf).join("|") !== current.map(keyOf).join("|");
}

/** When a form opens on a record to edit, its heading takes focus (and comes into view). */
export function useFocusOnEdit(editing: boolean, headingId: string) {
  useEffect(() => {
    if (!editing) return;
    const heading = document.getElementById(headingId);
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView({
      block: "start",
      behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
    });
  }, [editing, headingId]);
}
