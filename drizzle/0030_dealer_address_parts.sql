ALTER TABLE "dealers" ADD COLUMN "address_province" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "address_street" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "address_house_no" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_address_parts_check" CHECK (("dealers"."address_province" is null) = ("dealers"."address_city" is null) and ("dealers"."address_city" is null) = ("dealers"."address_street" is null) and ("dealers"."address_street" is null) = ("dealers"."address_house_no" is null));