CREATE TABLE "mural_baseline_tasks" (
	"baseline_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	CONSTRAINT "mural_baseline_tasks_baseline_id_protocol_id_pk" PRIMARY KEY("baseline_id","protocol_id")
);
--> statement-breakpoint
CREATE TABLE "mural_baselines" (
	"id" serial PRIMARY KEY NOT NULL,
	"mural_id" integer NOT NULL,
	"nome" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mural_baseline_tasks" ADD CONSTRAINT "mural_baseline_tasks_baseline_id_mural_baselines_id_fk" FOREIGN KEY ("baseline_id") REFERENCES "public"."mural_baselines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_baseline_tasks" ADD CONSTRAINT "mural_baseline_tasks_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_baselines" ADD CONSTRAINT "mural_baselines_mural_id_murals_id_fk" FOREIGN KEY ("mural_id") REFERENCES "public"."murals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mural_baselines" ADD CONSTRAINT "mural_baselines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mural_baseline_tasks_protocol_idx" ON "mural_baseline_tasks" USING btree ("protocol_id");--> statement-breakpoint
CREATE INDEX "mural_baselines_mural_idx" ON "mural_baselines" USING btree ("mural_id","created_at");