CREATE TABLE "document_sequences" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_sequences_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" integer NOT NULL,
	"invoice_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_tin" text,
	"buyer_vat_number" text,
	"currency" text NOT NULL,
	"exchange_rate" numeric(14, 4),
	"rate_date" date,
	"vat_rate" numeric(5, 2),
	"subtotal" numeric(18, 2) NOT NULL,
	"vat" numeric(18, 2) NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"content" jsonb NOT NULL,
	"fiscal_status" text DEFAULT 'not_required' NOT NULL,
	"fiscal" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_fiscal_status_check" CHECK ("tax_documents"."fiscal_status" in ('not_required', 'pending', 'fiscalised'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hs_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit_price_secondary" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "hs_code" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_usd" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_usd" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "secondary_currency" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_secondary" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_secondary" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_secondary" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "quotation_products" ADD COLUMN "hs_code" text;--> statement-breakpoint
ALTER TABLE "quotation_products" ADD COLUMN "vat_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_products" ADD COLUMN "vat_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "vat_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_key" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_sequence_key" ON "tax_documents" USING btree ("kind","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_kind_key" ON "tax_documents" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_fiscal_idx" ON "tax_documents" USING btree ("fiscal_status","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hs_code_check" CHECK ("products"."hs_code" ~ '^[0-9]{8}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_category_check" CHECK ("products"."vat_category" in ('standard', 'zero_rated', 'exempt'));--> statement-breakpoint
UPDATE "orders" SET "subtotal_usd" = "total_usd", "vat_usd" = 0, "subtotal" = coalesce("total", "total_usd"), "vat" = 0;
