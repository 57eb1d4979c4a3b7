DROP INDEX "mural_history_mural_idx";--> statement-breakpoint
DROP INDEX "protocol_history_protocol_idx";--> statement-breakpoint
DROP INDEX "service_order_history_service_order_idx";--> statement-breakpoint
CREATE INDEX "mural_history_mural_idx" ON "mural_history" USING btree ("mural_id","created_at","id");--> statement-breakpoint
CREATE INDEX "protocol_history_protocol_idx" ON "protocol_history" USING btree ("protocol_id","created_at","id");--> statement-breakpoint
CREATE INDEX "service_order_history_service_order_idx" ON "service_order_history" USING btree ("service_order_id","created_at","id");