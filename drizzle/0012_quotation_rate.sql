ALTER TABLE "quotations" ADD COLUMN "exchange_rate" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "rate_date" date;