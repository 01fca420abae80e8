-- Security, ledger invariants and narrow lookups (DESIGN.md §1.3, §1.4).
-- The role that runs migrations owns every table; the application runs each request
-- as steward_app: not a superuser, no BYPASSRLS, owns nothing.
DO $$ BEGIN
  CREATE ROLE steward_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT steward_app TO %I', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO steward_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO steward_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO steward_app;
--> statement-breakpoint
-- Reference tables are read-only to the application.
REVOKE INSERT, UPDATE, DELETE ON currencies, countries, fx_rates, banks, payment_gateways FROM steward_app;
--> statement-breakpoint
-- Posted ledger rows are never changed by the application.
REVOKE UPDATE, DELETE ON journal_entries, journal_lines FROM steward_app;
--> statement-breakpoint
-- Row-level security, enabled and forced, with the one policy, on every tenant table.
DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
    WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)',
      t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenants USING (id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Every journal entry balances per currency, checked at commit, whoever inserts.
CREATE FUNCTION journal_entry_balance_check() RETURNS trigger
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balance_check();
--> statement-breakpoint
CREATE FUNCTION journal_entry_has_lines_check() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF (SELECT count(*) FROM journal_lines WHERE tenant_id = NEW.tenant_id AND entry_id = NEW.id) < 2 THEN
    RAISE EXCEPTION 'journal entry % has fewer than two lines', NEW.id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_have_lines AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_has_lines_check();
--> statement-breakpoint
-- Posted rows are immutable: corrections are reversals.
CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'posted % rows cannot be changed; post a reversal instead', TG_TABLE_NAME USING ERRCODE = '55000';
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_immutable BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER journal_lines_no_truncate BEFORE TRUNCATE ON journal_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER journal_entries_immutable BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
-- Narrow lookups that run before a tenant is known (sign-in, session check).
CREATE FUNCTION auth_find_user(p_email text)
RETURNS TABLE (tenant_id uuid, user_id uuid, password_hash text, is_active boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT u.tenant_id, u.id, u.password_hash, u.is_active FROM users u WHERE lower(u.email) = lower(p_email)
$$;
--> statement-breakpoint
CREATE FUNCTION auth_find_session(p_token_hash text)
RETURNS TABLE (tenant_id uuid, user_id uuid, expires_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT s.tenant_id, s.user_id, s.expires_at FROM sessions s
  WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL AND s.expires_at > now()
$$;
--> statement-breakpoint
-- Whether any church exists yet (start-up decides whether to create the demo church).
CREATE FUNCTION tenant_count() RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$ SELECT count(*) FROM tenants $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION auth_find_user(text), auth_find_session(text), tenant_count() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION auth_find_user(text), auth_find_session(text), tenant_count() TO steward_app;
