CREATE TABLE "fiscal_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"day_no" integer NOT NULL,
	"opened_local" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"receipt_counter" integer DEFAULT 0 NOT NULL,
	"counters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"close_error" text,
	CONSTRAINT "fiscal_days_status_check" CHECK ("fiscal_days"."status" in ('open', 'close_initiated', 'closed', 'close_failed'))
);
--> statement-breakpoint
CREATE TABLE "fiscal_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"serial_no" text NOT NULL,
	"certificate" text,
	"private_key" text,
	"certificate_valid_till" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"config" jsonb,
	"config_at" timestamp with time zone,
	"last_receipt_global_no" integer DEFAULT 0 NOT NULL,
	"last_receipt_hash" text,
	"last_receipt_date" text,
	"in_flight" jsonb,
	"lease_until" timestamp with time zone,
	"lease_by" text,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_days_device_day_key" ON "fiscal_days" USING btree ("device_id","day_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_devices_device_id_key" ON "fiscal_devices" USING btree ("device_id");