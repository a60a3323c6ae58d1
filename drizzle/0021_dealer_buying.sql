CREATE TABLE "order_payment_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reference" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_charges_kind_check" CHECK ("quotation_charges"."kind" in ('delivery', 'installation', 'discount')),
	CONSTRAINT "quotation_charges_amount_check" CHECK ("quotation_charges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"role" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_role_check" CHECK ("company_members"."role" in ('buyer', 'technician'))
);
--> statement-breakpoint
CREATE TABLE "dealer_cart_lines" (
	"dealer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_cart_lines_dealer_id_product_id_pk" PRIMARY KEY("dealer_id","product_id"),
	CONSTRAINT "dealer_cart_lines_quantity_check" CHECK ("dealer_cart_lines"."quantity" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "dealer_kit_lines" (
	"kit_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "dealer_kit_lines_kit_id_product_id_pk" PRIMARY KEY("kit_id","product_id"),
	CONSTRAINT "dealer_kit_lines_quantity_check" CHECK ("dealer_kit_lines"."quantity" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "dealer_kits" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_id_check";--> statement-breakpoint
ALTER TABLE "quotations" DROP CONSTRAINT "quotations_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quotation_id" integer;--> statement-breakpoint
ALTER TABLE "quotation_products" ADD COLUMN "added_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "placed_by" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "access_token_hash" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "accepted_by" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_payment_proofs" ADD CONSTRAINT "order_payment_proofs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payment_proofs" ADD CONSTRAINT "order_payment_proofs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_charges" ADD CONSTRAINT "quotation_charges_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_cart_lines" ADD CONSTRAINT "dealer_cart_lines_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_cart_lines" ADD CONSTRAINT "dealer_cart_lines_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_kit_lines" ADD CONSTRAINT "dealer_kit_lines_kit_id_dealer_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."dealer_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_kit_lines" ADD CONSTRAINT "dealer_kit_lines_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_kits" ADD CONSTRAINT "dealer_kits_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_kits" ADD CONSTRAINT "dealer_kits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payment_proofs_order_idx" ON "order_payment_proofs" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payment_proofs_storage_key" ON "order_payment_proofs" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "quotation_charges_quotation_idx" ON "quotation_charges" USING btree ("quotation_id");--> statement-breakpoint
CREATE INDEX "company_members_dealer_idx" ON "company_members" USING btree ("dealer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_kits_name_key" ON "dealer_kits" USING btree ("dealer_id",lower("name"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quotation_idx" ON "orders" USING btree ("quotation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_access_token_idx" ON "quotations" USING btree ("access_token_hash");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_check" CHECK ("users"."role_id" between 1 and 5);--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_status_check" CHECK ("quotations"."status" in ('pending', 'approved', 'rejected', 'expired', 'accepted'));