ALTER TABLE "financial_transactions" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offering_transactions" ADD COLUMN "memo" text DEFAULT '' NOT NULL;