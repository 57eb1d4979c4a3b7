CREATE TABLE "service_order_addenda" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_order_id" integer NOT NULL,
	"texto" text NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_order_answers" (
	"service_order_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"valor_sim_nao" text,
	"valor_numero" double precision,
	"valor_texto" text,
	"valor_opcoes" jsonb,
	"valor_data" date,
	"observacao" text,
	"respondido_por" integer,
	"respondido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"device_time" timestamp with time zone,
	CONSTRAINT "service_order_answers_service_order_id_item_id_pk" PRIMARY KEY("service_order_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "service_order_counters" (
	"ano" integer PRIMARY KEY NOT NULL,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_order_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"status" text,
	"user_id" integer,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"device_time" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"precisao_m" double precision,
	"distancia_m" double precision,
	"motivo" text,
	"texto" text
);
--> statement-breakpoint
CREATE TABLE "service_order_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_order_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantidade" integer NOT NULL,
	"observacao" text,
	"movement_id" integer,
	"user_id" integer,
	"device_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"estornado_em" timestamp with time zone,
	"estorno_movement_id" integer,
	"estornado_por" integer,
	CONSTRAINT "service_order_materials_qtd_ck" CHECK ("service_order_materials"."quantidade" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_order_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"entrou_em" timestamp with time zone DEFAULT now() NOT NULL,
	"saiu_em" timestamp with time zone,
	"added_by" integer
);
--> statement-breakpoint
CREATE TABLE "service_order_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_order_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"tirada_em" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"precisao_m" double precision,
	"tag" text,
	"legenda" text,
	"checklist_item_id" integer,
	"uploaded_by" integer,
	"device_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"ano" integer NOT NULL,
	"numero" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"service_type_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"agenda_entry_id" integer,
	"mural_id" integer,
	"vehicle_id" integer,
	"local" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"descricao" text,
	"cliente_email" text,
	"previsto_inicio" timestamp with time zone NOT NULL,
	"previsto_fim" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'aberta' NOT NULL,
	"check_in_em" timestamp with time zone,
	"concluida_em" timestamp with time zone,
	"cancelada_em" timestamp with time zone,
	"cancelamento_motivo" text,
	"km_saida" integer,
	"km_retorno" integer,
	"observacoes" text,
	"assinatura_tipo" text,
	"cliente_nome" text,
	"cliente_cpf" text,
	"assinatura_key" text,
	"assinatura_sha256" text,
	"assinatura_meta" jsonb,
	"recusa_motivo" text,
	"avaliacao" integer,
	"comentario" text,
	"selada_em" timestamp with time zone,
	"selo_sha256" text,
	"relatorio_token_hash" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_orders_period_ck" CHECK ("service_orders"."previsto_fim" > "service_orders"."previsto_inicio"),
	CONSTRAINT "service_orders_avaliacao_ck" CHECK ("service_orders"."avaliacao" is null or "service_orders"."avaliacao" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "service_type_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"ordem" integer NOT NULL,
	"titulo" text NOT NULL,
	"tipo" text NOT NULL,
	"obrigatorio" boolean DEFAULT false NOT NULL,
	"ajuda" text,
	"unidade" text,
	"minimo" double precision,
	"maximo" double precision,
	"opcoes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fotos_minimas" integer
);
--> statement-breakpoint
CREATE TABLE "service_type_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_type_id" integer NOT NULL,
	"versao" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "contract_id" integer;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "service_order_id" integer;--> statement-breakpoint
