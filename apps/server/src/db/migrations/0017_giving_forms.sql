ALTER TABLE "payment_form_gateways" ADD CONSTRAINT "payment_form_gateways_gateway_fk" FOREIGN KEY ("payment_gateway_id") REFERENCES "public"."payment_gateways"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_forms" ADD CONSTRAINT "payment_forms_bank_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_form_gateways_gateway_key" ON "payment_form_gateways" USING btree ("tenant_id","payment_form_id","payment_gateway_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_form_items_item_key" ON "payment_form_items" USING btree ("tenant_id","payment_form_id","contribution_item_id");--> statement-breakpoint
CREATE INDEX "payments_form_idx" ON "payments" USING btree ("tenant_id","payment_form_id");--> statement-breakpoint
-- Reference data for payment forms (issue 10): the banks a church's settlement account can be in,
-- with the codes Paystack's and Flutterwave's bank lists carry (CBN codes for Nigeria, Bank of
-- Ghana sort codes for Ghana), and the two card providers. Names 'Paystack' and 'FlutterWave'
-- are what the existing client matches (existing-client-api §7b.7).
INSERT INTO "banks" ("id", "name", "code", "country_code") VALUES
  (1, 'Access Bank', '044', 'NG'),
  (2, 'Access Bank (Diamond)', '063', 'NG'),
  (3, 'ALAT by WEMA', '035A', 'NG'),
  (4, 'Citibank Nigeria', '023', 'NG'),
  (5, 'Ecobank Nigeria', '050', 'NG'),
  (6, 'Fidelity Bank', '070', 'NG'),
  (7, 'First Bank of Nigeria', '011', 'NG'),
  (8, 'First City Monument Bank', '214', 'NG'),
  (9, 'Globus Bank', '00103', 'NG'),
  (10, 'Guaranty Trust Bank', '058', 'NG'),
  (11, 'Heritage Bank', '030', 'NG'),
  (12, 'Jaiz Bank', '301', 'NG'),
  (13, 'Keystone Bank', '082', 'NG'),
  (14, 'Kuda Bank', '50211', 'NG'),
  (15, 'Lotus Bank', '303', 'NG'),
  (16, 'Moniepoint MFB', '50515', 'NG'),
  (17, 'OPay Digital Services Limited (OPay)', '999992', 'NG'),
  (18, 'PalmPay', '999991', 'NG'),
  (19, 'Parallex Bank', '104', 'NG'),
  (20, 'Polaris Bank', '076', 'NG'),
  (21, 'Premium Trust Bank', '105', 'NG'),
  (22, 'Providus Bank', '101', 'NG'),
  (23, 'Stanbic IBTC Bank', '221', 'NG'),
  (24, 'Standard Chartered Bank', '068', 'NG'),
  (25, 'Sterling Bank', '232', 'NG'),
  (26, 'Suntrust Bank', '100', 'NG'),
  (27, 'TAJ Bank', '302', 'NG'),
  (28, 'Titan Bank', '102', 'NG'),
  (29, 'Union Bank of Nigeria', '032', 'NG'),
  (30, 'United Bank For Africa', '033', 'NG'),
  (31, 'Unity Bank', '215', 'NG'),
  (32, 'VFD Microfinance Bank Limited', '566', 'NG'),
  (33, 'Wema Bank', '035', 'NG'),
  (34, 'Zenith Bank', '057', 'NG'),
  (35, 'Optimus Bank Limited', '107', 'NG'),
  (36, 'Signature Bank Ltd', '106', 'NG'),
  (37, 'Coronation Merchant Bank', '559', 'NG'),
  (38, 'FSDH Merchant Bank Limited', '501', 'NG'),
  (39, 'Rand Merchant Bank', '502', 'NG'),
  (40, 'Carbon', '565', 'NG'),
  (41, 'Paga', '100002', 'NG'),
  (42, 'Rubies MFB', '125', 'NG'),
  (43, 'Sparkle Microfinance Bank', '51310', 'NG'),
  (44, 'Eyowo', '50126', 'NG'),
  (45, 'Lagos Building Investment Company Plc.', '90052', 'NG'),
  (101, 'Absa Bank Ghana', '030100', 'GH'),
  (102, 'Access Bank Ghana', '280100', 'GH'),
  (103, 'Agricultural Development Bank', '080100', 'GH'),
  (104, 'Bank of Africa Ghana', '210100', 'GH'),
  (105, 'CAL Bank', '140100', 'GH'),
  (106, 'Consolidated Bank Ghana', '340100', 'GH'),
  (107, 'Ecobank Ghana', '130100', 'GH'),
  (108, 'FBNBank Ghana', '200100', 'GH'),
  (109, 'Fidelity Bank Ghana', '240100', 'GH'),
  (110, 'First Atlantic Bank', '170100', 'GH'),
  (111, 'First National Bank Ghana', '330100', 'GH'),
  (112, 'GCB Bank', '040100', 'GH'),
  (113, 'Guaranty Trust Bank Ghana', '230100', 'GH'),
  (114, 'National Investment Bank', '050100', 'GH'),
  (115, 'Prudential Bank', '180100', 'GH'),
  (116, 'Republic Bank Ghana', '110100', 'GH'),
  (117, 'Societe Generale Ghana', '090100', 'GH'),
  (118, 'Stanbic Bank Ghana', '190100', 'GH'),
  (119, 'Standard Chartered Bank Ghana', '020100', 'GH'),
  (120, 'United Bank for Africa Ghana', '060100', 'GH'),
  (121, 'Universal Merchant Bank', '100100', 'GH'),
  (122, 'Zenith Bank Ghana', '120100', 'GH'),
  (123, 'ARB Apex Bank', '070101', 'GH')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- Flutterwave settles a church's gifts through a subaccount of the form's bank account, created
-- when the form is saved; Paystack payments are initialised with a subaccount only when one was
-- given (giving/README.md).
INSERT INTO "payment_gateways" ("id", "name", "country_coverage_area", "is_active", "is_sub_account_supported") VALUES
  (1, 'Paystack', 'Nigeria, Ghana, Kenya, South Africa', true, false),
  (2, 'FlutterWave', 'Nigeria, Ghana, Kenya, South Africa, Uganda, Tanzania, Rwanda', true, true)
ON CONFLICT ("id") DO NOTHING;
