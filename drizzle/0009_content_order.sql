-- Issue 18 §8: FAQs, testimonials and team members are kept in the admin's order by their sort_order column (there
-- since 0000_init; "position" would clash with team_members.position, the job title). Moving one up or down swaps
-- it with its neighbour, so each list is numbered 0, 1, 2 … here in the order the site shows it today
-- (sort_order, then id): ties and gaps left by earlier rows go, nothing visible changes.
UPDATE "faqs" SET "sort_order" = ordered.n
FROM (SELECT "id", (row_number() OVER (ORDER BY "sort_order", "id") - 1)::int AS n FROM "faqs") AS ordered
WHERE "faqs"."id" = ordered."id" AND "faqs"."sort_order" <> ordered.n;--> statement-breakpoint
UPDATE "testimonials" SET "sort_order" = ordered.n
FROM (SELECT "id", (row_number() OVER (ORDER BY "sort_order", "id") - 1)::int AS n FROM "testimonials") AS ordered
WHERE "testimonials"."id" = ordered."id" AND "testimonials"."sort_order" <> ordered.n;--> statement-breakpoint
UPDATE "team_members" SET "sort_order" = ordered.n
FROM (SELECT "id", (row_number() OVER (ORDER BY "sort_order", "id") - 1)::int AS n FROM "team_members") AS ordered
WHERE "team_members"."id" = ordered."id" AND "team_members"."sort_order" <> ordered.n;
