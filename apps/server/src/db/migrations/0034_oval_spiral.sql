DROP INDEX "inventory_movements_item_idx";--> statement-breakpoint
DROP INDEX "inventory_movements_created_idx";--> statement-breakpoint
CREATE INDEX "inventory_movements_item_idx" ON "inventory_movements" USING btree ("item_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_movements_created_idx" ON "inventory_movements" USING btree ("created_at","id");