CREATE TABLE "asset_contract_settings" (
	"contract_id" integer PRIMARY KEY NOT NULL,
	"horizonte_dias" integer DEFAULT 30 NOT NULL,
	"equipe" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hora_inicio" integer DEFAULT 8 NOT NULL,
	"edificio_nome" text,
	"edificio_endereco" text,
	"edificio_uso" text,
	"rt_nome" text,
	"rt_registro" text,
	"rt_art" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_contract_settings_horizon_ck" CHECK ("asset_contract_settings"."horizonte_dias" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "maintenance_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"asset_type_id" integer,
	"asset_id" integer,
	"service_type_id" integer NOT NULL,
	"periodicidade" text NOT NULL,
	"intervalo_dias" integer,
	"inicio" date NOT NULL,
	"duracao_min" integer DEFAULT 120 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_plans_target_ck" CHECK (("maintenance_plans"."asset_type_id" is null) <> ("maintenance_plans"."asset_id" is null)),
	CONSTRAINT "maintenance_plans_period_ck" CHECK ("maintenance_plans"."periodicidade" in ('mensal','bimestral','trimestral','semestral','anual','dias')
        and ("maintenance_plans"."periodicidade" <> 'dias' or "maintenance_plans"."intervalo_dias" >= 1))
);
--> statement-breakpoint
CREATE TABLE "os_asset_answers" (
	"service_order_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"valor_sim_nao" text,
	"valor_numero" double precision,
	"valor_texto" text,
	"valor_opcoes" jsonb,
	"valor_data" date,
	"observacao" text,
	"respondido_por" integer,
	"respondido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"device_time" timestamp with time zone,
	CONSTRAINT "os_asset_answers_service_order_id_asset_id_item_id_pk" PRIMARY KEY("service_order_id","asset_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "os_assets" (
	"service_order_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "os_assets_service_order_id_asset_id_pk" PRIMARY KEY("service_order_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "plan_occurrences" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"vencimento" date NOT NULL,
	"dia" date NOT NULL,
	"service_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pmoc_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"ano" integer NOT NULL,
	"conteudo" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"verificacao_codigo" uuid DEFAULT gen_random_uuid() NOT NULL,
	"emitido_por" integer,
	"emitido_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_contract_settings" ADD CONSTRAINT "asset_contract_settings_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_contract_settings" ADD CONSTRAINT "asset_contract_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_asset_type_id_asset_types_id_fk" FOREIGN KEY ("asset_type_id") REFERENCES "public"."asset_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_asset_answers" ADD CONSTRAINT "os_asset_answers_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_asset_answers" ADD CONSTRAINT "os_asset_answers_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_asset_answers" ADD CONSTRAINT "os_asset_answers_item_id_service_type_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."service_type_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_asset_answers" ADD CONSTRAINT "os_asset_answers_respondido_por_users_id_fk" FOREIGN KEY ("respondido_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_assets" ADD CONSTRAINT "os_assets_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_assets" ADD CONSTRAINT "os_assets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD CONSTRAINT "plan_occurrences_plan_id_maintenance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."maintenance_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD CONSTRAINT "plan_occurrences_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD CONSTRAINT "plan_occurrences_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmoc_issues" ADD CONSTRAINT "pmoc_issues_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmoc_issues" ADD CONSTRAINT "pmoc_issues_emitido_por_users_id_fk" FOREIGN KEY ("emitido_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_plans_contract_idx" ON "maintenance_plans" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "os_assets_asset_idx" ON "os_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_occurrences_due_idx" ON "plan_occurrences" USING btree ("plan_id","asset_id","vencimento");--> statement-breakpoint
CREATE INDEX "plan_occurrences_asset_idx" ON "plan_occurrences" USING btree ("asset_id","vencimento");--> statement-breakpoint
CREATE INDEX "plan_occurrences_os_idx" ON "plan_occurrences" USING btree ("service_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pmoc_issues_code_idx" ON "pmoc_issues" USING btree ("verificacao_codigo");--> statement-breakpoint
CREATE INDEX "pmoc_issues_contract_idx" ON "pmoc_issues" USING btree ("contract_id","emitido_em");