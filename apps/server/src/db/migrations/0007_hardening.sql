CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Issue 6: uniqueness the product promises is a unique index. Rows that broke it before
-- (only possible through a race) keep their data; later duplicates get a numbered suffix.
UPDATE accounts a SET name = a.name || ' (' || d.rn || ')'
  FROM (SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id, lower(name) ORDER BY created_at, id) AS rn
        FROM accounts) d
  WHERE a.tenant_id = d.tenant_id AND a.id = d.id AND d.rn > 1;
--> statement-breakpoint
UPDATE accounts a SET code = a.code || '-' || d.rn
  FROM (SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id, code ORDER BY created_at, id) AS rn
        FROM accounts WHERE code <> '') d
  WHERE a.tenant_id = d.tenant_id AND a.id = d.id AND d.rn > 1;
--> statement-breakpoint
UPDATE funds f SET name = f.name || ' (' || d.rn || ')'
  FROM (SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id, lower(name) ORDER BY created_at, id) AS rn
        FROM funds) d
  WHERE f.tenant_id = d.tenant_id AND f.id = d.id AND d.rn > 1;
--> statement-breakpoint
UPDATE funds f SET code = f.code || '-' || d.rn
  FROM (SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id, code ORDER BY created_at, id) AS rn
        FROM funds WHERE code <> '') d
  WHERE f.tenant_id = d.tenant_id AND f.id = d.id AND d.rn > 1;
--> statement-breakpoint
UPDATE contribution_items c SET name = c.name || ' (' || d.rn || ')'
  FROM (SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id, lower(name) ORDER BY created_at, id) AS rn
        FROM contribution_items) d
  WHERE c.tenant_id = d.tenant_id AND c.id = d.id AND d.rn > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_name_key" ON "accounts" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_code_key" ON "accounts" USING btree ("tenant_id","code") WHERE "accounts"."code" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "funds_name_key" ON "funds" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "funds_code_key" ON "funds" USING btree ("tenant_id","code") WHERE "funds"."code" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "contribution_items_name_key" ON "contribution_items" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "offering_transactions_summary_idx" ON "offering_transactions" USING btree ("tenant_id","source","transaction_date","contribution_item_id","currency_code","amount_minor") WHERE "offering_transactions"."deleted_at" is null;--> statement-breakpoint
-- Rate limits live in PostgreSQL so that every app process shares them. The application
-- counts a hit through this function only; it cannot read or change the table.
REVOKE ALL ON rate_limits FROM steward_app;
--> statement-breakpoint
CREATE FUNCTION rate_limit_hit(p_key text, p_window_seconds integer)
RETURNS TABLE (hits integer, reset_at timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  -- forget other keys' finished windows now and then, so the table stays small
  IF random() < 0.01 THEN
    DELETE FROM rate_limits r WHERE r.window_start < now() - interval '1 day';
  END IF;
  RETURN QUERY
  INSERT INTO rate_limits AS r (key, hits, window_start) VALUES (p_key, 1, now())
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_start <= now() - make_interval(secs => p_window_seconds) THEN 1 ELSE r.hits + 1 END,
    window_start = CASE WHEN r.window_start <= now() - make_interval(secs => p_window_seconds) THEN now()
                        ELSE r.window_start END
  RETURNING r.hits, r.window_start + make_interval(secs => p_window_seconds);
END $$;
--> statement-breakpoint
CREATE FUNCTION rate_limit_clear(p_key text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  DELETE FROM rate_limits WHERE key = p_key;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION rate_limit_hit(text, integer), rate_limit_clear(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION rate_limit_hit(text, integer), rate_limit_clear(text) TO steward_app;
