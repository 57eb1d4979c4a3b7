ALTER TABLE "mural_messages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "protocol_messages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "service_order_messages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;