CREATE TABLE "signature_request_listings" (
	"user_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status_overall" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signature_request_listings_user_id_request_id_pk" PRIMARY KEY("user_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "signature_request_listings" ADD CONSTRAINT "signature_request_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_listings" ADD CONSTRAINT "signature_request_listings_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_request_listings_created_idx" ON "signature_request_listings" USING btree ("user_id","created_at","request_id");--> statement-breakpoint
CREATE INDEX "signature_request_listings_updated_idx" ON "signature_request_listings" USING btree ("user_id","updated_at","request_id");--> statement-breakpoint
CREATE INDEX "signature_request_listings_title_idx" ON "signature_request_listings" USING btree ("user_id","title","request_id");--> statement-breakpoint
CREATE INDEX "signature_request_listings_request_idx" ON "signature_request_listings" USING btree ("request_id");--> statement-breakpoint
-- Who takes part in a request, and so has it on their list: its owner until they take it off, and the
-- participant of each signature not removed, which is the signer's account, or for a signature sent to an
-- address without one then, the account that has that address now.
CREATE FUNCTION "signature_participant"(signer uuid, email text) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT coalesce(signer, (SELECT u.id FROM users u WHERE u.email = signature_participant.email))
$$;--> statement-breakpoint
-- Puts the request on the user's list if they take part in it, else takes it off. Nothing for a user or a
-- request being deleted: their listings go with them.
CREATE FUNCTION "refresh_signature_request_listing"(listed_user uuid, listed_request uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF listed_user IS NULL THEN
    RETURN;
  END IF;
  IF EXISTS (
    SELECT 1 FROM signature_requests r
    WHERE r.id = listed_request AND r.owner_id = listed_user AND r.owner_removed_at IS NULL
  ) OR EXISTS (
    SELECT 1 FROM signatures s
    WHERE s.request_id = listed_request AND s.removed_at IS NULL
      AND signature_participant(s.signer_id, s.account_email) = listed_user
  ) THEN
    INSERT INTO signature_request_listings (user_id, request_id, title, status_overall, created_at, updated_at)
    SELECT u.id, r.id, r.title, r.status_overall, r.created_at, r.updated_at
    FROM signature_requests r, users u
    WHERE r.id = listed_request AND u.id = listed_user
    ON CONFLICT (user_id, request_id) DO NOTHING;
  ELSE
    DELETE FROM signature_request_listings WHERE user_id = listed_user AND request_id = listed_request;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "signature_requests_keep_listings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.title, NEW.status_overall, NEW.created_at, NEW.updated_at)
      IS DISTINCT FROM (OLD.title, OLD.status_overall, OLD.created_at, OLD.updated_at) THEN
      UPDATE signature_request_listings
      SET title = NEW.title, status_overall = NEW.status_overall, created_at = NEW.created_at, updated_at = NEW.updated_at
      WHERE request_id = NEW.id;
    END IF;
    IF (NEW.owner_id, NEW.owner_removed_at) IS NOT DISTINCT FROM (OLD.owner_id, OLD.owner_removed_at) THEN
      RETURN NULL;
    END IF;
    PERFORM refresh_signature_request_listing(OLD.owner_id, OLD.id);
  END IF;
  PERFORM refresh_signature_request_listing(NEW.owner_id, NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "signature_requests_keep_listings" AFTER INSERT OR UPDATE ON "signature_requests"
FOR EACH ROW EXECUTE FUNCTION signature_requests_keep_listings();--> statement-breakpoint
CREATE FUNCTION "signatures_keep_listings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM refresh_signature_request_listing(signature_participant(OLD.signer_id, OLD.account_email), OLD.request_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM refresh_signature_request_listing(signature_participant(NEW.signer_id, NEW.account_email), NEW.request_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "signatures_keep_listings" AFTER INSERT OR DELETE OR UPDATE OF signer_id, account_email, removed_at, request_id
ON "signatures" FOR EACH ROW EXECUTE FUNCTION signatures_keep_listings();--> statement-breakpoint
-- A new account, or an account's new address, takes part in what was sent to its address without an account.
CREATE FUNCTION "users_keep_listings"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sent_to uuid;
BEGIN
  FOR sent_to IN
    SELECT DISTINCT s.request_id FROM signatures s
    WHERE s.signer_id IS NULL AND (s.account_email = NEW.email OR (TG_OP = 'UPDATE' AND s.account_email = OLD.email))
  LOOP
    PERFORM refresh_signature_request_listing(NEW.id, sent_to);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_keep_listings" AFTER INSERT OR UPDATE OF email ON "users"
FOR EACH ROW EXECUTE FUNCTION users_keep_listings();--> statement-breakpoint
INSERT INTO "signature_request_listings" (user_id, request_id, title, status_overall, created_at, updated_at)
SELECT DISTINCT p.user_id, r.id, r.title, r.status_overall, r.created_at, r.updated_at
FROM signature_requests r
JOIN (
  SELECT owner_id AS user_id, id AS request_id FROM signature_requests WHERE owner_removed_at IS NULL
  UNION
  SELECT signature_participant(signer_id, account_email), request_id FROM signatures WHERE removed_at IS NULL
) p ON p.request_id = r.id
WHERE p.user_id IS NOT NULL;
