ALTER TABLE "orders" ADD COLUMN "exchange_rate" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rate_date" date;