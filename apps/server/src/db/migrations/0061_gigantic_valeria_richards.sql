CREATE TABLE "asset_meter_readings" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"horas" double precision NOT NULL,
	"data" date NOT NULL,
	"registrado_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_meter_readings" ADD CONSTRAINT "asset_meter_readings_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_meter_readings" ADD CONSTRAINT "asset_meter_readings_registrado_por_users_id_fk" FOREIGN KEY ("registrado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_meter_readings_asset_idx" ON "asset_meter_readings" USING btree ("asset_id","data");