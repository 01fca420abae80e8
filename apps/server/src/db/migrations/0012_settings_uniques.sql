-- Issue 8: names the settings screens promise unique are unique indexes. Rows that broke them
-- before keep their data: later duplicates get a numbered suffix, and only the first default
-- stage of a church stays default.
UPDATE branch_levels b SET name = b.name || ' (' || d.rn || ')'
  FROM (SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id, lower(name) ORDER BY level, id) AS rn
        FROM branch_levels) d
  WHERE b.tenant_id = d.tenant_id AND b.id = d.id AND d.rn > 1;
--> statement-breakpoint
UPDATE first_timer_stages f SET name = f.name || ' (' || d.rn || ')'
  FROM (SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id, lower(name) ORDER BY sort_order, id) AS rn
        FROM first_timer_stages) d
  WHERE f.tenant_id = d.tenant_id AND f.id = d.id AND d.rn > 1;
--> statement-breakpoint
UPDATE first_timer_stages f SET is_default = false
  FROM (SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id ORDER BY sort_order, id) AS rn
        FROM first_timer_stages WHERE is_default) d
  WHERE f.tenant_id = d.tenant_id AND f.id = d.id AND d.rn > 1;
--> statement-breakpoint
UPDATE groups g SET name = g.name || ' (' || d.rn || ')'
  FROM (SELECT tenant_id, id, row_number() OVER (
          PARTITION BY tenant_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name)
          ORDER BY created_at, id) AS rn
        FROM groups) d
  WHERE g.tenant_id = d.tenant_id AND g.id = d.id AND d.rn > 1;
--> statement-breakpoint
UPDATE custom_fields c SET label = c.label || ' (' || d.rn || ')'
  FROM (SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id, entity_type, lower(label) ORDER BY sort_order, created_at, id) AS rn
        FROM custom_fields) d
  WHERE c.tenant_id = d.tenant_id AND c.id = d.id AND d.rn > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "branch_levels_name_key" ON "branch_levels" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "first_timer_stages_name_key" ON "first_timer_stages" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "first_timer_stages_default_key" ON "first_timer_stages" USING btree ("tenant_id") WHERE "first_timer_stages"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_key" ON "groups" USING btree ("tenant_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "groups_parent_idx" ON "groups" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "custom_field_values_field_idx" ON "custom_field_values" USING btree ("tenant_id","custom_field_id");--> statement-breakpoint
CREATE INDEX "custom_field_values_entity_idx" ON "custom_field_values" USING btree ("tenant_id","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_label_key" ON "custom_fields" USING btree ("tenant_id","entity_type",lower("label"));