CREATE TABLE "identification_events" (
	"id" text PRIMARY KEY NOT NULL,
	"identification_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"signature_id" uuid,
	"provider" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"provider_ref" text NOT NULL,
	"ident_url" text NOT NULL,
	"result" jsonb,
	"amount" integer,
	"currency" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "identifications_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
CREATE TABLE "visual_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"kind" text DEFAULT 'typed' NOT NULL,
	"font" text,
	"image_key" text,
	"display_date" boolean DEFAULT true NOT NULL,
	"display_claim" boolean DEFAULT true NOT NULL,
	"display_standards" boolean DEFAULT true NOT NULL,
	"display_qr" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identification_events" ADD CONSTRAINT "identification_events_identification_id_identifications_id_fk" FOREIGN KEY ("identification_id") REFERENCES "public"."identifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_signature_id_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."signatures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_signatures" ADD CONSTRAINT "visual_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identifications_user_idx" ON "identifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "identifications_signature_idx" ON "identifications" USING btree ("signature_id");--> statement-breakpoint
CREATE INDEX "visual_signatures_user_idx" ON "visual_signatures" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visual_signatures_default_idx" ON "visual_signatures" USING btree ("user_id") WHERE "visual_signatures"."is_default";