-- A draft is its owner's alone: its signers take part from the moment it is sent (DRAFT -> OPEN), when
-- they are invited, so only then is it on their list and may they read it.
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
        SELECT DISTINCT signature_participant(s.signer_id, s.account_email) FROM signatures s
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
DELETE FROM signature_request_listings l
USING signature_requests r
WHERE r.id = l.request_id AND r.status_overall = 'DRAFT'
  AND (r.owner_id <> l.user_id OR r.owner_removed_at IS NOT NULL);
