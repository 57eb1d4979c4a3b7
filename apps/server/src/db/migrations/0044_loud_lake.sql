ALTER TABLE "inventory_items" ADD COLUMN "custo_unitario" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "service_order_materials" ADD COLUMN "custo_unitario" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_custo_ck" CHECK ("inventory_items"."custo_unitario" >= 0);