ALTER TABLE "service_order_addenda" ADD CONSTRAINT "service_order_addenda_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_addenda" ADD CONSTRAINT "service_order_addenda_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_answers" ADD CONSTRAINT "service_order_answers_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_answers" ADD CONSTRAINT "service_order_answers_item_id_service_type_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."service_type_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_answers" ADD CONSTRAINT "service_order_answers_respondido_por_users_id_fk" FOREIGN KEY ("respondido_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_events" ADD CONSTRAINT "service_order_events_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_events" ADD CONSTRAINT "service_order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_materials" ADD CONSTRAINT "service_order_materials_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_materials" ADD CONSTRAINT "service_order_materials_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_materials" ADD CONSTRAINT "service_order_materials_movement_id_inventory_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."inventory_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_materials" ADD CONSTRAINT "service_order_materials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_materials" ADD CONSTRAINT "service_order_materials_estorno_movement_id_inventory_movements_id_fk" FOREIGN KEY ("estorno_movement_id") REFERENCES "public"."inventory_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_materials" ADD CONSTRAINT "service_order_materials_estornado_por_users_id_fk" FOREIGN KEY ("estornado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_people" ADD CONSTRAINT "service_order_people_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_people" ADD CONSTRAINT "service_order_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_people" ADD CONSTRAINT "service_order_people_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_photos" ADD CONSTRAINT "service_order_photos_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_photos" ADD CONSTRAINT "service_order_photos_checklist_item_id_service_type_items_id_fk" FOREIGN KEY ("checklist_item_id") REFERENCES "public"."service_type_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_photos" ADD CONSTRAINT "service_order_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_version_id_service_type_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."service_type_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_agenda_entry_id_agenda_entries_id_fk" FOREIGN KEY ("agenda_entry_id") REFERENCES "public"."agenda_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_mural_id_murals_id_fk" FOREIGN KEY ("mural_id") REFERENCES "public"."murals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_type_items" ADD CONSTRAINT "service_type_items_version_id_service_type_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."service_type_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_type_versions" ADD CONSTRAINT "service_type_versions_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_type_versions" ADD CONSTRAINT "service_type_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_types" ADD CONSTRAINT "service_types_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_order_addenda_os_idx" ON "service_order_addenda" USING btree ("service_order_id");--> statement-breakpoint
CREATE INDEX "service_order_events_os_idx" ON "service_order_events" USING btree ("service_order_id","id");--> statement-breakpoint
CREATE INDEX "service_order_materials_os_idx" ON "service_order_materials" USING btree ("service_order_id");--> statement-breakpoint
CREATE INDEX "service_order_people_os_idx" ON "service_order_people" USING btree ("service_order_id");--> statement-breakpoint
CREATE INDEX "service_order_people_user_idx" ON "service_order_people" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_order_people_current_idx" ON "service_order_people" USING btree ("service_order_id","user_id") WHERE "service_order_people"."saiu_em" is null;--> statement-breakpoint
CREATE INDEX "service_order_photos_os_idx" ON "service_order_photos" USING btree ("service_order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_codigo_idx" ON "service_orders" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_numero_idx" ON "service_orders" USING btree ("ano","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_agenda_idx" ON "service_orders" USING btree ("agenda_entry_id") WHERE "service_orders"."status" <> 'cancelada' and "service_orders"."agenda_entry_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_token_idx" ON "service_orders" USING btree ("relatorio_token_hash");--> statement-breakpoint
CREATE INDEX "service_orders_contract_idx" ON "service_orders" USING btree ("contract_id","previsto_inicio");--> statement-breakpoint
CREATE INDEX "service_orders_status_idx" ON "service_orders" USING btree ("status","previsto_inicio");--> statement-breakpoint
CREATE INDEX "service_orders_start_idx" ON "service_orders" USING btree ("previsto_inicio");--> statement-breakpoint
CREATE INDEX "service_type_items_version_idx" ON "service_type_items" USING btree ("version_id","ordem");--> statement-breakpoint
CREATE UNIQUE INDEX "service_type_versions_type_idx" ON "service_type_versions" USING btree ("service_type_id","versao");--> statement-breakpoint
CREATE UNIQUE INDEX "service_types_nome_idx" ON "service_types" USING btree (lower("nome"));--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_movements_os_idx" ON "inventory_movements" USING btree ("service_order_id");