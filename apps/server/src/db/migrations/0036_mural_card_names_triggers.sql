-- Listed demand cards (GET /murals/summary) are kept per node by the demand row's xmin and
-- mural_card_names.v: these triggers grow v in the same transaction as any change of a name a
-- card shows from another table (board nome, contract nome, responsável nome or avatar), so a
-- reader sees the new name and the new v together, on every node, with no event to wait for.
-- Rows inserted or deleted need nothing: a card only changes its board, contract or person by
-- an update of the demand row itself (ON DELETE SET NULL included).
INSERT INTO "mural_card_names" ("id", "v") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.eproto_mural_card_names_bump() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO public.mural_card_names ("id", "v") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "v" = public.mural_card_names."v" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "boards_mural_card_names" AFTER UPDATE OF "nome" ON "boards"
  FOR EACH ROW WHEN (OLD."nome" IS DISTINCT FROM NEW."nome")
  EXECUTE FUNCTION public.eproto_mural_card_names_bump();--> statement-breakpoint
CREATE TRIGGER "contracts_mural_card_names" AFTER UPDATE OF "nome" ON "contracts"
  FOR EACH ROW WHEN (OLD."nome" IS DISTINCT FROM NEW."nome")
  EXECUTE FUNCTION public.eproto_mural_card_names_bump();--> statement-breakpoint
CREATE TRIGGER "users_mural_card_names" AFTER UPDATE OF "nome", "avatar_path" ON "users"
  FOR EACH ROW WHEN (OLD."nome" IS DISTINCT FROM NEW."nome"
    OR OLD."avatar_path" IS DISTINCT FROM NEW."avatar_path")
  EXECUTE FUNCTION public.eproto_mural_card_names_bump();
