CREATE TABLE "offering_report_links" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "offering_report_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "offering_reports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"report_date" date NOT NULL,
	"activity_id" uuid NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"unapproved_at" timestamp with time zone,
	"unapproved_by" uuid,
	"sent_at" timestamp with time zone,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offering_reports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "offering_reports_approval_check" CHECK (("offering_reports"."approved_at" is null) = ("offering_reports"."approved_by" is null))
);
--> statement-breakpoint
ALTER TABLE "offering_report_links" ADD CONSTRAINT "offering_report_links_report_fk" FOREIGN KEY ("tenant_id","report_id") REFERENCES "public"."offering_reports"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_report_links" ADD CONSTRAINT "offering_report_links_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_report_links" ADD CONSTRAINT "offering_report_links_revoked_by_fk" FOREIGN KEY ("tenant_id","revoked_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_reports" ADD CONSTRAINT "offering_reports_approved_by_fk" FOREIGN KEY ("tenant_id","approved_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_reports" ADD CONSTRAINT "offering_reports_unapproved_by_fk" FOREIGN KEY ("tenant_id","unapproved_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_reports" ADD CONSTRAINT "offering_reports_sent_by_fk" FOREIGN KEY ("tenant_id","sent_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offering_report_links_token_key" ON "offering_report_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "offering_report_links_report_idx" ON "offering_report_links" USING btree ("tenant_id","report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offering_reports_key" ON "offering_reports" USING btree ("tenant_id","report_date","activity_id");--> statement-breakpoint
-- Row-level security on the two new tenant tables (DESIGN.md §1.4), as 0004 and 0008 do.
ALTER TABLE offering_reports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE offering_reports FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON offering_reports USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE offering_report_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE offering_report_links FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON offering_report_links USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Approvals and links are changed, never deleted (unapproving and revoking keep the trail).
GRANT SELECT, INSERT, UPDATE ON offering_reports, offering_report_links TO steward_app;
--> statement-breakpoint
-- The public share view, before its tenant is known: the one link whose token hashes to
-- p_token_hash (SHA-256, hex), with its church and report and whether it was revoked. Nothing
-- else of any church is reachable through it; the route then runs as that church.
CREATE FUNCTION offering_report_find_link(p_token_hash text)
RETURNS TABLE (tenant_id uuid, link_id uuid, report_id uuid, revoked boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT l.tenant_id, l.id, l.report_id, l.revoked_at IS NOT NULL FROM offering_report_links l
  WHERE l.token_hash = p_token_hash
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION offering_report_find_link(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION offering_report_find_link(text) TO steward_app;
