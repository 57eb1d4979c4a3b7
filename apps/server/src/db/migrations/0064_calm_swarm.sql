CREATE TABLE "team_baseline_tasks" (
	"baseline_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"mural_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	CONSTRAINT "team_baseline_tasks_baseline_id_protocol_id_pk" PRIMARY KEY("baseline_id","protocol_id")
);
--> statement-breakpoint
CREATE TABLE "team_baselines" (
	"id" serial PRIMARY KEY NOT NULL,
	"coordenador_id" integer NOT NULL,
	"nome" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_baseline_tasks" ADD CONSTRAINT "team_baseline_tasks_baseline_id_team_baselines_id_fk" FOREIGN KEY ("baseline_id") REFERENCES "public"."team_baselines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_baseline_tasks" ADD CONSTRAINT "team_baseline_tasks_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_baseline_tasks" ADD CONSTRAINT "team_baseline_tasks_mural_id_murals_id_fk" FOREIGN KEY ("mural_id") REFERENCES "public"."murals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_baselines" ADD CONSTRAINT "team_baselines_coordenador_id_users_id_fk" FOREIGN KEY ("coordenador_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_baselines" ADD CONSTRAINT "team_baselines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_baseline_tasks_protocol_idx" ON "team_baseline_tasks" USING btree ("protocol_id");--> statement-breakpoint
CREATE INDEX "team_baseline_tasks_mural_idx" ON "team_baseline_tasks" USING btree ("mural_id");--> statement-breakpoint
CREATE INDEX "team_baselines_coordenador_idx" ON "team_baselines" USING btree ("coordenador_id","created_at");