ALTER TABLE "asset_types" ADD COLUMN "campos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_types" ADD COLUMN "ultima_chave" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "campos" jsonb DEFAULT '{}'::jsonb NOT NULL;