DROP INDEX "users_search_idx";--> statement-breakpoint
DROP INDEX "contracts_search_idx";--> statement-breakpoint
DROP INDEX "murals_search_idx";--> statement-breakpoint
DROP INDEX "protocols_search_idx";--> statement-breakpoint
DROP INDEX "vehicles_search_idx";--> statement-breakpoint
DROP INDEX "inventory_items_search_idx";--> statement-breakpoint
DROP INDEX "requests_search_idx";--> statement-breakpoint
DROP INDEX "service_orders_search_idx";--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "contracts_search_idx" ON "contracts" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "murals_search_idx" ON "murals" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "protocols_search_idx" ON "protocols" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "vehicles_search_idx" ON "vehicles" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "inventory_items_search_idx" ON "inventory_items" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "requests_search_idx" ON "requests" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "service_orders_search_idx" ON "service_orders" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);