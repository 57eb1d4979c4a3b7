CREATE TABLE "user_view_seq" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"v" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mural_views" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_view_seq" ADD CONSTRAINT "user_view_seq_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mural_views_user_seq_idx" ON "mural_views" USING btree ("user_id","seq");