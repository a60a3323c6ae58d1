import { useState } from "react";
import type { ImageItem } from "./file-fields.tsx";

/** A record's stored images as the kit's image list holds them. */
export const storedItems = (names: readonly (string | null | undefined)[]): ImageItem[] =>
  names.filter((n): n is string => Boolean(n)).map((name) => ({ kind: "stored", name }));

const keyOf = (item: ImageItem) => (item.kind === "stored" ? `stored:${item.name}` : `new:${item.key}`);

/** Whether the list differs from the stored images it started from (added, removed or moved). */
export function imagesChanged(initial: readonly ImageItem[], current: readonly ImageItem[]): boolean {
  return initial.map(keyOf).join("|") !== current.map(keyOf).join("|");
}

/** The part of a kit form (`useUploadForm`, a content form) that holds the server's messages about its files. */
type FileMessages = { fileErrors: Readonly<Record<string, string>>; clearFileError: (name: string) => void };

/**
 * The state of a form's `ImageListField` named `name`, starting from the record's stored `names`: the images it holds
 * now, whether they differ from the stored ones, and `field`, the field's `items`, `onChange` and `error` (the
 * server's message about the file, cleared on a change, which also runs `onChange`).
 */
export function useImageItems(names: readonly (string | null | undefined)[], form: FileMessages, name: string, onChange?: () => void) {
  const [items, setItems] = useState<ImageItem[]>(() => storedItems(names));
  return {
    items,
    setItems,
    changed: imagesChanged(storedItems(names), items),
    field: {
      items,
      onChange: (next: ImageItem[]) => {
        setItems(next);
        form.clearFileError(name);
        onChange?.();
      },
      error: form.fileErrors[name],
    },
  };
}
