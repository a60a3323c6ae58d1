/**
 * The one layout grid: the header, the footer and every public page sit in this container, so a page's
 * heading starts where the logo does at every width.
 */
export const CONTAINER = "mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8";

/**
 * The reading column inside the container, where reading is the point (a blog, a case study's story, the FAQs): a
 * comfortable line length, aligned with the container's start like every heading.
 */
export const READING = "max-w-3xl";
