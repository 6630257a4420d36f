CREATE TABLE "signature_usages" (
	"signature_id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"signer_id" uuid,
	"quality" text NOT NULL,
	"seal_id" uuid,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_usages" ADD CONSTRAINT "signature_usages_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_usages" ADD CONSTRAINT "signature_usages_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_usages_signer_idx" ON "signature_usages" USING btree ("signer_id","signed_at");--> statement-breakpoint
CREATE INDEX "signature_usages_signed_idx" ON "signature_usages" USING btree ("signed_at");--> statement-breakpoint
-- Records each signature's use in the statement that signs it; a signature recorded without a quality
-- was simple (the platform's own certificate gives simple signatures).
CREATE FUNCTION "signatures_record_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO signature_usages (signature_id, request_id, signer_id, quality, seal_id, signed_at)
  VALUES (NEW.id, NEW.request_id, NEW.signer_id, coalesce(NEW.quality, 'ses'), NEW.seal_id, NEW.signed_at)
  ON CONFLICT (signature_id) DO UPDATE SET signer_id = EXCLUDED.signer_id, quality = EXCLUDED.quality,
    seal_id = EXCLUDED.seal_id, signed_at = EXCLUDED.signed_at;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "signatures_record_usage" AFTER INSERT OR UPDATE OF signed_at, quality, seal_id, signer_id
ON "signatures" FOR EACH ROW WHEN (NEW.signed_at IS NOT NULL) EXECUTE FUNCTION signatures_record_usage();--> statement-breakpoint
INSERT INTO signature_usages (signature_id, request_id, signer_id, quality, seal_id, signed_at)
SELECT id, request_id, signer_id, coalesce(quality, 'ses'), seal_id, signed_at FROM signatures WHERE signed_at IS NOT NULL;
