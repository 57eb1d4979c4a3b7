CREATE TABLE "cost_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"funcao" text,
	"user_id" integer,
	"valor_hora" numeric(12, 2) NOT NULL,
	"vigente_desde" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_rates_one_target_ck" CHECK (("cost_rates"."funcao" is null) <> ("cost_rates"."user_id" is null)),
	CONSTRAINT "cost_rates_valor_ck" CHECK ("cost_rates"."valor_hora" > 0)
);
--> statement-breakpoint
ALTER TABLE "vehicle_fuel_logs" ADD COLUMN "contract_id" integer;--> statement-breakpoint
ALTER TABLE "vehicle_maintenances" ADD COLUMN "contract_id" integer;--> statement-breakpoint
ALTER TABLE "epi_deliveries" ADD COLUMN "custo_unitario" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "epi_items" ADD COLUMN "custo_unitario" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "cost_rates" ADD CONSTRAINT "cost_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_rates" ADD CONSTRAINT "cost_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_rates_funcao_day_idx" ON "cost_rates" USING btree ("funcao","vigente_desde") WHERE "cost_rates"."funcao" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_rates_user_day_idx" ON "cost_rates" USING btree ("user_id","vigente_desde") WHERE "cost_rates"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "cost_rates_user_idx" ON "cost_rates" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "vehicle_fuel_logs" ADD CONSTRAINT "vehicle_fuel_logs_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_maintenances" ADD CONSTRAINT "vehicle_maintenances_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epi_items" ADD CONSTRAINT "epi_items_custo_ck" CHECK ("epi_items"."custo_unitario" >= 0);