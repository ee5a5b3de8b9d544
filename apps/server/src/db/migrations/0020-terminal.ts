import { sql, type Kysely } from 'kysely'

/**
 * The terminal: the tip part of a payment taken at a terminal (amount and tip are paid with one
 * invoice; the tip is recorded beside the payment), and the device settings the terminal needs
 * beyond 0019's: the tip percentages it offers and the idle time after which staff are signed out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_tips (
      payment_id uuid PRIMARY KEY REFERENCES payments(id) ON DELETE CASCADE,
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      tip_sat bigint NOT NULL CHECK (tip_sat >= 0),
      tip_fiat_minor bigint CHECK (tip_fiat_minor >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX payment_tips_business ON payment_tips (business_id)`.execute(db)
  await sql`
    ALTER TABLE device_settings
      ADD COLUMN tip_percents integer[] NOT NULL DEFAULT '{5,10,15}'
        CHECK (cardinality(tip_percents) <= 4 AND 0 < ALL (tip_percents)
          AND 100 >= ALL (tip_percents)),
      ADD COLUMN idle_sign_out_sec integer NOT NULL DEFAULT 300
        CHECK (idle_sign_out_sec >= 0)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE device_settings DROP COLUMN tip_percents, DROP COLUMN idle_sign_out_sec`.execute(
    db,
  )
  await sql`DROP TABLE payment_tips`.execute(db)
}
