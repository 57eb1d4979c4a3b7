DROP INDEX "notifications_user_idx";--> statement-breakpoint
CREATE INDEX "murals_board_updated_idx" ON "murals" USING btree ("board_id","updated_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at","id");