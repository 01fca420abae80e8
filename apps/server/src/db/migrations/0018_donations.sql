CREATE TABLE "giver_password_resets" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"giver_id" uuid NOT NULL,
	"token_hash" text,
	"payment_form_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giver_password_resets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "giver_sessions" (
	"tenant_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"giver_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giver_sessions_tenant_id_token_hash_pk" PRIMARY KEY("tenant_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "is_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "authorization_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_transaction_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_minor" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "check_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "giver_password_resets" ADD CONSTRAINT "giver_password_resets_giver_fk" FOREIGN KEY ("tenant_id","giver_id") REFERENCES "public"."givers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giver_sessions" ADD CONSTRAINT "giver_sessions_giver_fk" FOREIGN KEY ("tenant_id","giver_id") REFERENCES "public"."givers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "giver_password_resets_token_key" ON "giver_password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "giver_password_resets_giver_idx" ON "giver_password_resets" USING btree ("tenant_id","giver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "giver_sessions_token_key" ON "giver_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "giver_sessions_giver_idx" ON "giver_sessions" USING btree ("tenant_id","giver_id");--> statement-breakpoint
CREATE INDEX "payment_items_payment_idx" ON "payment_items" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_items_offering_key" ON "payment_items" USING btree ("tenant_id","offering_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_key" ON "payments" USING btree ("tenant_id","order_id","request_hash") WHERE "payments"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_giver_idx" ON "payments" USING btree ("tenant_id","giver_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_list_idx" ON "payments" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_amount_positive" CHECK ("payment_items"."amount_minor" > 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_minor" > 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending','succeeded','failed','cancelled','abandoned','flagged'));--> statement-breakpoint
-- Row-level security on the new tenant tables (DESIGN.md §1.4), as 0001 did for the first ones.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['giver_sessions', 'giver_password_resets']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)', t);
  END LOOP;
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON giver_sessions, giver_password_resets TO steward_app;
--> statement-breakpoint
-- The public giving page names only its payment form: this narrow lookup finds the form's church
-- (and nothing else); the request then runs as that church.
CREATE FUNCTION giving_form_tenant(p_form_id uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT tenant_id FROM payment_forms WHERE id = p_form_id LIMIT 1
$$;
--> statement-breakpoint
-- A provider's webhook, the payer's return from the checkout and the client's poll name only
-- Steward's payment reference (unique over every church): its church, and nothing else.
CREATE FUNCTION giving_payment_tenant(p_reference text) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT tenant_id FROM payments WHERE reference = p_reference
$$;
--> statement-breakpoint
-- The re-check sweep: payments still pending after p_older_than_seconds, oldest first, with their
-- church and reference only (payments_pending_idx).
CREATE FUNCTION giving_stale_payments(p_older_than_seconds integer, p_limit integer)
RETURNS TABLE (tenant_id uuid, reference text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT p.tenant_id, p.reference FROM payments p
  WHERE p.status = 'pending' AND p.created_at < now() - make_interval(secs => p_older_than_seconds)
  ORDER BY p.created_at
  LIMIT p_limit
$$;
--> statement-breakpoint
-- Giver sign-in names only an e-mail: the giver accounts of that address (one per church at most).
CREATE FUNCTION giving_find_giver(p_email text)
RETURNS TABLE (tenant_id uuid, giver_id uuid, password_hash text, created_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT g.tenant_id, g.id, g.password_hash, g.created_at FROM givers g
  WHERE lower(g.email) = lower(p_email)
  ORDER BY g.created_at DESC
  LIMIT 20
$$;
--> statement-breakpoint
-- A giver's bearer token, before its church is known: the live session's church and giver only.
CREATE FUNCTION giving_find_giver_session(p_token_hash text)
RETURNS TABLE (tenant_id uuid, giver_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT s.tenant_id, s.giver_id FROM giver_sessions s
  WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL AND s.expires_at > now()
$$;
--> statement-breakpoint
-- A password-reset link, before its church is known: the unused, unexpired request's church and id.
CREATE FUNCTION giving_find_password_reset(p_token_hash text)
RETURNS TABLE (tenant_id uuid, reset_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT r.tenant_id, r.id FROM giver_password_resets r
  WHERE r.token_hash = p_token_hash AND r.used_at IS NULL AND r.expires_at > now()
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION giving_form_tenant(uuid), giving_payment_tenant(text), giving_stale_payments(integer, integer),
  giving_find_giver(text), giving_find_giver_session(text), giving_find_password_reset(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION giving_form_tenant(uuid), giving_payment_tenant(text), giving_stale_payments(integer, integer),
  giving_find_giver(text), giving_find_giver_session(text), giving_find_password_reset(text) TO steward_app;
