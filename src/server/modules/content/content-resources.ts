import {
  type Award,
  type Certificate,
  type Faq,
  POSITION_TAKEN,
  type Position,
  type TeamMember,
  type Testimonial,
} from "#shared/schemas/content.ts";
import { articles, awards, blogs, caseStudies, certificates, faqs, positions, teamMembers, testimonials } from "../../db/schema/content.ts";
import { defineResource, quote } from "../../platform/resources/resource.ts";
import {
  articleColumns,
  awardColumns,
  blogColumns,
  caseStudyColumns,
  certificateColumns,
  faqColumns,
  positionColumns,
  teamColumns,
  testimonialColumns,
  toArticle,
  toBlog,
  toCaseStudy,
} from "./content.service.ts";

/**
 * The back office's content resources, each described once (platform/resources/resource.ts): where its rows live,
 * how the API names its fields, how the audit log names it, the files it owns, whether it is kept in order.
 */

const as = <T>(row: T) => row;

export const blogResource = defineResource({
  name: "blog",
  table: blogs,
  id: blogs.id,
  columns: blogColumns,
  view: toBlog,
  audit: { entity: "blog", label: (b) => `Blog ${quote(b.title)}` },
  files: [{ folder: "blogs", kind: "image", of: (b) => b.images }],
});

export const caseStudyResource = defineResource({
  name: "case study",
  table: caseStudies,
  id: caseStudies.id,
  columns: caseStudyColumns,
  view: toCaseStudy,
  audit: { entity: "case-study", label: (c) => `Case study ${quote(c.projectName)}` },
  files: [{ folder: "caseStudyImages", kind: "image", of: (c) => c.images }],
});

export const teamResource = defineResource({
  name: "team member",
  table: teamMembers,
  id: teamMembers.id,
  columns: teamColumns,
  view: as<TeamMember>,
  audit: { entity: "team", label: (m) => `Team member ${quote(m.name)}` },
  files: [{ folder: "team", kind: "image", of: (m) => [m.picture] }],
  ordered: true,
  deleteWord: "removed",
});

export const testimonialResource = defineResource({
  name: "testimonial",
  table: testimonials,
  id: testimonials.id,
  columns: testimonialColumns,
  view: as<Testimonial>,
  audit: { entity: "testimonial", label: (t) => `Testimonial of ${quote(t.person)}` },
  files: [{ folder: "testimonials", kind: "image", of: (t) => [t.image] }],
  ordered: true,
});

export const awardResource = defineResource({
  name: "award",
  table: awards,
  id: awards.id,
  columns: awardColumns,
  view: as<Award>,
  audit: { entity: "award", label: (a) => `Award ${quote(a.name)}` },
  files: [{ folder: "awards", kind: "image", of: (a) => [a.image] }],
});

export const certificateResource = defineResource({
  name: "certificate",
  table: certificates,
  id: certificates.id,
  columns: certificateColumns,
  view: as<Certificate>,
  audit: { entity: "certificate", label: (c) => `Certificate ${quote(c.title)}` },
  files: [{ folder: "certificates", kind: "file", of: (c) => [c.path] }],
});

export const articleResource = defineResource({
  name: "article",
  table: articles,
  id: articles.articleId,
  columns: articleColumns,
  view: toArticle,
  audit: { entity: "article", label: (a) => `Article ${quote(a.article_title)}` },
});

/** The worked example: a plain resource kept in the admin's order. */
export const faqResource = defineResource({
  name: "FAQ",
  table: faqs,
  id: faqs.id,
  columns: faqColumns,
  view: as<Faq>,
  audit: { entity: "faq", label: (q) => `FAQ ${quote(q.question)}` },
  ordered: true,
});

export const positionResource = defineResource({
  name: "position",
  table: positions,
  id: positions.id,
  columns: positionColumns,
  view: as<Position>,
  audit: { entity: "position", label: (p) => `Position ${quote(p.name)}` },
  ordered: true,
  // A position's name is unique whatever its case.
  unique: { columns: [positions.name], ignoreCase: true, message: POSITION_TAKEN },
});
