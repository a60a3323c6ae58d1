export { formatDate } from "#shared/dates.ts";

/** Spec §9: blog excerpts and article descriptions are cut at 150 characters, on a word boundary, with '…'. */
export const EXCERPT_LENGTH = 150;

export function excerpt(text: string, max: number = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  // One character more, so a word that ends exactly at the limit is kept whole.
  const window = flat.slice(0, max + 1);
  const space = window.lastIndexOf(" ");
  const head = space > 0 ? window.slice(0, space) : flat.slice(0, max);
  return `${head.replace(/[\s,;:.!?—–-]+$/u, "")}…`;
}

/** The API's comma-separated image lists, as file names. */
export function imageList(images: string): string[] {
  return images
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Stories keep their paragraphs as blank-line-separated text. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** "PDF" for "iso-9001.pdf": the file type a download link names. */
export function fileType(path: string): string {
  const ext = path.split(".").pop();
  return ext && ext !== path ? ext.toUpperCase() : "File";
}
