import { sql, type Kysely } from 'kysely'

/**
 * Staff lockout and how a sign-in was proved: on each staff member the wrong PINs keyed in a row
 * (across every device), when they were locked and after how many, and how many digits their PIN
 * has (unknown for PINs set before this release, learnt at their next PIN sign-in); on each device
 * session how its staff member proved who they are (`pin` or `tag`), which sessions signed in
 * before the upgrade get as `tag`, the weaker; and the record of every lock and unlock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE staff
      ADD COLUMN wrong_pins integer NOT NULL DEFAULT 0 CHECK (wrong_pins >= 0),
      ADD COLUMN locked_at timestamptz,
      ADD COLUMN locked_after_wrong_pins integer,
      ADD COLUMN pin_digits smallint CHECK (pin_digits BETWEEN 4 AND 8)`.execute(db)
  await sql`
    ALTER TABLE device_sessions
      ADD COLUMN staff_proof text CHECK (staff_proof IN ('pin', 'tag'))`.execute(db)
  await sql`UPDATE device_sessions SET staff_proof = 'tag' WHERE staff_id IS NOT NULL`.execute(db)
  await sql`
    CREATE TABLE staff_lock_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      staff_id uuid NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
      event text NOT NULL CHECK (event IN ('locked', 'unlocked')),
      wrong_pins integer NOT NULL,
      device_id uuid REFERENCES devices(id) ON DELETE SET NULL,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX staff_lock_events_staff ON staff_lock_events (staff_id, at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE staff_lock_events`.execute(db)
  await sql`ALTER TABLE device_sessions DROP COLUMN staff_proof`.execute(db)
  await sql`
    ALTER TABLE staff DROP COLUMN wrong_pins, DROP COLUMN locked_at,
      DROP COLUMN locked_after_wrong_pins, DROP COLUMN pin_digits`.execute(db)
}
