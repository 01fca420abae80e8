CREATE TABLE "communication_reports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT uuid_v7() NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"sender" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"personalized" integer DEFAULT 0 NOT NULL,
	"segments" integer DEFAULT 0 NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"opted_out_count" integer DEFAULT 0 NOT NULL,
	"units_reserved" bigint DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'compose' NOT NULL,
	"draft" jsonb,
	"scheduled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communication_reports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "communication_reports_channel" CHECK ("communication_reports"."channel" in ('sms', 'email')),
	CONSTRAINT "communication_reports_status" CHECK ("communication_reports"."status" in ('draft', 'scheduled', 'sending', 'done'))
);
--> statement-breakpoint
CREATE TABLE "message_opt_outs" (
	"tenant_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_opt_outs_tenant_id_channel_address_pk" PRIMARY KEY("tenant_id","channel","address")
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"tenant_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"id" uuid DEFAULT uuid_v7() NOT NULL,
	"person_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"segments" integer DEFAULT 0 NOT NULL,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_recipients_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "message_recipients_status" CHECK ("message_recipients"."status" in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT uuid_v7() NOT NULL,
	"channel" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"to_address" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text_body" text DEFAULT '' NOT NULL,
	"html_body" text,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_replies" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT uuid_v7() NOT NULL,
	"from_address" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_replies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_unit_balances" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_unit_balances_not_negative" CHECK ("sms_unit_balances"."units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_unit_movements" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT uuid_v7() NOT NULL,
	"units" bigint NOT NULL,
	"reason" text NOT NULL,
	"report_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_unit_movements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "message_logs" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "message_logs" CASCADE;--> statement-breakpoint
ALTER TABLE "default_messages" ADD COLUMN "voice_blob_name" text;--> statement-breakpoint
ALTER TABLE "sender_ids" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sender_ids" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_report_fk" FOREIGN KEY ("tenant_id","report_id") REFERENCES "public"."communication_reports"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communication_reports_list" ON "communication_reports" USING btree ("tenant_id","channel","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_recipients_address_key" ON "message_recipients" USING btree ("tenant_id","report_id","address");--> statement-breakpoint
CREATE INDEX "message_recipients_report" ON "message_recipients" USING btree ("tenant_id","report_id","status");--> statement-breakpoint
CREATE INDEX "message_recipients_provider" ON "message_recipients" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_key" ON "outbox_messages" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_messages_list" ON "outbox_messages" USING btree ("tenant_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sender_ids_mask_key" ON "sender_ids" USING btree ("tenant_id",lower("mask"));--> statement-breakpoint
ALTER TABLE "sender_ids" ADD CONSTRAINT "sender_ids_status" CHECK ("sender_ids"."status" between 0 and 3);--> statement-breakpoint
-- Row-level security on the new tenant tables (DESIGN.md §1.4), as 0001 did for the first ones.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['communication_reports', 'message_recipients', 'message_opt_outs', 'outbox_messages',
                           'sms_replies', 'sms_unit_balances', 'sms_unit_movements']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)', t);
  END LOOP;
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON communication_reports, message_recipients, message_opt_outs, outbox_messages, sms_replies TO steward_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON sms_unit_balances TO steward_app;
--> statement-breakpoint
-- The units ledger is append-only: a change is a new movement, never an edit.
GRANT SELECT, INSERT ON sms_unit_movements TO steward_app;
--> statement-breakpoint
-- The gateway's delivery report names only its own message id: this narrow lookup finds the
-- church (and nothing else) so the report is then applied as that church.
CREATE FUNCTION messaging_recipient_tenant(provider_id text) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT tenant_id FROM message_recipients WHERE provider_message_id = provider_id LIMIT 1
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION messaging_recipient_tenant(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION messaging_recipient_tenant(text) TO steward_app;
--> statement-breakpoint
-- A member's SMS reply names only their number: the church is the one that messaged that
-- number last (this narrow lookup answers only its id).
CREATE FUNCTION messaging_address_tenant(p_address text) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT tenant_id FROM message_recipients WHERE address = p_address ORDER BY updated_at DESC LIMIT 1
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION messaging_address_tenant(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION messaging_address_tenant(text) TO steward_app;
