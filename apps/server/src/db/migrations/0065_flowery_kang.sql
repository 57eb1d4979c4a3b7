-- Issue 37, writes and counters at 10x: each demand move (a new row version of "murals") no
-- longer adds entries to the finance and recurrence indexes of demands outside them, and a
-- board's counters count messages (who, when) from the index alone.
DROP INDEX "mural_messages_mural_idx";--> statement-breakpoint
DROP INDEX "murals_finance_status_idx";--> statement-breakpoint
DROP INDEX "murals_recurrence_idx";--> statement-breakpoint
DROP INDEX "protocol_messages_protocol_idx";--> statement-breakpoint
DROP INDEX "service_order_messages_service_order_idx";--> statement-breakpoint
CREATE INDEX "mural_messages_mural_idx" ON "mural_messages" USING btree ("mural_id","created_at","author_id");--> statement-breakpoint
CREATE INDEX "murals_finance_status_idx" ON "murals" USING btree ("finance_status") WHERE "murals"."finance_status" is not null;--> statement-breakpoint
CREATE INDEX "murals_recurrence_idx" ON "murals" USING btree ("recurrence_id") WHERE "murals"."recurrence_id" is not null;--> statement-breakpoint
CREATE INDEX "protocol_messages_protocol_idx" ON "protocol_messages" USING btree ("protocol_id","created_at","author_id");--> statement-breakpoint
CREATE INDEX "service_order_messages_service_order_idx" ON "service_order_messages" USING btree ("service_order_id","created_at","author_id");