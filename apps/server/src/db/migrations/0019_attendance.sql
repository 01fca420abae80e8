CREATE TABLE "attendance_headcounts" (
	"tenant_id" uuid NOT NULL,
	"checkin_attendance_id" uuid NOT NULL,
	"attendance_type_id" integer NOT NULL,
	"number" integer NOT NULL,
	CONSTRAINT "attendance_headcounts_tenant_id_checkin_attendance_id_attendance_type_id_pk" PRIMARY KEY("tenant_id","checkin_attendance_id","attendance_type_id"),
	CONSTRAINT "attendance_headcounts_number_check" CHECK ("attendance_headcounts"."number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "checkout_attempts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"attendance_record_id" uuid,
	"code_entered" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_attempts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "child_checkins" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"checkin_attendance_id" uuid NOT NULL,
	"family_id" uuid,
	"security_code" text NOT NULL,
	"service_date" date NOT NULL,
	"checked_in_by_person_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_checkins_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "child_checkins_code_check" CHECK ("child_checkins"."security_code" ~ '^[A-Z0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "family_accounts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"email" text,
	"phone" text,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_accounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "family_sessions" (
	"tenant_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_sessions_tenant_id_token_hash_pk" PRIMARY KEY("tenant_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "family_members" DROP CONSTRAINT "family_members_role_fk";
--> statement-breakpoint
ALTER TABLE "family_roles" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "family_roles" CASCADE;--> statement-breakpoint
ALTER TABLE "attendance_records" ALTER COLUMN "checked_in_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "check_in_channel" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "child_checkin_id" uuid;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "checked_in_by_person_id" uuid;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "checked_in_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "checked_out_by_person_id" uuid;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "checked_out_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "checkin_attendances" ADD COLUMN "banner_name" text;--> statement-breakpoint
ALTER TABLE "checkin_attendances" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "checkin_attendances" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "checkin_attendances" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "checkin_attendances" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "mother_id" uuid;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "home_phone" text;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "home_address" text;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "family_role" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "mobile_phone_key" text GENERATED ALWAYS AS (nullif(right(regexp_replace(coalesce(mobile_phone, ''), '[^0-9]', '', 'g'), 10), '')) STORED;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "care_notes" text;--> statement-breakpoint
ALTER TABLE "attendance_headcounts" ADD CONSTRAINT "attendance_headcounts_attendance_fk" FOREIGN KEY ("tenant_id","checkin_attendance_id") REFERENCES "public"."checkin_attendances"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_record_fk" FOREIGN KEY ("tenant_id","attendance_record_id") REFERENCES "public"."attendance_records"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_checkins" ADD CONSTRAINT "child_checkins_attendance_fk" FOREIGN KEY ("tenant_id","checkin_attendance_id") REFERENCES "public"."checkin_attendances"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_checkins" ADD CONSTRAINT "child_checkins_family_fk" FOREIGN KEY ("tenant_id","family_id") REFERENCES "public"."families"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_checkins" ADD CONSTRAINT "child_checkins_by_fk" FOREIGN KEY ("tenant_id","checked_in_by_person_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_accounts" ADD CONSTRAINT "family_accounts_person_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_sessions" ADD CONSTRAINT "family_sessions_account_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."family_accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_attempts_record_idx" ON "checkout_attempts" USING btree ("tenant_id","attendance_record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "child_checkins_code_key" ON "child_checkins" USING btree ("tenant_id","service_date","security_code");--> statement-breakpoint
CREATE UNIQUE INDEX "family_accounts_email_key" ON "family_accounts" USING btree ("tenant_id",lower("email")) WHERE "family_accounts"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "family_accounts_phone_key" ON "family_accounts" USING btree ("tenant_id","phone") WHERE "family_accounts"."phone" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "family_accounts_person_key" ON "family_accounts" USING btree ("tenant_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "family_sessions_token_key" ON "family_sessions" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_group_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_child_checkin_fk" FOREIGN KEY ("tenant_id","child_checkin_id") REFERENCES "public"."child_checkins"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_in_by_fk" FOREIGN KEY ("tenant_id","checked_in_by_person_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_out_by_fk" FOREIGN KEY ("tenant_id","checked_out_by_person_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_mother_fk" FOREIGN KEY ("tenant_id","mother_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_records_child_checkin_idx" ON "attendance_records" USING btree ("tenant_id","child_checkin_id");--> statement-breakpoint
CREATE INDEX "attendance_records_person_idx" ON "attendance_records" USING btree ("tenant_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "family_members_once" ON "family_members" USING btree ("tenant_id","family_id","person_id");--> statement-breakpoint
CREATE INDEX "family_members_person_idx" ON "family_members" USING btree ("tenant_id","person_id");--> statement-breakpoint
CREATE INDEX "people_phone_key_idx" ON "people" USING btree ("tenant_id","mobile_phone_key");--> statement-breakpoint
ALTER TABLE "family_members" DROP COLUMN "family_role_id";--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_channel_check" CHECK ("attendance_records"."check_in_channel" between 0 and 3);--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_role_check" CHECK ("family_members"."family_role" between 1 and 7);--> statement-breakpoint
-- Row-level security on the new tenant tables (DESIGN.md §1.4), as 0001 did for the first ones.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['attendance_headcounts', 'checkout_attempts', 'child_checkins', 'family_accounts', 'family_sessions']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)', t);
  END LOOP;
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON attendance_headcounts, child_checkins, family_accounts, family_sessions TO steward_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON checkout_attempts TO steward_app;
--> statement-breakpoint
-- The public check-in and registration pages name only the set-up's code: this narrow lookup finds
-- its church (and nothing else); the request then runs as that church. A deleted set-up is gone.
CREATE FUNCTION attendance_code_tenant(p_code text) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT tenant_id FROM checkin_attendances WHERE attendance_code = p_code AND deleted_at IS NULL LIMIT 1
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION attendance_code_tenant(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION attendance_code_tenant(text) TO steward_app;
--> statement-breakpoint
-- The family portal's sign-in names only a token: this lookup finds its church and account.
CREATE FUNCTION family_session_find(p_token_hash text) RETURNS TABLE (tenant_id uuid, account_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT s.tenant_id, s.account_id FROM family_sessions s WHERE s.token_hash = p_token_hash AND s.expires_at > now()
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION family_session_find(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION family_session_find(text) TO steward_app;
