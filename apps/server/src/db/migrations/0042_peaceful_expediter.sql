CREATE TABLE "asset_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"categoria" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"tag" text NOT NULL,
	"descricao" text,
	"predio" text,
	"andar" text,
	"sala" text,
	"fabricante" text,
	"modelo" text,
	"numero_serie" text,
	"instalado_em" date,
	"garantia_ate" date,
	"status" text DEFAULT 'ativo' NOT NULL,
	"dados" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (public.eproto_search_norm(coalesce("assets"."tag", '') || ' ' || coalesce("assets"."descricao", '') || ' ' || coalesce("assets"."predio", '') || ' ' || coalesce("assets"."andar", '') || ' ' || coalesce("assets"."sala", '') || ' ' || coalesce("assets"."fabricante", '') || ' ' || coalesce("assets"."modelo", '') || ' ' || coalesce("assets"."numero_serie", ''))) STORED NOT NULL,
	CONSTRAINT "assets_status_ck" CHECK ("assets"."status" in ('ativo', 'inativo', 'substituido'))
);
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_type_id_asset_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."asset_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_types_nome_idx" ON "asset_types" USING btree (lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "assets_contract_tag_idx" ON "assets" USING btree ("contract_id",upper("tag"));--> statement-breakpoint
CREATE INDEX "assets_type_idx" ON "assets" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "assets_search_idx" ON "assets" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);