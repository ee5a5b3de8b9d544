import { sql, type Kysely } from 'kysely'

/**
 * A business's audit log: one row per act (who, what, on what, from where, when), written in the
 * transaction of the act it records. The rows are append-only: a trigger refuses every UPDATE,
 * DELETE and TRUNCATE, whoever asks (the application connects as the database's one user, the
 * owner of the tables, so revoking privileges would not hold; a trigger does). `business_id`
 * has no foreign key on purpose: a business removed from the database keeps its trail (the
 * product deletes no business; an operator who does so by hand leaves the log as it was).
 * A new table only, so a database holding data upgrades as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      business_id uuid NOT NULL,
      actor_kind text NOT NULL
        CHECK (actor_kind IN ('member', 'device', 'staff', 'operator', 'system')),
      actor_id text,
      actor_name text NOT NULL DEFAULT '' CHECK (length(actor_name) <= 320),
      action text NOT NULL CHECK (action ~ '^[a-z_]+\\.[a-z_]+$' AND length(action) <= 64),
      subject_kind text CHECK (length(subject_kind) <= 32),
      subject_id text CHECK (length(subject_id) <= 128),
      subject_name text CHECK (length(subject_name) <= 500),
      details jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(details) = 'object'),
      ip text CHECK (length(ip) <= 64),
      user_agent text CHECK (length(user_agent) <= 500),
      at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db)
  await sql`CREATE INDEX audit_events_business_at ON audit_events (business_id, at DESC, id DESC)`.execute(
    db,
  )

  await sql`
    CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db)
  await sql`
    CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`.execute(db)
  await sql`
    CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE audit_events`.execute(db)
  await sql`DROP FUNCTION audit_events_append_only()`.execute(db)
}
