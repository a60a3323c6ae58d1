CREATE TABLE "dealer_profiles" (
	"dealer_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"logo" text,
	"description" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"province" text,
	"provinces_served" text[] DEFAULT '{}'::text[] NOT NULL,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"whatsapp" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"leads_paused" boolean DEFAULT false NOT NULL,
	"last_offered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"responded_by" integer,
	CONSTRAINT "lead_offers_status_check" CHECK ("lead_offers"."status" in ('offered', 'accepted', 'declined', 'expired', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"source" text NOT NULL,
	"province" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"dealer_id" integer,
	"accepted_at" timestamp with time zone,
	"assigned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('open', 'accepted', 'unassigned', 'closed')),
	CONSTRAINT "leads_source_check" CHECK ("leads"."source" in ('quote', 'cart', 'calculator'))
);
--> statement-breakpoint
ALTER TABLE "dealer_documents" DROP CONSTRAINT "dealer_documents_kind_check";--> statement-breakpoint
ALTER TABLE "dealer_documents" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "dealer_documents" ADD COLUMN "licence_class" text;--> statement-breakpoint
ALTER TABLE "dealer_documents" ADD COLUMN "reminder_30_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dealer_documents" ADD COLUMN "reminder_7_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dealer_documents" ADD COLUMN "expired_notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "documents_expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "installations" ADD COLUMN "town" text;--> statement-breakpoint
ALTER TABLE "installations" ADD COLUMN "show_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "installations" ADD COLUMN "photos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_profiles" ADD CONSTRAINT "dealer_profiles_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_offers" ADD CONSTRAINT "lead_offers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_offers" ADD CONSTRAINT "lead_offers_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_offers" ADD CONSTRAINT "lead_offers_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_profiles_slug_key" ON "dealer_profiles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "dealer_profiles_published_idx" ON "dealer_profiles" USING btree ("published","province");--> statement-breakpoint
CREATE INDEX "dealer_profiles_served_idx" ON "dealer_profiles" USING gin ("provinces_served");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_offers_lead_dealer_key" ON "lead_offers" USING btree ("lead_id","dealer_id");--> statement-breakpoint
CREATE INDEX "lead_offers_dealer_idx" ON "lead_offers" USING btree ("dealer_id","status");--> statement-breakpoint
CREATE INDEX "lead_offers_due_idx" ON "lead_offers" USING btree ("expires_at") WHERE "lead_offers"."status" = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "leads_quotation_key" ON "leads" USING btree ("quotation_id");--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leads_dealer_idx" ON "leads" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "dealer_documents_expiry_idx" ON "dealer_documents" USING btree ("expires_on") WHERE "dealer_documents"."expires_on" is not null;--> statement-breakpoint
ALTER TABLE "dealer_documents" ADD CONSTRAINT "dealer_documents_licence_class_check" CHECK ("dealer_documents"."licence_class" is null or "dealer_documents"."licence_class" in ('ST1', 'ST2', 'ST3', 'ST4'));--> statement-breakpoint
ALTER TABLE "dealer_documents" ADD CONSTRAINT "dealer_documents_kind_check" CHECK ("dealer_documents"."kind" in ('tax_clearance', 'certificate_of_incorporation', 'director_id', 'zera_licence'));--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_photos_max" CHECK (cardinality("installations"."photos") <= 4);