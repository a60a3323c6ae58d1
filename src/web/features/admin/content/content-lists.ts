import type { Article, Award, Certificate, Faq, Testimonial } from "#shared/schemas/content.ts";
import { type ListParamOptions, type ListParams, pageOf, readListParams, sortRows } from "../kit/list-params.ts";
import { editParam } from "./content-ui.tsx";
import type { PositionRow } from "./positions-panel.tsx";

/**
 * The Site Content sections' lists: how each is sorted, searched and filtered, and which record
 * `?edit=` names, so each section's loader is one call to `sectionPage`.
 */
type SectionList<T, Sort extends string> = {
  options: ListParamOptions<Sort>;
  sortKey: (row: T, sort: Sort) => string | number | null;
  text: (row: T) => string;
  id: (row: T) => number;
  /** The rows a filter of the URL keeps (all when absent). */
  only?: (row: T, params: ListParams<Sort>) => boolean;
};

/** A section's loader data: the page of rows the URL asks for, the list's parameters and the record being edited. */
export function sectionPage<T, Sort extends string>(request: Request, all: readonly T[], list: SectionList<T, Sort>) {
  const params = readListParams(request.url, list.options);
  const shown = list.only ? all.filter((row) => list.only?.(row, params)) : all;
  const page = pageOf(
    sortRows(shown, (row) => list.sortKey(row, params.sort), params.dir),
    params,
    list.text,
  );
  const editId = editParam(request);
  return { ...page, params, editing: all.find((row) => list.id(row) === editId) ?? null };
}

/** Records in the order the public pages show them, numbered (0 first) for the list's "#" column. */
export const numbered = <T>(rows: readonly T[]): (T & { order: number })[] => rows.map((row, order) => ({ ...row, order }));

const lower = (s: string) => s.toLowerCase();

export const TESTIMONIALS_LIST: SectionList<Testimonial & { order: number }, "order" | "person"> = {
  options: { sorts: ["order", "person"], defaultSort: "order" },
  sortKey: (t, sort) => (sort === "person" ? lower(t.person) : t.order),
  text: (t) => `${t.person} ${t.person_role} ${t.message}`,
  id: (t) => t.id,
};

export const AWARDS_LIST: SectionList<Award, "name" | "year"> = {
  options: { sorts: ["name", "year"], defaultSort: "year", defaultDir: "desc" },
  sortKey: (a, sort) => (sort === "name" ? lower(a.name) : a.year),
  text: (a) => `${a.name} ${a.year ?? ""}`,
  id: (a) => a.id,
};

export const CERTIFICATES_LIST: SectionList<Certificate, "title"> = {
  options: { sorts: ["title"], defaultSort: "title" },
  sortKey: (c) => lower(c.title),
  text: (c) => c.title,
  id: (c) => c.id,
};

export const ARTICLES_LIST: SectionList<Article, "article_title" | "category" | "createdAt"> = {
  options: { sorts: ["article_title", "category", "createdAt"], defaultSort: "createdAt", defaultDir: "desc", filters: ["category"] },
  sortKey: (a, sort) => (sort === "article_title" ? lower(a.article_title) : sort === "category" ? a.category : a.createdAt),
  text: (a) => `${a.article_title} ${a.article_description}`,
  id: (a) => a.article_id,
  only: (a, params) => !params.filters.category || a.category === params.filters.category,
};

export const FAQS_LIST: SectionList<Faq & { order: number }, "order" | "question"> = {
  options: { sorts: ["order", "question"], defaultSort: "order" },
  sortKey: (q, sort) => (sort === "question" ? lower(q.question) : q.order),
  text: (q) => `${q.question} ${q.answer}`,
  id: (q) => q.id,
};

export const POSITIONS_LIST: SectionList<PositionRow, "name" | "held"> = {
  options: { sorts: ["name", "held"], defaultSort: "name" },
  sortKey: (p, sort) => (sort === "held" ? p.held : lower(p.name)),
  text: (p) => p.name,
  id: (p) => p.id,
};
