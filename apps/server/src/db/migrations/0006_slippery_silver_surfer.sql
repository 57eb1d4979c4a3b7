CREATE TABLE "epi_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"colaborador_id" integer NOT NULL,
	"data" date NOT NULL,
	"quantidade" integer NOT NULL,
	"motivo" text NOT NULL,
	"observacao" text,
	"entregue_por" integer,
	"confirmacao" text,
	"confirmado_em" timestamp with time zone,
	"assinatura_key" text,
	"devolucao_data" date,
	"devolucao_motivo" text,
	"devolucao_estoque" boolean,
	"devolucao_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "epi_deliveries_quantidade_ck" CHECK ("epi_deliveries"."quantidade" > 0)
);
--> statement-breakpoint
CREATE TABLE "epi_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"ca_numero" text NOT NULL,
	"ca_validade" date NOT NULL,
	"tamanho" text NOT NULL,
	"vida_util_dias" integer NOT NULL,
	"estoque" integer DEFAULT 0 NOT NULL,
	"estoque_minimo" integer DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "epi_items_estoque_ck" CHECK ("epi_items"."estoque" >= 0),
	CONSTRAINT "epi_items_vida_util_ck" CHECK ("epi_items"."vida_util_dias" > 0)
);
--> statement-breakpoint
CREATE TABLE "epi_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"quantidade" integer NOT NULL,
	"saldo_apos" integer NOT NULL,
	"delivery_id" integer,
	"observacao" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "epi_deliveries" ADD CONSTRAINT "epi_deliveries_item_id_epi_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."epi_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epi_deliveries" ADD CONSTRAINT "epi_deliveries_colaborador_id_users_id_fk" FOREIGN KEY ("colaborador_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epi_deliveries" ADD CONSTRAINT "epi_deliveries_entregue_por_users_id_fk" FOREIGN KEY ("entregue_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epi_deliveries" ADD CONSTRAINT "epi_deliveries_devolucao_por_users_id_fk" FOREIGN KEY ("devolucao_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epi_movements" ADD CONSTRAINT "epi_movements_item_id_epi_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."epi_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epi_movements" ADD CONSTRAINT "epi_movements_delivery_id_epi_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."epi_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epi_movements" ADD CONSTRAINT "epi_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "epi_deliveries_colaborador_idx" ON "epi_deliveries" USING btree ("colaborador_id","data");--> statement-breakpoint
CREATE INDEX "epi_deliveries_item_idx" ON "epi_deliveries" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "epi_items_nome_idx" ON "epi_items" USING btree ("nome");--> statement-breakpoint
CREATE INDEX "epi_movements_item_idx" ON "epi_movements" USING btree ("item_id","created_at");