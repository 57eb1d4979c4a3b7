ALTER TABLE "protocol_attachments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "protocol_attachments" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "protocol_attachments" ADD COLUMN "delete_reason" text;--> statement-breakpoint
ALTER TABLE "protocol_attachments" ADD CONSTRAINT "protocol_attachments_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;