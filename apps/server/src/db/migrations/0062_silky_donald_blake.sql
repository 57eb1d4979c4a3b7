ALTER TABLE "maintenance_plans" DROP CONSTRAINT "maintenance_plans_period_ck";--> statement-breakpoint
DROP INDEX "plan_occurrences_due_idx";--> statement-breakpoint
ALTER TABLE "asset_meter_readings" ADD COLUMN "service_order_id" integer;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD COLUMN "intervalo_horas" integer;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD COLUMN "horas_alvo" double precision;--> statement-breakpoint
ALTER TABLE "asset_meter_readings" ADD CONSTRAINT "asset_meter_readings_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_occurrences_hours_idx" ON "plan_occurrences" USING btree ("plan_id","asset_id","horas_alvo") WHERE "plan_occurrences"."horas_alvo" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_occurrences_due_idx" ON "plan_occurrences" USING btree ("plan_id","asset_id","vencimento") WHERE "plan_occurrences"."horas_alvo" is null;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_period_ck" CHECK ("maintenance_plans"."periodicidade" in ('mensal','bimestral','trimestral','semestral','anual','dias','horas')
        and ("maintenance_plans"."periodicidade" <> 'dias' or "maintenance_plans"."intervalo_dias" >= 1)
        and ("maintenance_plans"."periodicidade" <> 'horas' or "maintenance_plans"."intervalo_horas" between 1 and 100000));