CREATE TABLE "attendance_records" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"checkin_attendance_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_out_at" timestamp with time zone,
	CONSTRAINT "attendance_records_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "checkin_attendance_groups" (
	"tenant_id" uuid NOT NULL,
	"checkin_attendance_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	CONSTRAINT "checkin_attendance_groups_tenant_id_checkin_attendance_id_group_id_pk" PRIMARY KEY("tenant_id","checkin_attendance_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "checkin_attendances" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"attendance_code" text NOT NULL,
	"activity_id" uuid NOT NULL,
	"banner_url" text,
	"details" text,
	"registration_slot" integer,
	"is_paid_for" boolean DEFAULT false NOT NULL,
	"amount_minor" bigint,
	"currency_code" text,
	"bank_code" text,
	"account_number" text,
	"account_name" text,
	"income_account_id" uuid,
	"cash_account_id" uuid,
	"payment_form_id" uuid,
	"registration_sms" text,
	"registration_sms_subject" text,
	"registration_email" text,
	"registration_email_subject" text,
	"checkin_sms" text,
	"checkin_sms_subject" text,
	"checkin_email" text,
	"checkin_email_subject" text,
	"enable_registration" boolean DEFAULT true NOT NULL,
	"registration_cut_off_time" timestamp with time zone,
	"check_in_cut_off_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkin_attendances_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"checkin_attendance_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"registered_by_id" uuid,
	"payment_id" uuid,
	"status" text DEFAULT 'registered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_registrations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"event_category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"activity_date" date NOT NULL,
	"report_approved_at" date,
	"report_sent_at" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "event_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "givers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "givers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_form_gateways" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"payment_form_id" uuid NOT NULL,
	"payment_gateway_id" integer NOT NULL,
	"sub_account_id" text,
	CONSTRAINT "payment_form_gateways_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_form_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"payment_form_id" uuid NOT NULL,
	"contribution_item_id" uuid NOT NULL,
	CONSTRAINT "payment_form_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_forms" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"bank_id" integer,
	"bank_code" text,
	"account_number" text,
	"account_name" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_forms_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"contribution_item_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"offering_transaction_id" uuid,
	CONSTRAINT "payment_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"payment_form_id" uuid,
	"giver_id" uuid,
	"person_id" uuid,
	"amount_minor" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payer_name" text,
	"payer_email" text,
	"payer_phone" text,
	"journal_entry_id" uuid,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending','succeeded','failed','cancelled'))
);
--> statement-breakpoint
CREATE TABLE "account_groups" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"group_sub_head" text DEFAULT '' NOT NULL,
	"account_type" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "account_groups_type_check" CHECK ("account_groups"."account_type" in ('assets','liability','equity','income','expense'))
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"account_type" text NOT NULL,
	"account_group_id" uuid,
	"fund_id" uuid,
	"currency_code" text NOT NULL,
	"is_cash_bank" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"system_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "accounts_type_check" CHECK ("accounts"."account_type" in ('assets','liability','equity','income','expense'))
);
--> statement-breakpoint
CREATE TABLE "financial_transactions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"transaction_number" text NOT NULL,
	"category" text NOT NULL,
	"transaction_date" date NOT NULL,
	"account_id" uuid,
	"amount_minor" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"narration" text DEFAULT '' NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"journal_entry_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financial_transactions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "financial_transactions_category_check" CHECK ("financial_transactions"."category" in ('inflow','outflow','Journal'))
);
--> statement-breakpoint
CREATE TABLE "funds" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"fund_type" integer NOT NULL,
	"account_group_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funds_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "funds_type_check" CHECK ("funds"."fund_type" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entry_no" bigserial NOT NULL,
	"entry_date" date NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid,
	"reverses_entry_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"person_id" uuid,
	"fx_rate" numeric(24, 10),
	"fx_rate_date" date,
	"fx_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "journal_lines_nonzero" CHECK ("journal_lines"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"country_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"currency_code" text,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"decimals" integer NOT NULL,
	"country" text NOT NULL,
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"currency_code" text NOT NULL,
	"rate_date" date NOT NULL,
	"units_per_usd" numeric(24, 10) NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_currency_code_rate_date_pk" PRIMARY KEY("currency_code","rate_date")
);
--> statement-breakpoint
CREATE TABLE "payment_gateways" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_coverage_area" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_sub_account_supported" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "default_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category" integer NOT NULL,
	"message_type" integer NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"voice_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "default_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "message_logs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sender_ids" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"mask" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_ids_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "contribution_item_remittances" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contribution_item_id" uuid NOT NULL,
	"percentage" numeric(7, 4) NOT NULL,
	"destination_cash_bank_account_id" uuid,
	"destination_income_account_id" uuid,
	"fund_id" uuid,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contribution_item_remittances_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "remittance_percentage_check" CHECK ("contribution_item_remittances"."percentage" > 0 and "contribution_item_remittances"."percentage" <= 100),
	CONSTRAINT "remittance_one_destination" CHECK (("contribution_item_remittances"."destination_cash_bank_account_id" is null) <> ("contribution_item_remittances"."destination_income_account_id" is null))
);
--> statement-breakpoint
CREATE TABLE "contribution_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"income_account_id" uuid NOT NULL,
	"cash_account_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contribution_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "offering_transactions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid,
	"contribution_item_id" uuid NOT NULL,
	"transaction_date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"payment_channel" text NOT NULL,
	"person_id" uuid,
	"source" text DEFAULT 'offering' NOT NULL,
	"journal_entry_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offering_transactions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "offering_amount_positive" CHECK ("offering_transactions"."amount_minor" > 0),
	CONSTRAINT "offering_channel_check" CHECK ("offering_transactions"."payment_channel" in ('Cheque','Cash','POS','Online','Bank Transfer','USSDText'))
);
--> statement-breakpoint
CREATE TABLE "branch_levels" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	CONSTRAINT "branch_levels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "families" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"family_name" text NOT NULL,
	"father_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "families_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "family_members" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"family_role_id" uuid,
	CONSTRAINT "family_members_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "family_roles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "family_roles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "first_timer_stages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "first_timer_stages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"tenant_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "group_members_tenant_id_group_id_person_id_pk" PRIMARY KEY("tenant_id","group_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "people" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"mobile_phone" text,
	"home_address" text,
	"gender_id" integer,
	"marital_status_id" integer,
	"day_of_birth" integer,
	"month_of_birth" integer,
	"year_of_wedding" integer,
	"month_of_wedding" integer,
	"day_of_wedding" integer,
	"card_number" text,
	"picture_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "custom_field_values" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom_field_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "custom_field_values_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"control_type" integer NOT NULL,
	"entity_type" integer NOT NULL,
	"parameter_values" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_id_scope_key_pk" PRIMARY KEY("tenant_id","scope","key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"tenant_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_tenant_id_token_hash_pk" PRIMARY KEY("tenant_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"church_name" text NOT NULL,
	"country_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"logo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"password_hash" text NOT NULL,
	"roles" text[] DEFAULT '{Admin}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_attendance_fk" FOREIGN KEY ("tenant_id","checkin_attendance_id") REFERENCES "public"."checkin_attendances"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_person_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_attendance_groups" ADD CONSTRAINT "cag_attendance_fk" FOREIGN KEY ("tenant_id","checkin_attendance_id") REFERENCES "public"."checkin_attendances"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_attendance_groups" ADD CONSTRAINT "cag_group_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_attendances" ADD CONSTRAINT "checkin_attendances_activity_fk" FOREIGN KEY ("tenant_id","activity_id") REFERENCES "public"."activities"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_attendances" ADD CONSTRAINT "checkin_attendances_income_fk" FOREIGN KEY ("tenant_id","income_account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_attendances" ADD CONSTRAINT "checkin_attendances_cash_fk" FOREIGN KEY ("tenant_id","cash_account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_attendances" ADD CONSTRAINT "checkin_attendances_form_fk" FOREIGN KEY ("tenant_id","payment_form_id") REFERENCES "public"."payment_forms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_attendance_fk" FOREIGN KEY ("tenant_id","checkin_attendance_id") REFERENCES "public"."checkin_attendances"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_person_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_category_fk" FOREIGN KEY ("tenant_id","event_category_id") REFERENCES "public"."event_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "givers" ADD CONSTRAINT "givers_person_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_form_gateways" ADD CONSTRAINT "payment_form_gateways_form_fk" FOREIGN KEY ("tenant_id","payment_form_id") REFERENCES "public"."payment_forms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_form_items" ADD CONSTRAINT "payment_form_items_form_fk" FOREIGN KEY ("tenant_id","payment_form_id") REFERENCES "public"."payment_forms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_form_items" ADD CONSTRAINT "payment_form_items_item_fk" FOREIGN KEY ("tenant_id","contribution_item_id") REFERENCES "public"."contribution_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_payment_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_item_fk" FOREIGN KEY ("tenant_id","contribution_item_id") REFERENCES "public"."contribution_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_offering_fk" FOREIGN KEY ("tenant_id","offering_transaction_id") REFERENCES "public"."offering_transactions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_form_fk" FOREIGN KEY ("tenant_id","payment_form_id") REFERENCES "public"."payment_forms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_giver_fk" FOREIGN KEY ("tenant_id","giver_id") REFERENCES "public"."givers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_person_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_entry_fk" FOREIGN KEY ("tenant_id","journal_entry_id") REFERENCES "public"."journal_entries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_group_fk" FOREIGN KEY ("tenant_id","account_group_id") REFERENCES "public"."account_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_fund_fk" FOREIGN KEY ("tenant_id","fund_id") REFERENCES "public"."funds"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_transactions" ADD CONSTRAINT "financial_transactions_account_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_transactions" ADD CONSTRAINT "financial_transactions_entry_fk" FOREIGN KEY ("tenant_id","journal_entry_id") REFERENCES "public"."journal_entries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_group_fk" FOREIGN KEY ("tenant_id","account_group_id") REFERENCES "public"."account_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_fk" FOREIGN KEY ("tenant_id","reverses_entry_id") REFERENCES "public"."journal_entries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_fk" FOREIGN KEY ("tenant_id","entry_id") REFERENCES "public"."journal_entries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_fund_fk" FOREIGN KEY ("tenant_id","fund_id") REFERENCES "public"."funds"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_person_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_item_remittances" ADD CONSTRAINT "remittances_item_fk" FOREIGN KEY ("tenant_id","contribution_item_id") REFERENCES "public"."contribution_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_item_remittances" ADD CONSTRAINT "remittances_cash_fk" FOREIGN KEY ("tenant_id","destination_cash_bank_account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_item_remittances" ADD CONSTRAINT "remittances_income_fk" FOREIGN KEY ("tenant_id","destination_income_account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_item_remittances" ADD CONSTRAINT "remittances_fund_fk" FOREIGN KEY ("tenant_id","fund_id") REFERENCES "public"."funds"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_items" ADD CONSTRAINT "contribution_items_income_fk" FOREIGN KEY ("tenant_id","income_account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_items" ADD CONSTRAINT "contribution_items_cash_fk" FOREIGN KEY ("tenant_id","cash_account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_transactions" ADD CONSTRAINT "offering_transactions_activity_fk" FOREIGN KEY ("tenant_id","activity_id") REFERENCES "public"."activities"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_transactions" ADD CONSTRAINT "offering_transactions_item_fk" FOREIGN KEY ("tenant_id","contribution_item_id") REFERENCES "public"."contribution_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_transactions" ADD CONSTRAINT "offering_transactions_person_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_transactions" ADD CONSTRAINT "offering_transactions_entry_fk" FOREIGN KEY ("tenant_id","journal_entry_id") REFERENCES "public"."journal_entries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_father_fk" FOREIGN KEY ("tenant_id","father_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_family_fk" FOREIGN KEY ("tenant_id","family_id") REFERENCES "public"."families"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_person_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_role_fk" FOREIGN KEY ("tenant_id","family_role_id") REFERENCES "public"."family_roles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_person_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_parent_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_field_fk" FOREIGN KEY ("tenant_id","custom_field_id") REFERENCES "public"."custom_fields"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_records_once" ON "attendance_records" USING btree ("tenant_id","checkin_attendance_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_attendances_code_key" ON "checkin_attendances" USING btree ("attendance_code");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_once" ON "event_registrations" USING btree ("tenant_id","checkin_attendance_id","person_id");--> statement-breakpoint
CREATE INDEX "event_registrations_attendance_idx" ON "event_registrations" USING btree ("tenant_id","checkin_attendance_id");--> statement-breakpoint
CREATE INDEX "activities_date_idx" ON "activities" USING btree ("tenant_id","activity_date");--> statement-breakpoint
CREATE UNIQUE INDEX "givers_email_key" ON "givers" USING btree ("tenant_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "accounts_type_idx" ON "accounts" USING btree ("tenant_id","account_type");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_system_key_key" ON "accounts" USING btree ("tenant_id","system_key");--> statement-breakpoint
CREATE UNIQUE INDEX "financial_transactions_number_key" ON "financial_transactions" USING btree ("tenant_id","transaction_number");--> statement-breakpoint
CREATE INDEX "journal_entries_source_idx" ON "journal_entries" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reverses_key" ON "journal_entries" USING btree ("tenant_id","reverses_entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("tenant_id","entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("tenant_id","account_id");--> statement-breakpoint
CREATE INDEX "offering_transactions_date_idx" ON "offering_transactions" USING btree ("tenant_id","transaction_date");--> statement-breakpoint
CREATE INDEX "people_phone_idx" ON "people" USING btree ("tenant_id","mobile_phone");--> statement-breakpoint
CREATE INDEX "people_name_idx" ON "people" USING btree ("tenant_id","first_name","last_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));