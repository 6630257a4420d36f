CREATE TABLE "signer_group_members" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signer_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "signer_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_request_observer_groups" (
	"request_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signature_request_observer_groups_request_id_group_id_pk" PRIMARY KEY("request_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "signer_group_members" ADD CONSTRAINT "signer_group_members_group_id_signer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."signer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_group_members" ADD CONSTRAINT "signer_group_members_user_id_business_members_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."business_members"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_groups" ADD CONSTRAINT "signer_groups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_observer_groups" ADD CONSTRAINT "signature_request_observer_groups_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_observer_groups" ADD CONSTRAINT "signature_request_observer_groups_group_id_signer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."signer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signer_group_members_user_idx" ON "signer_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signer_groups_business_name_idx" ON "signer_groups" USING btree ("business_id","name");--> statement-breakpoint
CREATE INDEX "signature_request_observer_groups_group_idx" ON "signature_request_observer_groups" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_group_id_signer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."signer_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signatures_group_idx" ON "signatures" USING btree ("group_id");--> statement-breakpoint
-- A signature of a signer group (issue 43) has every member of the group as a participant too: the request is
-- on each member's list, and leaves it when they leave the group (unless they signed it themselves).
CREATE FUNCTION "signature_participants"(signer uuid, email text, signer_group uuid) RETURNS SETOF uuid LANGUAGE sql STABLE AS $$
  SELECT p FROM (
    SELECT signature_participant(signer, email) AS p
    UNION SELECT m.user_id FROM signer_group_members m WHERE m.group_id = signer_group
  ) participants WHERE p IS NOT NULL
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_signature_request_listing"(listed_user uuid, listed_request uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF listed_user IS NULL THEN
    RETURN;
  END IF;
  IF EXISTS (
    SELECT 1 FROM signature_requests r
    WHERE r.id = listed_request AND r.owner_id = listed_user AND r.owner_removed_at IS NULL
  ) OR EXISTS (
    SELECT 1 FROM signatures s JOIN signature_requests r ON r.id = s.request_id
    WHERE s.request_id = listed_request AND s.removed_at IS NULL AND r.status_overall <> 'DRAFT'
      AND listed_user IN (SELECT signature_participants(s.signer_id, s.account_email, s.group_id))
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
CREATE OR REPLACE FUNCTION "signature_requests_keep_listings"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  participant uuid;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.title, NEW.status_overall, NEW.created_at, NEW.updated_at)
      IS DISTINCT FROM (OLD.title, OLD.status_overall, OLD.created_at, OLD.updated_at) THEN
      UPDATE signature_request_listings
      SET title = NEW.title, status_overall = NEW.status_overall, created_at = NEW.created_at, updated_at = NEW.updated_at
      WHERE request_id = NEW.id;
    END IF;
    -- Sent: every signer takes part from now on.
    IF (OLD.status_overall = 'DRAFT') IS DISTINCT FROM (NEW.status_overall = 'DRAFT') THEN
      FOR participant IN
        SELECT DISTINCT signature_participants(s.signer_id, s.account_email, s.group_id) FROM signatures s
        WHERE s.request_id = NEW.id AND s.removed_at IS NULL
      LOOP
        PERFORM refresh_signature_request_listing(participant, NEW.id);
      END LOOP;
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
CREATE OR REPLACE FUNCTION "signatures_keep_listings"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  participant uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    FOR participant IN SELECT signature_participants(OLD.signer_id, OLD.account_email, OLD.group_id) LOOP
      PERFORM refresh_signature_request_listing(participant, OLD.request_id);
    END LOOP;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    FOR participant IN SELECT signature_participants(NEW.signer_id, NEW.account_email, NEW.group_id) LOOP
      PERFORM refresh_signature_request_listing(participant, NEW.request_id);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "signatures_keep_listings" ON "signatures";--> statement-breakpoint
CREATE TRIGGER "signatures_keep_listings" AFTER INSERT OR DELETE OR UPDATE OF signer_id, account_email, removed_at, request_id, group_id
ON "signatures" FOR EACH ROW EXECUTE FUNCTION signatures_keep_listings();--> statement-breakpoint
-- Joining or leaving a group puts the requests its signatures are in on the member's list, or takes them off.
CREATE FUNCTION "signer_group_members_keep_listings"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member record;
  listed uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    member := OLD;
  ELSE
    member := NEW;
  END IF;
  FOR listed IN SELECT DISTINCT s.request_id FROM signatures s WHERE s.group_id = member.group_id LOOP
    PERFORM refresh_signature_request_listing(member.user_id, listed);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "signer_group_members_keep_listings" AFTER INSERT OR DELETE ON "signer_group_members"
FOR EACH ROW EXECUTE FUNCTION signer_group_members_keep_listings();
