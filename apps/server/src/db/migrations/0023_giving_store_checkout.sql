-- Issue 10 'Speed': initialise stores the provider's checkout link on the payment it has just
-- written in one statement (autocommit) instead of a transaction of four round trips. The link is
-- stored once: only on a payment of that church that has none yet, and only while it is pending.
-- The commit does not wait for the disk (the re-check job queued next is committed durably, and
-- its flush carries this one; a link lost in a crash only makes a retried initialise ask again).
CREATE FUNCTION giving_store_checkout(p_tenant_id uuid, p_payment_id uuid, p_url text) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH s AS (SELECT set_config('synchronous_commit', 'off', true)),
  u AS (
    UPDATE payments SET authorization_url = p_url
    WHERE tenant_id = p_tenant_id AND id = p_payment_id AND authorization_url IS NULL AND status = 'pending'
    RETURNING 1
  )
  SELECT EXISTS (SELECT 1 FROM u) FROM s
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION giving_store_checkout(uuid, uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION giving_store_checkout(uuid, uuid, text) TO steward_app;
