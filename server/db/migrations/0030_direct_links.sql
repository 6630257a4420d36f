CREATE TABLE "direct_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"signature_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signatures" DROP CONSTRAINT "signatures_direct_token_hash_unique";--> statement-breakpoint
ALTER TABLE "direct_links" ADD CONSTRAINT "direct_links_signature_id_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."signatures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_links_signature_idx" ON "direct_links" USING btree ("signature_id");--> statement-breakpoint
-- The link each signer holds today keeps working.
INSERT INTO "direct_links" ("token_hash", "signature_id") SELECT "direct_token_hash", "id" FROM "signatures" WHERE "direct_token_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "signatures" DROP COLUMN "direct_token_hash";