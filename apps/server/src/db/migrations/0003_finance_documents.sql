CREATE TABLE "account_balances" (
	"tenant_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"line_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "account_balances_tenant_id_account_id_fund_id_currency_code_pk" PRIMARY KEY("tenant_id","account_id","fund_id","currency_code")
);
--> statement-breakpoint
CREATE TABLE "financial_transaction_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"side" text NOT NULL,
	"account_id" uuid NOT NULL,
	"fund_id" uuid,
	"amount_minor" bigint NOT NULL,
	"person_id" uuid,
	"memo" text DEFAULT '' NOT NULL,
	CONSTRAINT "financial_transaction_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "financial_transaction_lines_side_check" CHECK ("financial_transaction_lines"."side" in ('debit','credit')),
	CONSTRAINT "financial_transaction_lines_amount_check" CHECK ("financial_transaction_lines"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "account_groups" ADD COLUMN "is_cash_bank" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_account_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_fund_fk" FOREIGN KEY ("tenant_id","fund_id") REFERENCES "public"."funds"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_transaction_lines" ADD CONSTRAINT "ftl_transaction_fk" FOREIGN KEY ("tenant_id","transaction_id") REFERENCES "public"."financial_transactions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_transaction_lines" ADD CONSTRAINT "ftl_account_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_transaction_lines" ADD CONSTRAINT "ftl_fund_fk" FOREIGN KEY ("tenant_id","fund_id") REFERENCES "public"."funds"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_transaction_lines" ADD CONSTRAINT "ftl_person_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."people"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financial_transaction_lines_tx_idx" ON "financial_transaction_lines" USING btree ("tenant_id","transaction_id");--> statement-breakpoint
CREATE INDEX "financial_transactions_date_idx" ON "financial_transactions" USING btree ("tenant_id","transaction_date","created_at");--> statement-breakpoint
CREATE INDEX "financial_transactions_account_idx" ON "financial_transactions" USING btree ("tenant_id","account_id","transaction_date");