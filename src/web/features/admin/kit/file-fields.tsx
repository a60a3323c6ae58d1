import { ArrowDown, ArrowUp, FileText, ImagePlus, Trash2 } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { imageVariantName, type MediaFolder, mediaUrl } from "#shared/media.ts";

/** An image of a form: one already stored (by name) or a file chosen now. The first is the main image. */
export type ImageItem = { kind: "stored"; name: string } | { kind: "new"; key: string; file: File };

export const IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";

/** The browser's check before anything is sent (the server checks the content again). */
export function checkImageFile(file: File, maxBytes: number): string | null {
  const name = file.name.toLowerCase();
  if (!/\.(jpe?g|png)$/.test(name) || !(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name}: only JPG and PNG images are accepted.`;
  }
  if (file.size === 0) return `${file.name}: the file is empty.`;
  if (file.size > maxBytes) return `${file.name}: each image must be ${Math.round(maxBytes / 1024 / 1024)} MB or smaller.`;
  return null;
}

export function checkPdfFile(file: File, maxBytes: number): string | null {
  if (!file.name.toLowerCase().endsWith(".pdf") || (file.type !== "" && file.type !== "application/pdf")) {
    return `${file.name}: only PDF files are accepted.`;
  }
  if (file.size === 0) return `${file.name}: the file is empty.`;
  if (file.size > maxBytes) return `${file.name}: the PDF must be ${Math.round(maxBytes / 1024 / 1024)} MB or smaller.`;
  return null;
}

/**
 * The multipart form of an image list: new files under `field` in their order, and `order` naming every image in
 * display order ("stored:<name>" or "new:<index among the new files>"), so the server can keep, drop and reorder.
 */
export function appendImages(form: FormData, items: readonly ImageItem[], field = "images", orderField = "imageOrder") {
  let n = 0;
  const order: string[] = [];
  for (const item of items) {
    if (item.kind === "stored") order.push(`stored:${item.name}`);
    else {
      form.append(field, item.file, item.file.name);
      order.push(`new:${n++}`);
    }
  }
  form.append(orderField, JSON.stringify(order));
}

/** A form's text fields as a new multipart body (null and undefined sent empty: "none"); files go after them. */
export function fieldsForm(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value === null || value === undefined ? "" : String(value));
  return form;
}

let counter = 0;

function Preview({ item, folder }: { item: ImageItem; folder: MediaFolder }) {
  const url = useMemo(() => (item.kind === "new" ? URL.createObjectURL(item.file) : null), [item]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const src = item.kind === "stored" ? mediaUrl(folder, imageVariantName(item.name, 400)) : (url ?? "");
  return (
    <img src={src} alt="" width={96} height={72} className="h-18 w-24 shrink-0 rounded border border-slate-200 bg-slate-100 object-cover" />
  );
}

type ImageListFieldProps = {
  label: string;
  folder: MediaFolder;
  items: readonly ImageItem[];
  onChange: (items: ImageItem[]) => void;
  max: number;
  maxBytes?: number;
  hint?: string;
  error?: string | undefined;
  tour?: string;
  /** Wording for choosing more than `max` (the server's own words, so both say the same). */
  tooManyMessage?: string;
};

/**
 * Images with previews: add (checked in the browser for type, size and count), remove, and reorder with buttons
 * (the first is the main image). Changes are announced to screen readers.
 */
export function ImageListField({
  label,
  folder,
  items,
  onChange,
  max,
  maxBytes = 3 * 1024 * 1024,
  hint,
  error,
  tour,
  tooManyMessage,
}: ImageListFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const shown = problem ?? error;
  const nameOf = (item: ImageItem) => (item.kind === "stored" ? item.name : item.file.name);

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = [...files];
    if (items.length + chosen.length > max) {
      setProblem(tooManyMessage ?? `At most ${max} image${max === 1 ? "" : "s"}: remove one before adding another.`);
      return;
    }
    for (const file of chosen) {
      const failure = checkImageFile(file, maxBytes);
      if (failure) {
        setProblem(failure);
        return;
      }
    }
    setProblem(null);
    onChange([...items, ...chosen.map((file) => ({ kind: "new" as const, key: `f${++counter}`, file }))]);
    setAnnouncement(`${chosen.length} image${chosen.length === 1 ? "" : "s"} added.`);
  };
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    if (!item) return;
    next.splice(to, 0, item);
    onChange(next);
    setAnnouncement(`${nameOf(item)} moved to position ${to + 1} of ${next.length}.`);
  };

  return (
    <fieldset className="min-w-0 space-y-2" data-tour={tour} aria-describedby={shown ? `${id}-error` : hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        {label}{" "}
        <span className="font-normal text-slate-600">
          ({items.length} of {max})
        </span>
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ol className="space-y-2">
          {items.map((item, i) => (
            <li
              key={item.kind === "stored" ? item.name : item.key}
              className="flex items-center gap-3 rounded-md border border-slate-200 bg-white p-2"
            >
              <Preview item={item} folder={folder} />
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium text-slate-900">{nameOf(item)}</p>
                <p className="text-slate-600">
                  {i === 0 ? "Main image" : `Image ${i + 1}`}
                  {item.kind === "new" ? " · not yet uploaded" : ""}
                </p>
              </div>
              <div className="flex gap-1">
                <button
                  type="button"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={`Move ${nameOf(item)} up`}
                  className="inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-40"
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  disabled={i === items.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={`Move ${nameOf(item)} down`}
                  className="inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-40"
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  onClick={() => {
                    onChange(items.filter((_, j) => j !== i));
                    setProblem(null);
                    setAnnouncement(`${nameOf(item)} removed.`);
                  }}
                  aria-label={`Remove ${nameOf(item)}`}
                  className="inline-flex size-11 items-center justify-center rounded-md text-red-700 hover:bg-red-50"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <div>
        <input
          ref={input}
          id={`${id}-input`}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple={max > 1}
          className="sr-only"
          onChange={(e) => {
            add(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
        <label
          htmlFor={`${id}-input`}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 has-[:focus-visible]:outline-2"
        >
          <ImagePlus aria-hidden="true" className="size-4" /> Add image{max > 1 ? "s" : ""}
          <span className="sr-only"> to {label}</span>
        </label>
        <span className="ml-3 text-sm text-slate-600">JPG or PNG, up to {Math.round(maxBytes / 1024 / 1024)} MB each</span>
      </div>
      {shown ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {shown}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}

type PdfFieldProps = {
  label: string;
  /** The stored file's name and link, when there is one. */
  current: { name: string; href: string } | null;
  file: File | null;
  onChange: (file: File | null) => void;
  maxBytes?: number;
  error?: string | undefined;
  hint?: string;
  tour?: string;
};

/** One PDF: the stored one (linked), or a file chosen now (checked in the browser), removable before saving. */
export function PdfField({ label, current, file, onChange, maxBytes = 10 * 1024 * 1024, error, hint, tour }: PdfFieldProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  return (
    <div className="space-y-2" data-tour={tour}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {file ? (
        <p className="flex items-center gap-2 text-sm text-slate-800">
          <FileText aria-hidden="true" className="size-4" /> {file.name} (not yet uploaded)
          <button type="button" className="min-h-11 px-2 font-semibold text-red-700 underline" onClick={() => onChange(null)}>
            Remove
          </button>
        </p>
      ) : current ? (
        <p className="flex items-center gap-2 text-sm">
          <FileText aria-hidden="true" className="size-4" />
          <a href={current.href} className="text-accent-800 underline" target="_blank" rel="noreferrer">
            {current.name}
          </a>
        </p>
      ) : null}
      <input
        id={id}
        type="file"
        accept=".pdf,application/pdf"
        aria-invalid={shown ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : "", shown ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
        className="block text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
        onChange={(e) => {
          const chosen = e.currentTarget.files?.[0] ?? null;
          e.currentTarget.value = "";
          if (!chosen) return;
          const failure = checkPdfFile(chosen, maxBytes);
          setProblem(failure);
          if (!failure) onChange(chosen);
        }}
      />
      {shown ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
