CREATE TABLE "skribble_sendtos" (
	"signature_id" uuid PRIMARY KEY NOT NULL,
	"access_code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "skribble_sendtos" ADD CONSTRAINT "skribble_sendtos_signature_id_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."signatures"("id") ON DELETE cascade ON UPDATE no action;