CREATE TABLE "api_key_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"api_user_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"ip" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_signings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"signature_id" uuid,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"mobile" text NOT NULL,
	"body" jsonb NOT NULL,
	"secret_hash" text NOT NULL,
	"status" text NOT NULL,
	"tries_left" integer NOT NULL,
	"sent_count" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identifications" ADD COLUMN "signature_request_id" uuid;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "quality" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "legislation" text;--> statement-breakpoint
ALTER TABLE "api_key_uses" ADD CONSTRAINT "api_key_uses_api_user_id_api_users_user_id_fk" FOREIGN KEY ("api_user_id") REFERENCES "public"."api_users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_uses" ADD CONSTRAINT "api_key_uses_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_signings" ADD CONSTRAINT "mobile_signings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_signings" ADD CONSTRAINT "mobile_signings_signature_id_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."signatures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_uses_business_idx" ON "api_key_uses" USING btree ("business_id","used_at");--> statement-breakpoint
CREATE INDEX "mobile_signings_user_idx" ON "mobile_signings" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_signature_request_id_signature_requests_id_fk" FOREIGN KEY ("signature_request_id") REFERENCES "public"."signature_requests"("id") ON DELETE set null ON UPDATE no action;