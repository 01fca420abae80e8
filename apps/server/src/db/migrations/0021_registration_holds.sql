-- Public event registration (issue 12 'Capacity that holds'): a paid registration holds its places
-- ('pending_payment') until hold_expires_at while the person pays; a ward is its own row
-- (registered_by_id = the registrant). A place is held by a row that is 'registered', or
-- 'pending_payment' with hold_expires_at still ahead. Custom migration: the drizzle schema
-- (attendance/schema.ts) does not carry these columns yet; the registration SQL is raw.
ALTER TABLE "event_registrations" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_status_check"
  CHECK ("status" in ('registered', 'pending_payment', 'cancelled', 'expired', 'released'));--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_hold_check"
  CHECK ("status" <> 'pending_payment' OR ("hold_expires_at" IS NOT NULL AND "payment_id" IS NOT NULL));--> statement-breakpoint
CREATE INDEX "event_registrations_payment_idx" ON "event_registrations" USING btree ("tenant_id", "payment_id")
  WHERE "payment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "event_registrations_holds_idx" ON "event_registrations" USING btree ("hold_expires_at")
  WHERE "status" = 'pending_payment';
