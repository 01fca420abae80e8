CREATE TABLE "church_fx_rates" (
	"tenant_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"rate_date" date NOT NULL,
	"units_per_usd" numeric(24, 10) NOT NULL,
	"entered_by" uuid NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "church_fx_rates_tenant_id_currency_code_rate_date_pk" PRIMARY KEY("tenant_id","currency_code","rate_date"),
	CONSTRAINT "church_fx_rates_positive" CHECK ("church_fx_rates"."units_per_usd" > 0)
);
--> statement-breakpoint
ALTER TABLE "church_fx_rates" ADD CONSTRAINT "church_fx_rates_entered_by_fk" FOREIGN KEY ("tenant_id","entered_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Row-level security on the new tenant table (DESIGN.md §1.4), as 0004, 0008 and 0009 do.
ALTER TABLE church_fx_rates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE church_fx_rates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON church_fx_rates USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- A rate is entered or replaced (same currency and date), never deleted: journal lines name the
-- source and date of the rate they used.
GRANT SELECT, INSERT, UPDATE ON church_fx_rates TO steward_app;
