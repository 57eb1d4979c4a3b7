CREATE TABLE "protocol_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocol_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"display_name" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocol_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocol_id" integer NOT NULL,
	"author_id" integer,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"texto" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocol_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocol_id" integer NOT NULL,
	"author_id" integer,
	"texto" text NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_dependencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocol_id" integer NOT NULL,
	"predecessor_id" integer NOT NULL,
	"lag_days" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_dependencies_not_self" CHECK ("task_dependencies"."protocol_id" <> "task_dependencies"."predecessor_id")
);
--> statement-breakpoint
CREATE TABLE "recurrence_instances" (
	"recurrence_id" integer NOT NULL,
	"mural_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data_ocorrencia" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurrences" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_mural_id" integer,
	"board_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"frequencia" text NOT NULL,
	"intervalo" integer DEFAULT 1 NOT NULL,
	"dias_semana" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dia_mes" integer,
	"data_inicio" date NOT NULL,
	"ate" date,
	"ocorrencias" integer,
	"status" text DEFAULT 'ativa' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"concluded_at" timestamp with time zone,
	"concluded_by" integer,
	CONSTRAINT "recurrences_frequencia_check" CHECK ("recurrences"."frequencia" in ('diaria', 'semanal', 'mensal', 'anual')),
	CONSTRAINT "recurrences_status_check" CHECK ("recurrences"."status" in ('ativa', 'concluida')),
	CONSTRAINT "recurrences_intervalo_check" CHECK ("recurrences"."intervalo" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "protocols" ADD COLUMN "review_status" text;--> statement-breakpoint
ALTER TABLE "protocols" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "protocols" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "protocols" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "protocols" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "protocol_attachments" ADD CONSTRAINT "protocol_attachments_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_attachments" ADD CONSTRAINT "protocol_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_history" ADD CONSTRAINT "protocol_history_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_history" ADD CONSTRAINT "protocol_history_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_messages" ADD CONSTRAINT "protocol_messages_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_messages" ADD CONSTRAINT "protocol_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_dependencies" ADD CONSTRAINT "task_dependencies_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_dependencies" ADD CONSTRAINT "task_dependencies_predecessor_id_protocols_id_fk" FOREIGN KEY ("predecessor_id") REFERENCES "public"."protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_dependencies" ADD CONSTRAINT "task_dependencies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurrence_instances" ADD CONSTRAINT "recurrence_instances_recurrence_id_recurrences_id_fk" FOREIGN KEY ("recurrence_id") REFERENCES "public"."recurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurrence_instances" ADD CONSTRAINT "recurrence_instances_mural_id_murals_id_fk" FOREIGN KEY ("mural_id") REFERENCES "public"."murals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurrences" ADD CONSTRAINT "recurrences_base_mural_id_murals_id_fk" FOREIGN KEY ("base_mural_id") REFERENCES "public"."murals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurrences" ADD CONSTRAINT "recurrences_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurrences" ADD CONSTRAINT "recurrences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurrences" ADD CONSTRAINT "recurrences_concluded_by_users_id_fk" FOREIGN KEY ("concluded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protocol_attachments_protocol_idx" ON "protocol_attachments" USING btree ("protocol_id");--> statement-breakpoint
CREATE INDEX "protocol_history_protocol_idx" ON "protocol_history" USING btree ("protocol_id","created_at");--> statement-breakpoint
CREATE INDEX "protocol_history_created_idx" ON "protocol_history" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "protocol_messages_protocol_idx" ON "protocol_messages" USING btree ("protocol_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "task_dependencies_pair_idx" ON "task_dependencies" USING btree ("protocol_id","predecessor_id");--> statement-breakpoint
CREATE INDEX "task_dependencies_predecessor_idx" ON "task_dependencies" USING btree ("predecessor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recurrence_instances_seq_idx" ON "recurrence_instances" USING btree ("recurrence_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "recurrence_instances_mural_idx" ON "recurrence_instances" USING btree ("mural_id");--> statement-breakpoint
CREATE INDEX "recurrences_board_idx" ON "recurrences" USING btree ("board_id");--> statement-breakpoint
ALTER TABLE "protocols" ADD CONSTRAINT "protocols_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protocols_review_idx" ON "protocols" USING btree ("review_status","review_requested_at");--> statement-breakpoint
CREATE INDEX "protocols_fim_previsto_idx" ON "protocols" USING btree ("fim_previsto");--> statement-breakpoint
ALTER TABLE "protocols" ADD CONSTRAINT "protocols_review_status_check" CHECK ("protocols"."review_status" is null or "protocols"."review_status" in ('pendente', 'aprovado', 'rejeitado'));