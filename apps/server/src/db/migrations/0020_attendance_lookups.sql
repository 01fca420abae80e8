DROP INDEX "family_members_once";--> statement-breakpoint
DROP INDEX "family_members_person_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "family_members_person_key" ON "family_members" USING btree ("tenant_id","person_id");--> statement-breakpoint
CREATE INDEX "family_members_family_idx" ON "family_members" USING btree ("tenant_id","family_id");--> statement-breakpoint
-- The existing client's public check-in names the set-up by its id: this narrow lookup finds its
-- church (and nothing else), like attendance_code_tenant does for the code.
CREATE FUNCTION attendance_id_tenant(p_id uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT tenant_id FROM checkin_attendances WHERE id = p_id AND deleted_at IS NULL LIMIT 1
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION attendance_id_tenant(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION attendance_id_tenant(uuid) TO steward_app;
--> statement-breakpoint
-- attendance_id_tenant looks a set-up up by its id alone (the key is (tenant_id, id)): without
-- this index it reads every church's set-ups (bench/checkin-lookup.ts). Ids are random UUIDs.
CREATE UNIQUE INDEX checkin_attendances_id_key ON checkin_attendances (id);
