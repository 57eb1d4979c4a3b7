CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"cliente" text NOT NULL,
	"descricao" text,
	"inicio" date,
	"fim" date,
	"status" text DEFAULT 'ativo' NOT NULL,
	"valor" numeric(14, 2),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_status_check" CHECK ("contracts"."status" in ('ativo', 'suspenso', 'encerrado'))
);
--> statement-breakpoint
CREATE TABLE "user_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_participants" (
	"board_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_participants_board_id_user_id_pk" PRIMARY KEY("board_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "boards" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"contract_id" integer,
	"cor" text DEFAULT '#228be6' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mural_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"mural_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"display_name" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"delete_reason" text
);
--> statement-breakpoint
CREATE TABLE "mural_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"mural_id" integer NOT NULL,
	"author_id" integer,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"texto" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mural_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"mural_id" integer NOT NULL,
	"author_id" integer,
	"texto" text NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mural_participants" (
	"mural_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mural_participants_mural_id_user_id_pk" PRIMARY KEY("mural_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mural_views" (
	"mural_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mural_views_user_id_mural_id_pk" PRIMARY KEY("user_id","mural_id")
);
--> statement-breakpoint
CREATE TABLE "murals" (
	"id" serial PRIMARY KEY NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text,
	"board_id" integer NOT NULL,
	"contract_id" integer,
	"prioridade" text DEFAULT 'media' NOT NULL,
	"stage" text DEFAULT 'a_fazer' NOT NULL,
	"responsavel_id" integer,
	"inicio_previsto" date,
	"fim_previsto" date,
	"inicio_real" date,
	"fim_real" date,
	"created_by" integer,
	"finance_status" text,
	"finance_sent_at" timestamp with time zone,
	"finance_sent_by" integer,
	"finance_viewed_at" timestamp with time zone,
	"finance_viewed_by" integer,
	"finance_done_at" timestamp with time zone,
	"finance_done_by" integer,
	"recurrence_id" integer,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "murals_stage_check" CHECK ("murals"."stage" in ('a_fazer', 'em_andamento', 'em_revisao', 'concluido')),
	CONSTRAINT "murals_prioridade_check" CHECK ("murals"."prioridade" in ('baixa', 'media', 'alta', 'urgente'))
);
--> statement-breakpoint
CREATE TABLE "protocols" (
	"id" serial PRIMARY KEY NOT NULL,
	"mural_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text,
	"responsavel_id" integer,
	"stage" text DEFAULT 'a_fazer' NOT NULL,
	"prioridade" text DEFAULT 'media' NOT NULL,
	"inicio_previsto" date,
	"fim_previsto" date,
	"inicio_real" date,
	"fim_real" date,
	"horas_estimadas" numeric(8, 2),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protocols_stage_check" CHECK ("protocols"."stage" in ('a_fazer', 'em_andamento', 'em_revisao', 'concluido')),
	CONSTRAINT "protocols_prioridade_check" CHECK ("protocols"."prioridade" in ('baixa', 'media', 'alta', 'urgente'))
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_contracts" ADD CONSTRAINT "user_contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_contracts" ADD CONSTRAINT "user_contracts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_contracts" ADD CONSTRAINT "user_contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_participants" ADD CONSTRAINT "board_participants_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_participants" ADD CONSTRAINT "board_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_participants" ADD CONSTRAINT "board_participants_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_attachments" ADD CONSTRAINT "mural_attachments_mural_id_murals_id_fk" FOREIGN KEY ("mural_id") REFERENCES "public"."murals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_attachments" ADD CONSTRAINT "mural_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_attachments" ADD CONSTRAINT "mural_attachments_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_history" ADD CONSTRAINT "mural_history_mural_id_murals_id_fk" FOREIGN KEY ("mural_id") REFERENCES "public"."murals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_history" ADD CONSTRAINT "mural_history_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_messages" ADD CONSTRAINT "mural_messages_mural_id_murals_id_fk" FOREIGN KEY ("mural_id") REFERENCES "public"."murals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_messages" ADD CONSTRAINT "mural_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_participants" ADD CONSTRAINT "mural_participants_mural_id_murals_id_fk" FOREIGN KEY ("mural_id") REFERENCES "public"."murals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_participants" ADD CONSTRAINT "mural_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_participants" ADD CONSTRAINT "mural_participants_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_views" ADD CONSTRAINT "mural_views_mural_id_murals_id_fk" FOREIGN KEY ("mural_id") REFERENCES "public"."murals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_views" ADD CONSTRAINT "mural_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "murals" ADD CONSTRAINT "murals_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "murals" ADD CONSTRAINT "murals_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "murals" ADD CONSTRAINT "murals_responsavel_id_users_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "murals" ADD CONSTRAINT "murals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "murals" ADD CONSTRAINT "murals_finance_sent_by_users_id_fk" FOREIGN KEY ("finance_sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "murals" ADD CONSTRAINT "murals_finance_viewed_by_users_id_fk" FOREIGN KEY ("finance_viewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "murals" ADD CONSTRAINT "murals_finance_done_by_users_id_fk" FOREIGN KEY ("finance_done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "murals" ADD CONSTRAINT "murals_last_activity_by_users_id_fk" FOREIGN KEY ("last_activity_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocols" ADD CONSTRAINT "protocols_mural_id_murals_id_fk" FOREIGN KEY ("mural_id") REFERENCES "public"."murals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocols" ADD CONSTRAINT "protocols_responsavel_id_users_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocols" ADD CONSTRAINT "protocols_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_codigo_lower_idx" ON "contracts" USING btree (lower("codigo"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_contracts_user_contract_idx" ON "user_contracts" USING btree ("user_id","contract_id");--> statement-breakpoint
CREATE INDEX "user_contracts_contract_idx" ON "user_contracts" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "board_participants_user_idx" ON "board_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "boards_contract_idx" ON "boards" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "mural_attachments_mural_idx" ON "mural_attachments" USING btree ("mural_id");--> statement-breakpoint
CREATE INDEX "mural_history_mural_idx" ON "mural_history" USING btree ("mural_id","created_at");--> statement-breakpoint
CREATE INDEX "mural_history_created_idx" ON "mural_history" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mural_messages_mural_idx" ON "mural_messages" USING btree ("mural_id","created_at");--> statement-breakpoint
CREATE INDEX "mural_participants_user_idx" ON "mural_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mural_views_mural_idx" ON "mural_views" USING btree ("mural_id");--> statement-breakpoint
CREATE INDEX "murals_board_stage_idx" ON "murals" USING btree ("board_id","stage");--> statement-breakpoint
CREATE INDEX "murals_contract_idx" ON "murals" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "murals_responsavel_idx" ON "murals" USING btree ("responsavel_id");--> statement-breakpoint
CREATE INDEX "murals_created_by_idx" ON "murals" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "murals_fim_previsto_idx" ON "murals" USING btree ("fim_previsto");--> statement-breakpoint
CREATE INDEX "murals_updated_idx" ON "murals" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "murals_finance_status_idx" ON "murals" USING btree ("finance_status");--> statement-breakpoint
CREATE INDEX "murals_recurrence_idx" ON "murals" USING btree ("recurrence_id");--> statement-breakpoint
CREATE INDEX "protocols_mural_idx" ON "protocols" USING btree ("mural_id");--> statement-breakpoint
CREATE INDEX "protocols_responsavel_idx" ON "protocols" USING btree ("responsavel_id");