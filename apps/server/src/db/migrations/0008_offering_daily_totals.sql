CREATE TABLE "offering_daily_totals" (
	"tenant_id" uuid NOT NULL,
	"source" text NOT NULL,
	"total_date" date NOT NULL,
	"contribution_item_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"total_minor" numeric(38, 0) NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "offering_daily_totals_pk" PRIMARY KEY("tenant_id","source","total_date","contribution_item_id","activity_id","currency_code")
);
--> statement-breakpoint
ALTER TABLE offering_daily_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE offering_daily_totals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON offering_daily_totals USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
REVOKE ALL ON offering_daily_totals FROM steward_app;
--> statement-breakpoint
GRANT SELECT ON offering_daily_totals TO steward_app;
--> statement-breakpoint
-- Every live offering row counts in its day's total; a change or a (soft) delete moves it.
-- Statement-level triggers with transition tables: one grouped upsert per statement, so a
-- bulk insert costs one aggregate, not one upsert per row; keys are upserted in one order.
-- Security definer: the application reads the totals but cannot write them.
CREATE FUNCTION offering_daily_totals_apply(delta jsonb) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  INSERT INTO offering_daily_totals AS t
    (tenant_id, source, total_date, contribution_item_id, activity_id, currency_code, total_minor, row_count)
  SELECT d.tenant_id, d.source, d.total_date, d.contribution_item_id, d.activity_id, d.currency_code,
         d.total_minor, d.row_count
  FROM jsonb_to_recordset(delta) AS d(tenant_id uuid, source text, total_date date, contribution_item_id uuid,
       activity_id uuid, currency_code text, total_minor numeric, row_count integer)
  WHERE d.total_minor <> 0 OR d.row_count <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT offering_daily_totals_pk
  DO UPDATE SET total_minor = t.total_minor + EXCLUDED.total_minor, row_count = t.row_count + EXCLUDED.row_count;
$$;
--> statement-breakpoint
CREATE FUNCTION offering_daily_totals_keep() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  delta jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(g) INTO delta FROM (
      SELECT tenant_id, source, transaction_date AS total_date, contribution_item_id,
             coalesce(activity_id, '00000000-0000-0000-0000-000000000000'::uuid) AS activity_id, currency_code,
             sum(amount_minor) AS total_minor, count(*)::int AS row_count
      FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6) g;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(g) INTO delta FROM (
      SELECT tenant_id, source, transaction_date AS total_date, contribution_item_id,
             coalesce(activity_id, '00000000-0000-0000-0000-000000000000'::uuid) AS activity_id, currency_code,
             -sum(amount_minor) AS total_minor, -count(*)::int AS row_count
      FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6) g;
  ELSE
    SELECT jsonb_agg(g) INTO delta FROM (
      SELECT tenant_id, source, total_date, contribution_item_id, activity_id, currency_code,
             sum(total_minor) AS total_minor, sum(row_count)::int AS row_count
      FROM (
        SELECT tenant_id, source, transaction_date AS total_date, contribution_item_id,
               coalesce(activity_id, '00000000-0000-0000-0000-000000000000'::uuid) AS activity_id, currency_code,
               amount_minor AS total_minor, 1 AS row_count
        FROM new_rows WHERE deleted_at IS NULL
        UNION ALL
        SELECT tenant_id, source, transaction_date, contribution_item_id,
               coalesce(activity_id, '00000000-0000-0000-0000-000000000000'::uuid), currency_code,
               -amount_minor, -1
        FROM old_rows WHERE deleted_at IS NULL) u
      GROUP BY 1, 2, 3, 4, 5, 6) g;
  END IF;
  IF delta IS NOT NULL THEN
    PERFORM offering_daily_totals_apply(delta);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION offering_daily_totals_apply(jsonb), offering_daily_totals_keep() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER offering_transactions_daily_totals_ins AFTER INSERT ON offering_transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offering_daily_totals_keep();
--> statement-breakpoint
CREATE TRIGGER offering_transactions_daily_totals_upd AFTER UPDATE ON offering_transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offering_daily_totals_keep();
--> statement-breakpoint
CREATE TRIGGER offering_transactions_daily_totals_del AFTER DELETE ON offering_transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION offering_daily_totals_keep();
--> statement-breakpoint
INSERT INTO offering_daily_totals
  (tenant_id, source, total_date, contribution_item_id, activity_id, currency_code, total_minor, row_count)
  SELECT tenant_id, source, transaction_date, contribution_item_id,
         coalesce(activity_id, '00000000-0000-0000-0000-000000000000'::uuid), currency_code, sum(amount_minor), count(*)
  FROM offering_transactions WHERE deleted_at IS NULL
  GROUP BY tenant_id, source, transaction_date, contribution_item_id, coalesce(activity_id, '00000000-0000-0000-0000-000000000000'::uuid), currency_code;
