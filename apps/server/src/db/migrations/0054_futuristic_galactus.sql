CREATE TABLE "timesheet_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"data" date NOT NULL,
	"minutos" integer NOT NULL,
	"tipo" text NOT NULL,
	"contract_id" integer,
	"protocol_id" integer,
	"service_order_id" integer,
	"nota" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_entries_minutes_ck" CHECK ("timesheet_entries"."minutos" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "timesheet_weeks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"semana" date NOT NULL,
	"status" text NOT NULL,
	"minutos_aprovados" integer DEFAULT 0 NOT NULL,
	"aprovada_por" integer,
	"aprovada_em" timestamp with time zone,
	"reaberta_por" integer,
	"reaberta_em" timestamp with time zone,
	"motivo_reabertura" text
);
--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_aprovada_por_users_id_fk" FOREIGN KEY ("aprovada_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_reaberta_por_users_id_fk" FOREIGN KEY ("reaberta_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timesheet_entries_user_day_idx" ON "timesheet_entries" USING btree ("user_id","data");--> statement-breakpoint
CREATE INDEX "timesheet_entries_contract_day_idx" ON "timesheet_entries" USING btree ("contract_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_weeks_user_week_idx" ON "timesheet_weeks" USING btree ("user_id","semana");