-- Issue 7 'Speed': the keys of the big append-only tables are time-ordered UUIDs (version 7,
-- RFC 9562: 48 bits of Unix milliseconds, the version, then random bits), so new rows land at
-- the right-hand end of the primary-key and entry indexes instead of on a random leaf page
-- of indexes larger than shared_buffers. The application gives such ids itself (lib/ids.ts);
-- this default serves every other insert. Existing rows keep their keys.
CREATE FUNCTION uuid_v7() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
              PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
              FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;
--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "journal_lines" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "offering_transactions" ALTER COLUMN "id" SET DEFAULT uuid_v7();