CREATE TABLE "company_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"nome" text NOT NULL,
	"cnpj" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_single_ck" CHECK ("company_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "vehicle_km_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"leitura" text NOT NULL,
	"ref_id" integer,
	"km_anterior" integer NOT NULL,
	"km_corrigido" integer NOT NULL,
	"odometro_anterior" integer NOT NULL,
	"odometro_novo" integer NOT NULL,
	"motivo" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cpf" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "matricula" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "funcao" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admissao" date;--> statement-breakpoint
ALTER TABLE "vehicle_checkouts" ADD COLUMN "km_alto_confirmado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_km_corrections" ADD CONSTRAINT "vehicle_km_corrections_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_km_corrections" ADD CONSTRAINT "vehicle_km_corrections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_km_corrections_vehicle_idx" ON "vehicle_km_corrections" USING btree ("vehicle_id","created_at");