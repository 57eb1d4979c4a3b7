CREATE TABLE "sst_os_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_order_id" integer NOT NULL,
	"motivo" text NOT NULL,
	"user_id" integer,
	"pendencias" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sst_service_type_requirements" (
	"service_type_id" integer PRIMARY KEY NOT NULL,
	"activity_type_id" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sst_os_overrides" ADD CONSTRAINT "sst_os_overrides_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_os_overrides" ADD CONSTRAINT "sst_os_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_service_type_requirements" ADD CONSTRAINT "sst_service_type_requirements_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_service_type_requirements" ADD CONSTRAINT "sst_service_type_requirements_activity_type_id_sst_activity_types_id_fk" FOREIGN KEY ("activity_type_id") REFERENCES "public"."sst_activity_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_service_type_requirements" ADD CONSTRAINT "sst_service_type_requirements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sst_os_overrides_os_idx" ON "sst_os_overrides" USING btree ("service_order_id","id");