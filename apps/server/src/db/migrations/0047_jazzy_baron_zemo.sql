CREATE TABLE "asset_public_codes" (
	"asset_id" integer PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_report_settings" (
	"contract_id" integer PRIMARY KEY NOT NULL,
	"ativo" boolean NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"protocolo" text NOT NULL,
	"token_hash" text NOT NULL,
	"nome" text NOT NULL,
	"contato" text NOT NULL,
	"origem_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requests" ALTER COLUMN "requester_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "solicitante_externo" text;--> statement-breakpoint
ALTER TABLE "asset_public_codes" ADD CONSTRAINT "asset_public_codes_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_report_settings" ADD CONSTRAINT "asset_report_settings_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_report_settings" ADD CONSTRAINT "asset_report_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_reports" ADD CONSTRAINT "asset_reports_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_reports" ADD CONSTRAINT "asset_reports_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_public_codes_codigo_idx" ON "asset_public_codes" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_reports_protocolo_idx" ON "asset_reports" USING btree ("protocolo");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_reports_token_idx" ON "asset_reports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "asset_reports_origem_idx" ON "asset_reports" USING btree ("origem_hash","created_at");--> statement-breakpoint
CREATE INDEX "asset_reports_asset_idx" ON "asset_reports" USING btree ("asset_id");