CREATE TABLE "financial_transaction_daily_counts" (
	"tenant_id" uuid NOT NULL,
	"transaction_date" date NOT NULL,
	"category" text NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "financial_transaction_daily_counts_pk" PRIMARY KEY("tenant_id","transaction_date","category")
);
--> statement-breakpoint
DROP INDEX "financial_transactions_date_idx";--> statement-breakpoint
DROP INDEX "journal_lines_account_idx";--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "entry_date" date;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "entry_no" bigint;--> statement-breakpoint
-- Issue 7: lines already posted take their entry's date and number. Posted lines are
-- immutable to everyone else; the migration (the tables' owner) fills the new columns with
-- the immutability trigger off and row-level security not forced on itself.
ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_immutable;
--> statement-breakpoint
ALTER TABLE journal_lines NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE journal_entries NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE journal_lines l SET entry_date = e.entry_date, entry_no = e.entry_no
  FROM journal_entries e WHERE e.tenant_id = l.tenant_id AND e.id = l.entry_id;
--> statement-breakpoint
ALTER TABLE journal_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE journal_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE journal_lines ENABLE TRIGGER journal_lines_immutable;
--> statement-breakpoint
ALTER TABLE "journal_lines" ALTER COLUMN "entry_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_lines" ALTER COLUMN "entry_no" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "financial_transactions_list_idx" ON "financial_transactions" USING btree ("tenant_id","transaction_date","created_at","id") WHERE "financial_transactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "journal_lines_register_idx" ON "journal_lines" USING btree ("tenant_id","account_id","entry_date","entry_no","currency_code","entry_id");--> statement-breakpoint
CREATE INDEX "offering_transactions_list_idx" ON "offering_transactions" USING btree ("tenant_id","source","transaction_date","created_at","id") WHERE "offering_transactions"."deleted_at" is null;--> statement-breakpoint
-- Issue 7 (speed): the ledger's triggers work per statement and per entry, not per line.
-- A line inserted without its entry's date and number (raw SQL) takes them from the entry;
-- the application sets them, so this row trigger does not even run for its inserts.
CREATE FUNCTION journal_line_entry_fill() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  SELECT e.entry_date, e.entry_no INTO NEW.entry_date, NEW.entry_no
    FROM journal_entries e WHERE e.tenant_id = NEW.tenant_id AND e.id = NEW.entry_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_entry_fill BEFORE INSERT ON journal_lines
  FOR EACH ROW WHEN (NEW.entry_date IS NULL OR NEW.entry_no IS NULL) EXECUTE FUNCTION journal_line_entry_fill();
--> statement-breakpoint
-- After each INSERT statement on journal_lines: every line belongs to an entry posted in this
-- same transaction (so the entry's deferred balance check below sees it) and carries that
-- entry's date and number; then the balances move in one grouped upsert, keys in one order,
-- so each account's balance row is locked once per statement and concurrent postings take
-- those locks in the same order. Security definer: the application reads balances but cannot
-- write them.
CREATE FUNCTION journal_lines_post() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  bad record;
BEGIN
  SELECT l.entry_id INTO bad FROM new_lines l
    LEFT JOIN journal_entries e ON e.tenant_id = l.tenant_id AND e.id = l.entry_id
    WHERE e.id IS NULL OR e.entry_date <> l.entry_date OR e.entry_no <> l.entry_no OR e.created_at <> now()
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal lines go only with an entry posted in the same transaction, with its date and number (entry %)',
      bad.entry_id USING ERRCODE = '23514';
  END IF;
  INSERT INTO account_balances AS b (tenant_id, account_id, fund_id, currency_code, balance_minor, line_count)
  SELECT tenant_id, account_id, fund_id, currency_code, sum(amount_minor), count(*)
    FROM new_lines GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, account_id, fund_id, currency_code)
  DO UPDATE SET balance_minor = b.balance_minor + EXCLUDED.balance_minor, line_count = b.line_count + EXCLUDED.line_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_post AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION journal_lines_post();
--> statement-breakpoint
DROP TRIGGER journal_lines_balance ON journal_lines;
--> statement-breakpoint
DROP FUNCTION account_balance_add();
--> statement-breakpoint
-- Every journal entry has two lines or more and balances per currency and per fund within it,
-- checked once per entry at commit (it was once per line), whoever inserts: lines can only be
-- added in the entry's own transaction (above), so the entry's check sees them all, however
-- many statements inserted them.
CREATE OR REPLACE FUNCTION journal_entry_has_lines_check() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  r record;
BEGIN
  -- one read of the entry's lines: the line count (grouping 3), then the sums per currency (1),
  -- then per currency and fund (0)
  FOR r IN
    SELECT currency_code, fund_id, coalesce(sum(amount_minor), 0) AS total, count(*) AS n,
           grouping(currency_code, fund_id) AS g
      FROM journal_lines WHERE tenant_id = NEW.tenant_id AND entry_id = NEW.id
      GROUP BY GROUPING SETS ((), (currency_code), (currency_code, fund_id))
      ORDER BY g DESC
  LOOP
    IF r.g = 3 AND r.n < 2 THEN
      RAISE EXCEPTION 'journal entry % has fewer than two lines', NEW.id USING ERRCODE = '23514';
    ELSIF r.g = 1 AND r.total <> 0 THEN
      RAISE EXCEPTION 'journal entry % does not balance: % lines sum to %', NEW.id, r.currency_code, r.total
        USING ERRCODE = '23514';
    ELSIF r.g = 0 AND r.total <> 0 THEN
      RAISE EXCEPTION 'journal entry % does not balance within fund %: % lines sum to %',
        NEW.id, r.fund_id, r.currency_code, r.total USING ERRCODE = '23514';
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER journal_lines_balanced ON journal_lines;
--> statement-breakpoint
DROP FUNCTION journal_entry_balance_check();
--> statement-breakpoint
REVOKE ALL ON FUNCTION journal_line_entry_fill(), journal_lines_post(), journal_entry_has_lines_check() FROM PUBLIC;
--> statement-breakpoint
-- Live finance documents per day and category (the transaction list's totalItems and the
-- day a deep page starts on), kept like offering_daily_totals (0008): statement triggers,
-- one grouped upsert per statement, keys in one order. Read-only to the application.
ALTER TABLE financial_transaction_daily_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE financial_transaction_daily_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON financial_transaction_daily_counts USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
REVOKE ALL ON financial_transaction_daily_counts FROM steward_app;
--> statement-breakpoint
GRANT SELECT ON financial_transaction_daily_counts TO steward_app;
--> statement-breakpoint
CREATE FUNCTION financial_transaction_counts_keep() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO financial_transaction_daily_counts AS c (tenant_id, transaction_date, category, row_count)
    SELECT tenant_id, transaction_date, category, count(*) FROM new_rows WHERE deleted_at IS NULL
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT financial_transaction_daily_counts_pk
    DO UPDATE SET row_count = c.row_count + EXCLUDED.row_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO financial_transaction_daily_counts AS c (tenant_id, transaction_date, category, row_count)
    SELECT tenant_id, transaction_date, category, -count(*) FROM old_rows WHERE deleted_at IS NULL
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT financial_transaction_daily_counts_pk
    DO UPDATE SET row_count = c.row_count + EXCLUDED.row_count;
  ELSE
    INSERT INTO financial_transaction_daily_counts AS c (tenant_id, transaction_date, category, row_count)
    SELECT tenant_id, transaction_date, category, sum(n) FROM (
      SELECT tenant_id, transaction_date, category, 1 AS n FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT tenant_id, transaction_date, category, -1 FROM old_rows WHERE deleted_at IS NULL) u
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT financial_transaction_daily_counts_pk
    DO UPDATE SET row_count = c.row_count + EXCLUDED.row_count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION financial_transaction_counts_keep() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER financial_transactions_counts_ins AFTER INSERT ON financial_transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION financial_transaction_counts_keep();
--> statement-breakpoint
CREATE TRIGGER financial_transactions_counts_upd AFTER UPDATE ON financial_transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION financial_transaction_counts_keep();
--> statement-breakpoint
CREATE TRIGGER financial_transactions_counts_del AFTER DELETE ON financial_transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION financial_transaction_counts_keep();
--> statement-breakpoint
ALTER TABLE financial_transactions NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE financial_transaction_daily_counts NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO financial_transaction_daily_counts (tenant_id, transaction_date, category, row_count)
  SELECT tenant_id, transaction_date, category, count(*) FROM financial_transactions WHERE deleted_at IS NULL
  GROUP BY tenant_id, transaction_date, category;
--> statement-breakpoint
ALTER TABLE financial_transactions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE financial_transaction_daily_counts FORCE ROW LEVEL SECURITY;
