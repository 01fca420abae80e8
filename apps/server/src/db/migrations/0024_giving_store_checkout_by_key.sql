-- Issue 10 'Speed': giving_store_checkout (0023) finds the payment by its primary key alone. Its
-- old condition `status = 'pending'` let the planner match payments_list_idx (tenant_id, status)
-- as well as the primary key (tenant_id, id); on a table without statistics (never analysed: a
-- new database, or a server with autovacuum off) it could take the list index and read every
-- pending payment of the church for each link stored (12,000 rows read, 14 ms, at 12,000
-- payments). The state is now checked on the row the key found: a row comparison no index serves.
CREATE OR REPLACE FUNCTION giving_store_checkout(p_tenant_id uuid, p_payment_id uuid, p_url text) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH s AS (SELECT set_config('synchronous_commit', 'off', true)),
  u AS (
    UPDATE payments SET authorization_url = p_url
    WHERE tenant_id = p_tenant_id AND id = p_payment_id
      -- no link yet, still pending (checked on the row, not by an index)
      AND (authorization_url, status) IS NOT DISTINCT FROM (NULL::text, 'pending'::text)
    RETURNING 1
  )
  SELECT EXISTS (SELECT 1 FROM u) FROM s
$$;
