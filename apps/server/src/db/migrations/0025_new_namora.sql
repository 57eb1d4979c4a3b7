CREATE TABLE "sst_apr_epis" (
	"apr_id" integer NOT NULL,
	"epi_item_id" integer NOT NULL,
	CONSTRAINT "sst_apr_epis_apr_id_epi_item_id_pk" PRIMARY KEY("apr_id","epi_item_id")
);
--> statement-breakpoint
CREATE TABLE "sst_apr_people" (
	"apr_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"assinado_em" timestamp with time zone,
	"dispositivo" text,
	"latitude" double precision,
	"longitude" double precision,
	"precisao_m" double precision,
	CONSTRAINT "sst_apr_people_apr_id_user_id_pk" PRIMARY KEY("apr_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sst_aprs" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_order_id" integer,
	"agenda_entry_id" integer,
	"atividade" text NOT NULL,
	"local" text,
	"etapas" jsonb NOT NULL,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"responsavel_id" integer NOT NULL,
	"enviada_em" timestamp with time zone,
	"assinada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sst_pt_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"pt_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"user_id" integer,
	"comentario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sst_pt_people" (
	"pt_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "sst_pt_people_pt_id_user_id_pk" PRIMARY KEY("pt_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sst_pts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"apr_id" integer NOT NULL,
	"service_order_id" integer,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"medidas" jsonb NOT NULL,
	"observacoes" text,
	"status" text DEFAULT 'emitida' NOT NULL,
	"responsavel_id" integer NOT NULL,
	"aprovador_id" integer,
	"decidida_em" timestamp with time zone,
	"comentario_decisao" text,
	"encerrada_por" integer,
	"encerrada_em" timestamp with time zone,
	"observacao_encerramento" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sst_pts_shift_ck" CHECK ("sst_pts"."fim" > "sst_pts"."inicio" and "sst_pts"."fim" - "sst_pts"."inicio" <= interval '1 day')
);
--> statement-breakpoint
CREATE TABLE "sst_service_type_pts" (
	"service_type_id" integer PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sst_apr_epis" ADD CONSTRAINT "sst_apr_epis_apr_id_sst_aprs_id_fk" FOREIGN KEY ("apr_id") REFERENCES "public"."sst_aprs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_apr_epis" ADD CONSTRAINT "sst_apr_epis_epi_item_id_epi_items_id_fk" FOREIGN KEY ("epi_item_id") REFERENCES "public"."epi_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_apr_people" ADD CONSTRAINT "sst_apr_people_apr_id_sst_aprs_id_fk" FOREIGN KEY ("apr_id") REFERENCES "public"."sst_aprs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_apr_people" ADD CONSTRAINT "sst_apr_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_aprs" ADD CONSTRAINT "sst_aprs_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_aprs" ADD CONSTRAINT "sst_aprs_agenda_entry_id_agenda_entries_id_fk" FOREIGN KEY ("agenda_entry_id") REFERENCES "public"."agenda_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_aprs" ADD CONSTRAINT "sst_aprs_responsavel_id_users_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_pt_events" ADD CONSTRAINT "sst_pt_events_pt_id_sst_pts_id_fk" FOREIGN KEY ("pt_id") REFERENCES "public"."sst_pts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_pt_events" ADD CONSTRAINT "sst_pt_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_pt_people" ADD CONSTRAINT "sst_pt_people_pt_id_sst_pts_id_fk" FOREIGN KEY ("pt_id") REFERENCES "public"."sst_pts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_pt_people" ADD CONSTRAINT "sst_pt_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_pts" ADD CONSTRAINT "sst_pts_apr_id_sst_aprs_id_fk" FOREIGN KEY ("apr_id") REFERENCES "public"."sst_aprs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_pts" ADD CONSTRAINT "sst_pts_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_pts" ADD CONSTRAINT "sst_pts_responsavel_id_users_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_pts" ADD CONSTRAINT "sst_pts_aprovador_id_users_id_fk" FOREIGN KEY ("aprovador_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_pts" ADD CONSTRAINT "sst_pts_encerrada_por_users_id_fk" FOREIGN KEY ("encerrada_por") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_service_type_pts" ADD CONSTRAINT "sst_service_type_pts_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sst_apr_people_user_idx" ON "sst_apr_people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sst_aprs_os_idx" ON "sst_aprs" USING btree ("service_order_id");--> statement-breakpoint
CREATE INDEX "sst_aprs_entry_idx" ON "sst_aprs" USING btree ("agenda_entry_id");--> statement-breakpoint
CREATE INDEX "sst_aprs_status_idx" ON "sst_aprs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sst_pt_events_pt_idx" ON "sst_pt_events" USING btree ("pt_id","id");--> statement-breakpoint
CREATE INDEX "sst_pt_people_user_idx" ON "sst_pt_people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sst_pts_os_idx" ON "sst_pts" USING btree ("service_order_id","status");--> statement-breakpoint
CREATE INDEX "sst_pts_status_idx" ON "sst_pts" USING btree ("status","fim");