-- The demand list (GET /murals/summary) keeps each person's demand views per node and asks
-- PostgreSQL only for the rows past the number it already has, instead of probing mural_views
-- once per listed card. This trigger hands each mural_views write the next number of its
-- person (user_view_seq.v), in the writing transaction. The person's row stays locked until
-- that transaction ends, so the next write of the same person waits for it: numbers are
-- handed out in commit order, and a reader that sees v = n sees every row numbered up to n.
-- An upsert (INSERT ... ON CONFLICT DO UPDATE) fires both triggers and skips a number: harmless.
CREATE OR REPLACE FUNCTION public.eproto_mural_views_seq() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO public.user_view_seq ("user_id", "v") VALUES (NEW."user_id", 1)
    ON CONFLICT ("user_id") DO UPDATE SET "v" = public.user_view_seq."v" + 1
    RETURNING "v" INTO NEW."seq";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mural_views_seq" BEFORE INSERT OR UPDATE ON "mural_views"
  FOR EACH ROW EXECUTE FUNCTION public.eproto_mural_views_seq();
