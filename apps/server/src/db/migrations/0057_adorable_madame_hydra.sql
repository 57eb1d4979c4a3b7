ALTER TABLE "api_tokens" ALTER COLUMN "expires_on" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "expires_at" DROP NOT NULL;