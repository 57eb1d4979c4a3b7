DROP INDEX "users_search_idx";--> statement-breakpoint
DROP INDEX "contracts_search_idx";--> statement-breakpoint
DROP INDEX "murals_updated_idx";--> statement-breakpoint
DROP INDEX "murals_search_idx";--> statement-breakpoint
DROP INDEX "protocols_search_idx";--> statement-breakpoint
DROP INDEX "vehicles_search_idx";--> statement-breakpoint
DROP INDEX "inventory_items_search_idx";--> statement-breakpoint
DROP INDEX "requests_search_idx";--> statement-breakpoint
DROP INDEX "service_orders_start_idx";--> statement-breakpoint
DROP INDEX "service_orders_search_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (public.eproto_search_norm(coalesce("users"."nome", '') || ' ' || coalesce("users"."email", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (public.eproto_search_norm(coalesce("contracts"."codigo", '') || ' ' || coalesce("contracts"."nome", '') || ' ' || coalesce("contracts"."cliente", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "murals" ADD COLUMN "search_text" text GENERATED ALWAYS AS (public.eproto_search_norm(coalesce("murals"."titulo", '') || ' ' || coalesce("murals"."descricao", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "protocols" ADD COLUMN "search_text" text GENERATED ALWAYS AS (public.eproto_search_norm(coalesce("protocols"."titulo", '') || ' ' || coalesce("protocols"."descricao", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (public.eproto_search_norm(coalesce("vehicles"."placa", '') || ' ' || coalesce("vehicles"."modelo", '') || ' ' || coalesce("vehicles"."marca", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "search_text" text GENERATED ALWAYS AS (public.eproto_search_norm(coalesce("inventory_items"."codigo", '') || ' ' || coalesce("inventory_items"."nome", '') || ' ' || coalesce("inventory_items"."categoria", '') || ' ' || coalesce("inventory_items"."localizacao", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "search_text" text GENERATED ALWAYS AS (public.eproto_search_norm(coalesce("requests"."descricao", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (public.eproto_search_norm(coalesce("service_orders"."codigo", '') || ' ' || coalesce("service_orders"."local", '') || ' ' || coalesce("service_orders"."descricao", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contracts_search_idx" ON "contracts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "murals_updated_idx" ON "murals" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "murals_search_idx" ON "murals" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "protocols_search_idx" ON "protocols" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_search_idx" ON "vehicles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_items_search_idx" ON "inventory_items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_search_idx" ON "requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_orders_start_idx" ON "service_orders" USING btree ("previsto_inicio","id");--> statement-breakpoint
CREATE INDEX "service_orders_search_idx" ON "service_orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The search queries plan on the statistics of the new columns: gather them now rather than
-- when autovacuum next analyzes each table (adding a column does not count as a change).
ANALYZE "users", "contracts", "murals", "protocols", "vehicles", "inventory_items", "requests", "service_orders";
