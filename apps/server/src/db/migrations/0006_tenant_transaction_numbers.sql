ALTER TABLE "tenants" ADD COLUMN "next_transaction_no" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE tenants t SET next_transaction_no = 1 + coalesce((
  SELECT max(substring(f.transaction_number FROM '^TRX-(\d+)$')::bigint)
  FROM financial_transactions f WHERE f.tenant_id = t.id), 0);
--> statement-breakpoint
DROP SEQUENCE financial_transaction_no_seq;
