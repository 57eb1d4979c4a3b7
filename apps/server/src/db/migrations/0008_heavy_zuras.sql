CREATE TABLE "agenda_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"local" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"contract_id" integer NOT NULL,
	"mural_id" integer,
	"vehicle_id" integer,
	"descricao" text NOT NULL,
	"status" text DEFAULT 'agendado' NOT NULL,
	"iniciado_em" timestamp with time zone,
	"concluido_em" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_entries_period_ck" CHECK ("agenda_entries"."fim" > "agenda_entries"."inicio")
);
--> statement-breakpoint
CREATE TABLE "agenda_entry_people" (
	"entry_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "agenda_entry_people_entry_id_user_id_pk" PRIMARY KEY("entry_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "agenda_entries" ADD CONSTRAINT "agenda_entries_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_entries" ADD CONSTRAINT "agenda_entries_mural_id_murals_id_fk" FOREIGN KEY ("mural_id") REFERENCES "public"."murals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_entries" ADD CONSTRAINT "agenda_entries_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_entries" ADD CONSTRAINT "agenda_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_entry_people" ADD CONSTRAINT "agenda_entry_people_entry_id_agenda_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."agenda_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_entry_people" ADD CONSTRAINT "agenda_entry_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_entries_period_idx" ON "agenda_entries" USING btree ("inicio","fim");--> statement-breakpoint
CREATE INDEX "agenda_entries_vehicle_idx" ON "agenda_entries" USING btree ("vehicle_id","inicio");--> statement-breakpoint
CREATE INDEX "agenda_entries_contract_idx" ON "agenda_entries" USING btree ("contract_id","inicio");--> statement-breakpoint
CREATE INDEX "agenda_entry_people_user_idx" ON "agenda_entry_people" USING btree ("user_id");