-- Issue 3: balances kept by the database, funds that balance on their own, cash/bank heads.
ALTER TABLE account_balances ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE account_balances FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON account_balances USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE financial_transaction_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE financial_transaction_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON financial_transaction_lines USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT ON account_balances TO steward_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON financial_transaction_lines TO steward_app;
--> statement-breakpoint
-- Every posted line adds to its account/fund/currency balance. Security definer: the
-- application reads balances but cannot write them.
CREATE FUNCTION account_balance_add() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO account_balances AS b (tenant_id, account_id, fund_id, currency_code, balance_minor, line_count)
  VALUES (NEW.tenant_id, NEW.account_id, NEW.fund_id, NEW.currency_code, NEW.amount_minor, 1)
  ON CONFLICT (tenant_id, account_id, fund_id, currency_code)
  DO UPDATE SET balance_minor = b.balance_minor + EXCLUDED.balance_minor, line_count = b.line_count + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_balance AFTER INSERT ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION account_balance_add();
--> statement-breakpoint
INSERT INTO account_balances (tenant_id, account_id, fund_id, currency_code, balance_minor, line_count)
  SELECT tenant_id, account_id, fund_id, currency_code, sum(amount_minor), count(*)
  FROM journal_lines GROUP BY tenant_id, account_id, fund_id, currency_code;
--> statement-breakpoint
-- Each entry balances per currency AND per fund within it: every fund balances on its own.
CREATE OR REPLACE FUNCTION journal_entry_balance_check() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  bad record;
  n integer;
BEGIN
  SELECT count(*) INTO n FROM journal_lines WHERE tenant_id = NEW.tenant_id AND entry_id = NEW.entry_id;
  IF n < 2 THEN
    RAISE EXCEPTION 'journal entry % has fewer than two lines', NEW.entry_id USING ERRCODE = '23514';
  END IF;
  SELECT currency_code, sum(amount_minor) AS total INTO bad
    FROM journal_lines WHERE tenant_id = NEW.tenant_id AND entry_id = NEW.entry_id
    GROUP BY currency_code HAVING sum(amount_minor) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % does not balance: % lines sum to %', NEW.entry_id, bad.currency_code, bad.total
      USING ERRCODE = '23514';
  END IF;
  SELECT currency_code, fund_id, sum(amount_minor) AS total INTO bad
    FROM journal_lines WHERE tenant_id = NEW.tenant_id AND entry_id = NEW.entry_id
    GROUP BY currency_code, fund_id HAVING sum(amount_minor) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % does not balance within fund %: % lines sum to %',
      NEW.entry_id, bad.fund_id, bad.currency_code, bad.total USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE account_groups SET is_cash_bank = true WHERE account_type = 'assets' AND name = 'Cash and Bank';
