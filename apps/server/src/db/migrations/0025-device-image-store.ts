import { sql, type Kysely } from 'kysely'

/**
 * Device image bytes may live in an S3-compatible store: the row keeps the metadata (business,
 * content type, size, dimensions, time) and says where its bytes are, `postgres` (in `bytes`, as
 * every image stored before) or `s3` (under `object_key`, `bytes` empty). Objects that no row
 * names any more are listed in `device_image_orphans` until they are deleted from the store: an
 * upload lists its object before putting it (and takes it off when its row commits), and any
 * deleted row's object is listed by a trigger in the same transaction (a replaced or removed
 * image, or every image of a deleted business), so nothing is lost or left behind in the store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE device_images
      ALTER COLUMN bytes DROP NOT NULL,
      ADD COLUMN storage text NOT NULL DEFAULT 'postgres' CHECK (storage IN ('postgres', 's3')),
      ADD COLUMN object_key text UNIQUE,
      ADD COLUMN size integer`.execute(db)
  await sql`UPDATE device_images SET size = octet_length(bytes)`.execute(db)
  await sql`
    ALTER TABLE device_images
      ALTER COLUMN size SET NOT NULL,
      ADD CONSTRAINT device_images_bytes_where CHECK (
        (storage = 'postgres' AND bytes IS NOT NULL AND object_key IS NULL)
        OR (storage = 's3' AND bytes IS NULL AND object_key IS NOT NULL))`.execute(db)

  await sql`
    CREATE TABLE device_image_orphans (
      object_key text PRIMARY KEY,
      due_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0
    )`.execute(db)
  await sql`CREATE INDEX device_image_orphans_due ON device_image_orphans (due_at)`.execute(db)

  await sql`
    CREATE FUNCTION device_image_orphan() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.object_key IS NOT NULL THEN
        INSERT INTO device_image_orphans (object_key) VALUES (OLD.object_key)
        ON CONFLICT (object_key) DO UPDATE SET due_at = now();
      END IF;
      RETURN OLD;
    END $$`.execute(db)
  await sql`
    CREATE TRIGGER device_images_orphan AFTER DELETE ON device_images
    FOR EACH ROW EXECUTE FUNCTION device_image_orphan()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER device_images_orphan ON device_images`.execute(db)
  await sql`DROP FUNCTION device_image_orphan()`.execute(db)
  await sql`DROP TABLE device_image_orphans`.execute(db)
  await sql`DELETE FROM device_images WHERE storage = 's3'`.execute(db)
  await sql`
    ALTER TABLE device_images
      DROP CONSTRAINT device_images_bytes_where,
      DROP COLUMN size,
      DROP COLUMN object_key,
      DROP COLUMN storage,
      ALTER COLUMN bytes SET NOT NULL`.execute(db)
}
