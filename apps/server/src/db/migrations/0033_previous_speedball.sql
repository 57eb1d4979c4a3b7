DROP INDEX "activity_log_created_idx";--> statement-breakpoint
DROP INDEX "activity_log_user_idx";--> statement-breakpoint
CREATE INDEX "activity_log_kind_idx" ON "activity_log" USING btree (split_part("action", ' ', 1),"created_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_created_idx" ON "activity_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_user_idx" ON "activity_log" USING btree ("user_id","created_at","id");