CREATE TABLE "operator_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"operator_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."platform_operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_operators_email_key" ON "platform_operators" USING btree (lower("email"));--> statement-breakpoint
-- Platform operators (issue 9 'Sender IDs') are not church users and not tenant tables. The
-- application role gets nothing on these tables: it reaches them only through the narrow
-- security-definer functions below. `npm run operator:create` writes operators as the
-- migration role.
REVOKE ALL ON platform_operators, operator_sessions FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON platform_operators, operator_sessions FROM steward_app;
--> statement-breakpoint
-- Sign-in: the operator of an e-mail (any case) and its password hash, to verify.
CREATE FUNCTION operator_find(p_email text)
RETURNS TABLE (operator_id uuid, password_hash text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT o.id, o.password_hash FROM platform_operators o WHERE lower(o.email) = lower(p_email)
$$;
--> statement-breakpoint
-- A new session of `p_hours` (1 h to 90 days) for the SHA-256 of a fresh token; answers when it
-- ends. The operator's finished sessions are forgotten on the way.
CREATE FUNCTION operator_session_create(p_operator_id uuid, p_token_hash text, p_hours integer)
RETURNS timestamptz
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  ends timestamptz := now() + make_interval(hours => least(greatest(p_hours, 1), 24 * 90));
BEGIN
  DELETE FROM operator_sessions s
    WHERE s.operator_id = p_operator_id AND (s.expires_at < now() OR s.revoked_at IS NOT NULL);
  INSERT INTO operator_sessions (token_hash, operator_id, expires_at) VALUES (p_token_hash, p_operator_id, ends);
  RETURN ends;
END $$;
--> statement-breakpoint
-- The live session of a token hash: its operator and e-mail (nothing for an unknown, revoked
-- or expired one).
CREATE FUNCTION operator_find_session(p_token_hash text)
RETURNS TABLE (operator_id uuid, email text, expires_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT o.id, o.email, s.expires_at FROM operator_sessions s JOIN platform_operators o ON o.id = s.operator_id
  WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL AND s.expires_at > now()
$$;
--> statement-breakpoint
-- Sign-out.
CREATE FUNCTION operator_session_revoke(p_token_hash text) RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  UPDATE operator_sessions SET revoked_at = now() WHERE token_hash = p_token_hash AND revoked_at IS NULL
$$;
--> statement-breakpoint
-- The review functions read and change every church's sender IDs, so they ask for a live
-- operator session themselves (the token hash): the application role alone cannot use them
-- to approve a church's request. SQLSTATE 28000 when the session is not live.
CREATE FUNCTION operator_session_check(p_token_hash text) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM operator_sessions s
                 WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL AND s.expires_at > now()) THEN
    RAISE EXCEPTION 'no live operator session' USING ERRCODE = '28000';
  END IF;
END $$;
--> statement-breakpoint
-- Sender ID requests of every church, oldest first, with the church's name: all statuses when
-- `p_status` is null; one page (`p_limit` rows from `p_offset`), each row carrying the total.
CREATE FUNCTION operator_sender_ids(p_token_hash text, p_status integer, p_limit integer, p_offset integer)
RETURNS TABLE (id uuid, tenant_id uuid, church_name text, mask text, status integer, created_at timestamptz,
               reviewed_at timestamptz, review_note text, total_count bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM operator_session_check(p_token_hash);
  RETURN QUERY
  SELECT s.id, s.tenant_id, t.church_name, s.mask, s.status, s.created_at, s.reviewed_at, s.review_note,
         count(*) OVER ()
  FROM sender_ids s JOIN tenants t ON t.id = s.tenant_id
  WHERE p_status IS NULL OR s.status = p_status
  ORDER BY s.created_at, s.tenant_id, s.id
  LIMIT least(greatest(p_limit, 1), 500) OFFSET greatest(p_offset, 0);
END $$;
--> statement-breakpoint
-- The operator's decision on one request: status 1 processing, 2 approved or 3 not approved,
-- with the note shown to the church (null: none). Answers the row as operator_sender_ids does
-- (no row: no such sender ID).
CREATE FUNCTION operator_review_sender_id(p_token_hash text, p_tenant_id uuid, p_id uuid, p_status integer,
                                          p_note text)
RETURNS TABLE (id uuid, tenant_id uuid, church_name text, mask text, status integer, created_at timestamptz,
               reviewed_at timestamptz, review_note text)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM operator_session_check(p_token_hash);
  IF p_status IS NULL OR p_status NOT IN (1, 2, 3) THEN
    RAISE EXCEPTION 'a review sets status 1, 2 or 3' USING ERRCODE = '23514';
  END IF;
  RETURN QUERY
  WITH changed AS (
    UPDATE sender_ids s SET status = p_status, reviewed_at = now(), review_note = nullif(btrim(p_note), '')
    WHERE s.tenant_id = p_tenant_id AND s.id = p_id
    RETURNING s.id, s.tenant_id, s.mask, s.status, s.created_at, s.reviewed_at, s.review_note
  )
  SELECT c.id, c.tenant_id, t.church_name, c.mask, c.status, c.created_at, c.reviewed_at, c.review_note
  FROM changed c JOIN tenants t ON t.id = c.tenant_id;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION operator_find(text), operator_session_create(uuid, text, integer), operator_find_session(text),
  operator_session_revoke(text), operator_session_check(text), operator_sender_ids(text, integer, integer, integer),
  operator_review_sender_id(text, uuid, uuid, integer, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION operator_find(text), operator_session_create(uuid, text, integer), operator_find_session(text),
  operator_session_revoke(text), operator_sender_ids(text, integer, integer, integer),
  operator_review_sender_id(text, uuid, uuid, integer, text) TO steward_app;
