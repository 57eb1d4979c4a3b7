CREATE TABLE "sst_activity_requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_type_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"training_id" integer,
	CONSTRAINT "sst_activity_requirements_training_ck" CHECK (("sst_activity_requirements"."tipo" = 'treinamento') = ("sst_activity_requirements"."training_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "sst_activity_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sst_alert_log" (
	"alert_key" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sst_alert_log_alert_key_user_id_pk" PRIMARY KEY("alert_key","user_id")
);
--> statement-breakpoint
CREATE TABLE "sst_asos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"data" date NOT NULL,
	"resultado" text NOT NULL,
	"restricoes" text,
	"medico" text NOT NULL,
	"crm" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sst_cnhs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"numero" text NOT NULL,
	"categoria" text NOT NULL,
	"validade" date NOT NULL,
	"ear" boolean DEFAULT false NOT NULL,
	"toxicologico_data" date,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sst_training_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"data" date NOT NULL,
	"carga_horaria" numeric(6, 1) NOT NULL,
	"instrutor" text NOT NULL,
	"validade" date NOT NULL,
	"certificado_key" text,
	"certificado_nome" text,
	"certificado_mime" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sst_training_records_validade_ck" CHECK ("sst_training_records"."validade" > "sst_training_records"."data")
);
--> statement-breakpoint
CREATE TABLE "sst_trainings" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"validade_meses" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sst_trainings_validade_ck" CHECK ("sst_trainings"."validade_meses" > 0)
);
--> statement-breakpoint
CREATE TABLE "sst_workers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"aso_periodicidade_meses" integer DEFAULT 12 NOT NULL,
	CONSTRAINT "sst_workers_periodicidade_ck" CHECK ("sst_workers"."aso_periodicidade_meses" in (12, 24))
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "categoria_cnh" text;--> statement-breakpoint
ALTER TABLE "agenda_entries" ADD COLUMN "activity_type_id" integer;--> statement-breakpoint
ALTER TABLE "agenda_entries" ADD COLUMN "sst_override_motivo" text;--> statement-breakpoint
ALTER TABLE "agenda_entries" ADD COLUMN "sst_override_by" integer;--> statement-breakpoint
ALTER TABLE "agenda_entries" ADD COLUMN "sst_override_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agenda_entries" ADD COLUMN "sst_override_pendencias" jsonb;--> statement-breakpoint
ALTER TABLE "sst_activity_requirements" ADD CONSTRAINT "sst_activity_requirements_activity_type_id_sst_activity_types_id_fk" FOREIGN KEY ("activity_type_id") REFERENCES "public"."sst_activity_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_activity_requirements" ADD CONSTRAINT "sst_activity_requirements_training_id_sst_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."sst_trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_alert_log" ADD CONSTRAINT "sst_alert_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_asos" ADD CONSTRAINT "sst_asos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_asos" ADD CONSTRAINT "sst_asos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_cnhs" ADD CONSTRAINT "sst_cnhs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_cnhs" ADD CONSTRAINT "sst_cnhs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_training_records" ADD CONSTRAINT "sst_training_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_training_records" ADD CONSTRAINT "sst_training_records_training_id_sst_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."sst_trainings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_training_records" ADD CONSTRAINT "sst_training_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sst_workers" ADD CONSTRAINT "sst_workers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sst_activity_requirements_type_idx" ON "sst_activity_requirements" USING btree ("activity_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sst_activity_types_nome_idx" ON "sst_activity_types" USING btree (lower("nome"));--> statement-breakpoint
CREATE INDEX "sst_asos_user_idx" ON "sst_asos" USING btree ("user_id","data");--> statement-breakpoint
CREATE INDEX "sst_training_records_user_idx" ON "sst_training_records" USING btree ("user_id","training_id","validade");--> statement-breakpoint
CREATE UNIQUE INDEX "sst_trainings_codigo_idx" ON "sst_trainings" USING btree (lower("codigo"));--> statement-breakpoint
ALTER TABLE "agenda_entries" ADD CONSTRAINT "agenda_entries_activity_type_id_sst_activity_types_id_fk" FOREIGN KEY ("activity_type_id") REFERENCES "public"."sst_activity_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_entries" ADD CONSTRAINT "agenda_entries_sst_override_by_users_id_fk" FOREIGN KEY ("sst_override_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;