CREATE TABLE "mural_card_names" (
	"id" integer PRIMARY KEY NOT NULL,
	"v" integer DEFAULT 0 NOT NULL
);
