ALTER TABLE "fiscal_devices" ADD COLUMN "last_ping_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fiscal_devices" ADD COLUMN "reporting_frequency_min" integer;