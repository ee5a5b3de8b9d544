import { sql, type Kysely } from 'kysely'

/**
 * Devices and staff: a business's device logins (terminals and POS integrations, each with a
 * login id and a hashed secret), their sessions, the staff who sign in at them with a PIN or an
 * RFID tag, tags read but not known, the settings every terminal of the business shares (with
 * uploaded images kept in the database so every instance can serve them), webhooks to a till and
 * their deliveries; and on each payment the staff member and the till's order reference (the
 * device was already there).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE devices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
      is_kiosk boolean NOT NULL DEFAULT false,
      mid text CHECK (mid ~ '^[\\x21-\\x7e]{1,64}$'),
      login_id text NOT NULL UNIQUE,
      secret_hash text NOT NULL,
      credentials_issued_at timestamptz NOT NULL DEFAULT now(),
      paired_at timestamptz,
      last_seen_at timestamptz,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE UNIQUE INDEX devices_business_name ON devices (business_id, lower(name))
    WHERE deleted_at IS NULL`.execute(db)

  // The key of the staff PINs' lookup HMAC: random, sealed with APP_SECRET (re-sealed when the
  // secret rotates), so PINs keep working whatever the secret is.
  await sql`
    CREATE TABLE staff_pin_key (
      id int PRIMARY KEY CHECK (id = 1),
      key_sealed text NOT NULL
    )`.execute(db)

  await sql`
    CREATE TABLE staff (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
      language text NOT NULL DEFAULT 'none'
        CHECK (language IN ('en', 'de', 'es', 'fr', 'nl', 'none')),
      pin_lookup text NOT NULL,
      pin_hash text NOT NULL,
      can_eod_report boolean NOT NULL DEFAULT false,
      can_refund_report boolean NOT NULL DEFAULT false,
      can_refund boolean NOT NULL DEFAULT false,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE UNIQUE INDEX staff_business_pin ON staff (business_id, pin_lookup)
    WHERE deleted_at IS NULL`.execute(db)

  await sql`
    CREATE TABLE staff_rfid_tags (
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      tag text NOT NULL,
      staff_id uuid NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (business_id, tag)
    )`.execute(db)

  await sql`
    CREATE TABLE unrecognised_rfid_tags (
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      tag text NOT NULL,
      device_id uuid REFERENCES devices(id) ON DELETE SET NULL,
      seen_at timestamptz NOT NULL DEFAULT now(),
      times_seen integer NOT NULL DEFAULT 1,
      PRIMARY KEY (business_id, tag)
    )`.execute(db)

  await sql`
    CREATE TABLE device_sessions (
      id_hash text PRIMARY KEY,
      device_id uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('cookie', 'bearer')),
      staff_id uuid REFERENCES staff(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX device_sessions_device ON device_sessions (device_id)`.execute(db)

  await sql`
    CREATE TABLE device_images (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
      bytes bytea NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)

  await sql`
    CREATE TABLE device_settings (
      business_id uuid PRIMARY KEY REFERENCES businesses(id) ON DELETE CASCADE,
      display_name text,
      receipt_text text,
      screen_saver_delay_sec integer NOT NULL DEFAULT 120 CHECK (screen_saver_delay_sec >= 0),
      theme text NOT NULL DEFAULT 'light' CHECK (theme IN ('light', 'dark')),
      logo_image_id uuid REFERENCES device_images(id) ON DELETE SET NULL,
      screen_saver_image_id uuid REFERENCES device_images(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)

  await sql`
    CREATE TABLE pos_webhooks (
      device_id uuid PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      url text NOT NULL,
      secret_sealed text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)

  await sql`
    CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      device_id uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
      payment_id uuid NOT NULL,
      event text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_status_code integer,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz,
      UNIQUE (device_id, payment_id, event)
    )`.execute(db)
  await sql`CREATE INDEX webhook_deliveries_business ON webhook_deliveries (business_id, created_at)`.execute(
    db,
  )
  await sql`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
    WHERE status = 'pending'`.execute(db)

  await sql`ALTER TABLE payments ADD COLUMN staff_id uuid, ADD COLUMN order_reference text`.execute(
    db,
  )
  await sql`CREATE INDEX payments_business_device ON payments (business_id, device_id, created_at)
    WHERE device_id IS NOT NULL`.execute(db)
  await sql`CREATE INDEX payments_business_staff ON payments (business_id, staff_id, created_at)
    WHERE staff_id IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX payments_business_staff`.execute(db)
  await sql`DROP INDEX payments_business_device`.execute(db)
  await sql`ALTER TABLE payments DROP COLUMN staff_id, DROP COLUMN order_reference`.execute(db)
  for (const table of [
    'webhook_deliveries',
    'pos_webhooks',
    'device_settings',
    'device_images',
    'device_sessions',
    'unrecognised_rfid_tags',
    'staff_rfid_tags',
    'staff',
    'staff_pin_key',
    'devices',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db)
  }
}
