CREATE TABLE "deadline_reminders" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadline_reminders_kind_item_id_user_id_day_pk" PRIMARY KEY("kind","item_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;