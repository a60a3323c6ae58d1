CREATE TABLE "demo_pictures" (
	"key" text PRIMARY KEY NOT NULL,
	"visibility" text NOT NULL,
	"widths" boolean NOT NULL,
	"svg" text NOT NULL,
	"seq" serial NOT NULL,
	"claimed_until" timestamp with time zone,
	CONSTRAINT "demo_pictures_visibility_check" CHECK ("demo_pictures"."visibility" in ('public', 'private'))
);
