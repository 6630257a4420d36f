ALTER TABLE "signature_usages" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "signature_usages" ADD CONSTRAINT "signature_usages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_usages_business_idx" ON "signature_usages" USING btree ("business_id","signed_at");--> statement-breakpoint
-- A signature is the business's that the signer signed for then: the seal's, else the one the signer was a
-- member or API user of. It stays so when they leave or delete their account (which empties signer_id), so
-- an update of the signature never changes it.
CREATE OR REPLACE FUNCTION "signatures_record_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO signature_usages (signature_id, request_id, signer_id, business_id, quality, seal_id, signed_at)
  VALUES (
    NEW.id, NEW.request_id, NEW.signer_id,
    coalesce(
      (SELECT business_id FROM seals WHERE id = NEW.seal_id),
      (SELECT business_id FROM business_members WHERE user_id = NEW.signer_id),
      (SELECT business_id FROM api_users WHERE user_id = NEW.signer_id)
    ),
    coalesce(NEW.quality, 'ses'), NEW.seal_id, NEW.signed_at
  )
  ON CONFLICT (signature_id) DO UPDATE SET signer_id = EXCLUDED.signer_id, quality = EXCLUDED.quality,
    seal_id = EXCLUDED.seal_id, signed_at = EXCLUDED.signed_at;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The records made before: the business they belong to now is the best there is.
UPDATE signature_usages u SET business_id = coalesce(
  (SELECT business_id FROM seals WHERE id = u.seal_id),
  (SELECT business_id FROM business_members WHERE user_id = u.signer_id),
  (SELECT business_id FROM api_users WHERE user_id = u.signer_id)
);
