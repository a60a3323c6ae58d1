import type { Permission } from "#shared/staff.ts";

/**
 * Guided tours (spec §1, §2, §3–§5, §9). A tour is a list of steps, each pointing at a page element by a
 * selector (the pages mark their elements with `data-tour` attributes) with the text shown beside it.
 */
export type TourPlacement = "top" | "bottom" | "left" | "right";

export type TourStep = {
  /** A selector string, e.g. `[data-tour="product-form"]`; steps with an empty or non-string target are dropped. */
  target: string;
  content: string;
  /** Default bottom (spec §3). */
  placement?: TourPlacement;
};

export const DEALER_TOUR_TYPES = [
  "dealer-registration",
  "dealer-company-form",
  "dealer-documents",
  "dealer-installations",
  "dealer-profile",
] as const;

export const ADMIN_TOUR_TYPES = [
  "admin-dashboard",
  "admin-product-form",
  "admin-dealer-verification",
  "admin-quotations",
  "admin-users",
  "admin-blog-form",
  "admin-team-form",
  "admin-case-study-form",
] as const;

export type TourType = (typeof DEALER_TOUR_TYPES)[number] | (typeof ADMIN_TOUR_TYPES)[number];

export type TourDefinition = {
  type: TourType;
  /** What the Help panel lists. */
  title: string;
  summary: string;
  /** The page the tour runs on; the Help panel navigates there first and starts once the targets exist. */
  path: string;
  audience: "admin" | "dealer";
  /** A back-office tour's permission (decision 035): offered only to roles that may do what it shows. */
  permission?: Permission;
  steps: TourStep[];
};

/** `[data-tour="name"]` */
export const tourTarget = (name: string) => `[data-tour="${name}"]`;
