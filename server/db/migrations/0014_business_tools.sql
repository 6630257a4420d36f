CREATE TABLE "api_users" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"username" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"key_hash" text NOT NULL,
	"scope" text NOT NULL,
	"callback_secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"key_issued_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "api_users_username_unique" UNIQUE("username"),
	CONSTRAINT "api_users_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "seal_members" (
	"seal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "seal_members_seal_id_user_id_pk" PRIMARY KEY("seal_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "seals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"account_name" text NOT NULL,
	"display_name" text NOT NULL,
	"quality" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"image_key" text,
	"image_type" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seals_account_name_unique" UNIQUE("account_name")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "aes4biz" jsonb;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "callbacks" jsonb;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "retention_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "seal_id" uuid;--> statement-breakpoint
ALTER TABLE "api_users" ADD CONSTRAINT "api_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_users" ADD CONSTRAINT "api_users_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_members" ADD CONSTRAINT "seal_members_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_members" ADD CONSTRAINT "seal_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seals" ADD CONSTRAINT "seals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_users_business_idx" ON "api_users" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "seal_members_user_idx" ON "seal_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "seals_business_idx" ON "seals" USING btree ("business_id");--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE set null ON UPDATE no action;