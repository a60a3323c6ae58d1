CREATE TABLE "dealer_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_tiers_discount_check" CHECK ("dealer_tiers"."discount_percent" >= 0 and "dealer_tiers"."discount_percent" < 100)
);
--> statement-breakpoint
CREATE TABLE "price_breaks" (
	"product_id" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"discount_percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "price_breaks_product_id_min_quantity_pk" PRIMARY KEY("product_id","min_quantity"),
	CONSTRAINT "price_breaks_quantity_check" CHECK ("price_breaks"."min_quantity" >= 2),
	CONSTRAINT "price_breaks_discount_check" CHECK ("price_breaks"."discount_percent" > 0 and "price_breaks"."discount_percent" < 100)
);
--> statement-breakpoint
CREATE TABLE "product_tier_prices" (
	"product_id" integer NOT NULL,
	"tier_id" integer NOT NULL,
	"price_usd" numeric(12, 2) NOT NULL,
	CONSTRAINT "product_tier_prices_product_id_tier_id_pk" PRIMARY KEY("product_id","tier_id"),
	CONSTRAINT "product_tier_prices_price_check" CHECK ("product_tier_prices"."price_usd" > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "retail_price_usd" numeric(12, 2);--> statement-breakpoint
-- Until an admin sets it, a product's retail price is its one price so far (what visitors' quotations were made at).
UPDATE "products" SET "retail_price_usd" = "price_usd";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "retail_price_usd" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "tier_id" integer;--> statement-breakpoint
ALTER TABLE "price_breaks" ADD CONSTRAINT "price_breaks_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tier_prices" ADD CONSTRAINT "product_tier_prices_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tier_prices" ADD CONSTRAINT "product_tier_prices_tier_id_dealer_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."dealer_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_tiers_name_key" ON "dealer_tiers" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_tier_id_dealer_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."dealer_tiers"("id") ON DELETE set null ON UPDATE no action;