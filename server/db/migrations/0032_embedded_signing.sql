CREATE TABLE "api_user_embed_origins" (
	"api_user_id" uuid NOT NULL,
	"origin" text NOT NULL,
	CONSTRAINT "api_user_embed_origins_api_user_id_origin_pk" PRIMARY KEY("api_user_id","origin")
);
--> statement-breakpoint
CREATE TABLE "embedded_signing_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"signature_id" uuid NOT NULL,
	"api_user_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_user_embed_origins" ADD CONSTRAINT "api_user_embed_origins_api_user_id_api_users_user_id_fk" FOREIGN KEY ("api_user_id") REFERENCES "public"."api_users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_signing_links" ADD CONSTRAINT "embedded_signing_links_signature_id_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."signatures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_signing_links" ADD CONSTRAINT "embedded_signing_links_api_user_id_api_users_user_id_fk" FOREIGN KEY ("api_user_id") REFERENCES "public"."api_users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedded_signing_links_signature_idx" ON "embedded_signing_links" USING btree ("signature_id");