CREATE TABLE "vehicle_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"condutor_id" integer NOT NULL,
	"saida_em" timestamp with time zone DEFAULT now() NOT NULL,
	"km_saida" integer NOT NULL,
	"destino" text,
	"retorno_em" timestamp with time zone,
	"km_retorno" integer,
	"observacao" text,
	"created_by" integer,
	"checked_in_by" integer,
	CONSTRAINT "vehicle_checkouts_km_ck" CHECK ("vehicle_checkouts"."km_retorno" is null or "vehicle_checkouts"."km_retorno" >= "vehicle_checkouts"."km_saida")
);
--> statement-breakpoint
CREATE TABLE "vehicle_fuel_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"data" date NOT NULL,
	"combustivel" text NOT NULL,
	"litros" numeric(10, 2) NOT NULL,
	"valor_total" numeric(12, 2) NOT NULL,
	"km" integer NOT NULL,
	"posto" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_maintenances" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"status" text DEFAULT 'agendada' NOT NULL,
	"descricao" text NOT NULL,
	"prevista_data" date,
	"prevista_km" integer,
	"realizada_data" date,
	"realizada_km" integer,
	"fornecedor" text,
	"custo" numeric(12, 2),
	"observacao" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"placa" text NOT NULL,
	"modelo" text NOT NULL,
	"marca" text NOT NULL,
	"ano" integer NOT NULL,
	"renavam" text,
	"odometro_km" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'disponivel' NOT NULL,
	"licenciamento_vencimento" date,
	"seguro_vencimento" date,
	"observacoes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_odometro_ck" CHECK ("vehicles"."odometro_km" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"natureza" text NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"categoria" text NOT NULL,
	"localizacao" text NOT NULL,
	"estado" text,
	"responsavel_id" integer,
	"unidade" text DEFAULT 'un' NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"estoque_minimo" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_items_quantidade_ck" CHECK ("inventory_items"."quantidade" >= 0),
	CONSTRAINT "inventory_items_minimo_ck" CHECK ("inventory_items"."estoque_minimo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"quantidade" integer NOT NULL,
	"saldo_apos" integer NOT NULL,
	"origem_localizacao" text,
	"destino_localizacao" text,
	"responsavel_anterior_id" integer,
	"responsavel_novo_id" integer,
	"motivo" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_checkouts" ADD CONSTRAINT "vehicle_checkouts_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_checkouts" ADD CONSTRAINT "vehicle_checkouts_condutor_id_users_id_fk" FOREIGN KEY ("condutor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_checkouts" ADD CONSTRAINT "vehicle_checkouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_checkouts" ADD CONSTRAINT "vehicle_checkouts_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_fuel_logs" ADD CONSTRAINT "vehicle_fuel_logs_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_fuel_logs" ADD CONSTRAINT "vehicle_fuel_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_maintenances" ADD CONSTRAINT "vehicle_maintenances_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_maintenances" ADD CONSTRAINT "vehicle_maintenances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_responsavel_id_users_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_responsavel_anterior_id_users_id_fk" FOREIGN KEY ("responsavel_anterior_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_responsavel_novo_id_users_id_fk" FOREIGN KEY ("responsavel_novo_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_checkouts_vehicle_idx" ON "vehicle_checkouts" USING btree ("vehicle_id","saida_em");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_checkouts_open_idx" ON "vehicle_checkouts" USING btree ("vehicle_id") WHERE "vehicle_checkouts"."retorno_em" is null;--> statement-breakpoint
CREATE INDEX "vehicle_fuel_logs_vehicle_idx" ON "vehicle_fuel_logs" USING btree ("vehicle_id","data");--> statement-breakpoint
CREATE INDEX "vehicle_maintenances_vehicle_idx" ON "vehicle_maintenances" USING btree ("vehicle_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_placa_idx" ON "vehicles" USING btree ("placa");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_codigo_idx" ON "inventory_items" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "inventory_items_natureza_idx" ON "inventory_items" USING btree ("natureza","nome");--> statement-breakpoint
CREATE INDEX "inventory_movements_item_idx" ON "inventory_movements" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_movements_created_idx" ON "inventory_movements" USING btree ("created_at");