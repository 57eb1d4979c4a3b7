CREATE TABLE "company_days_off" (
	"id" serial PRIMARY KEY NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"contract_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_days_off_range_check" CHECK ("company_days_off"."fim" >= "company_days_off"."inicio"),
	CONSTRAINT "company_days_off_tipo_check" CHECK ("company_days_off"."tipo" in ('folga', 'ferias_coletivas', 'feriado_local'))
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "uf" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "municipio" text;--> statement-breakpoint
ALTER TABLE "murals" ADD COLUMN "dias_uteis" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_days_off" ADD CONSTRAINT "company_days_off_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_days_off" ADD CONSTRAINT "company_days_off_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_days_off_range_idx" ON "company_days_off" USING btree ("fim","inicio");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_uf_check" CHECK ("contracts"."uf" is null or "contracts"."uf" ~ '^[A-Z]{2}$');