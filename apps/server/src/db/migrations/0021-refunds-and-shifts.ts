import { sql, type Kysely } from 'kysely'

/**
 * Refunds and shift closes. A refund gives back all or part of a settled payment, made by a
 * staff member at a device; it is paid as a withdrawal whose idempotency key it holds from the
 * start (so the withdrawal it leads to is found even before it is linked), either to a
 * destination the customer gave or through a single-use LNURL-withdraw (only the SHA-256 of its
 * k1 is kept) claimed before it expires. A shift close (Z report) numbers a device's closes
 * from one, keeps what the report said, and holds the payments and refunds it counted (each in
 * one close only). Payments get an index for a device's settled ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE refunds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      payment_id uuid NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
      device_id uuid REFERENCES devices(id) ON DELETE SET NULL,
      staff_id uuid REFERENCES staff(id) ON DELETE SET NULL,
      basis text NOT NULL CHECK (basis IN ('fiat', 'sat')),
      amount_sat bigint NOT NULL CHECK (amount_sat > 0),
      fiat_minor bigint CHECK (fiat_minor >= 0),
      currency text NOT NULL,
      payout text NOT NULL CHECK (payout IN ('lnurl', 'destination')),
      -- where it is paid: the customer's destination, or the invoice their wallet claimed with
      destination text CHECK (char_length(destination) <= 2000),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'claimed', 'failed')),
      failure_reason text,
      k1_hash text UNIQUE,
      expires_at timestamptz,
      claimed_at timestamptz,
      withdrawal_key uuid NOT NULL UNIQUE,
      withdrawal_id uuid REFERENCES withdrawals(id) ON DELETE SET NULL,
      idempotency_key uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (business_id, idempotency_key),
      CHECK ((payout = 'lnurl') = (k1_hash IS NOT NULL AND expires_at IS NOT NULL))
    )`.execute(db)
  await sql`CREATE INDEX refunds_payment ON refunds (payment_id)`.execute(db)
  await sql`CREATE INDEX refunds_business_created ON refunds (business_id, created_at)`.execute(db)
  await sql`CREATE INDEX refunds_device_created ON refunds (device_id, created_at)`.execute(db)

  await sql`
    CREATE TABLE shift_closes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      device_id uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
      number int NOT NULL CHECK (number > 0),
      staff_id uuid REFERENCES staff(id) ON DELETE SET NULL,
      opened_at timestamptz NOT NULL,
      closed_at timestamptz NOT NULL DEFAULT now(),
      report jsonb NOT NULL,
      UNIQUE (device_id, number),
      CHECK (opened_at <= closed_at)
    )`.execute(db)
  await sql`CREATE INDEX shift_closes_business ON shift_closes (business_id, closed_at)`.execute(db)
  // Which close holds each payment: a payment counts in the first close after it was settled
  // here, whatever time its wallet gave it
  await sql`
    CREATE TABLE shift_close_payments (
      payment_id uuid PRIMARY KEY REFERENCES payments(id) ON DELETE CASCADE,
      close_id uuid NOT NULL REFERENCES shift_closes(id) ON DELETE CASCADE
    )`.execute(db)
  await sql`CREATE INDEX shift_close_payments_close ON shift_close_payments (close_id)`.execute(db)
  await sql`ALTER TABLE refunds
    ADD COLUMN shift_close_id uuid REFERENCES shift_closes(id) ON DELETE SET NULL`.execute(db)
  await sql`CREATE INDEX refunds_device_open_shift ON refunds (device_id)
    WHERE shift_close_id IS NULL`.execute(db)

  await sql`CREATE INDEX payments_device_settled ON payments (device_id, settled_at)
    WHERE device_id IS NOT NULL AND status = 'settled'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS payments_device_settled`.execute(db)
  await sql`DROP TABLE IF EXISTS refunds`.execute(db)
  await sql`DROP TABLE IF EXISTS shift_close_payments`.execute(db)
  await sql`DROP TABLE IF EXISTS shift_closes`.execute(db)
}
