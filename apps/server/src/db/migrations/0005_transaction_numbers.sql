-- Numbers of finance-page documents when the user gives none (TRX-000001, ...).
CREATE SEQUENCE financial_transaction_no_seq;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE financial_transaction_no_seq TO steward_app;
