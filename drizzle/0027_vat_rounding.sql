-- Decision 031: the rows that exist were rounded per line and keep it; new rows round once per rate ('group').
ALTER TABLE "orders" ADD COLUMN "vat_rounding" text DEFAULT 'line' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "vat_rounding" SET DEFAULT 'group';--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "vat_rounding" text DEFAULT 'line' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ALTER COLUMN "vat_rounding" SET DEFAULT 'group';
