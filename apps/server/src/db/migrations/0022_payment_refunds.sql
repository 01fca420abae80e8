ALTER TABLE "payments" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("refund_requested_at") WHERE "payments"."refund_status" = 'pending';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_status_check" CHECK ("payments"."refund_status" in ('pending','refunded','failed'));--> statement-breakpoint
-- Issue 12: the refund job finds refunds still to ask for, across churches (the job has no church yet).
CREATE FUNCTION giving_refunds_due(p_limit integer)
RETURNS TABLE (tenant_id uuid, reference text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT p.tenant_id, p.reference FROM payments p
  WHERE p.refund_status = 'pending' AND p.refund_requested_at <= now()
  ORDER BY p.refund_requested_at
  LIMIT p_limit
$$;
--> statement-breakpoint
-- Issue 12: the hold job finds registration holds past hold_expires_at whose payment is still open.
CREATE FUNCTION registration_expired_holds(p_limit integer)
RETURNS TABLE (tenant_id uuid, reference text, setup_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT DISTINCT ON (p.created_at, p.reference) p.tenant_id, p.reference, er.checkin_attendance_id
  FROM event_registrations er
  JOIN payments p ON p.tenant_id = er.tenant_id AND p.id = er.payment_id
  WHERE er.status = 'pending_payment' AND er.hold_expires_at <= now() AND p.status IN ('pending', 'abandoned')
  ORDER BY p.created_at, p.reference
  LIMIT p_limit
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION giving_refunds_due(integer), registration_expired_holds(integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION giving_refunds_due(integer), registration_expired_holds(integer) TO steward_app;
