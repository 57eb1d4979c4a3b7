ALTER TABLE "service_orders" ADD COLUMN "relatorio_expira_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "relatorio_revogado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "verificacao_codigo" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "enviar_relatorio_cliente" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_verificacao_idx" ON "service_orders" USING btree ("verificacao_codigo");