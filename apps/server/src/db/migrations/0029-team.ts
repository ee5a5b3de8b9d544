import { sql, type Kysely } from 'kysely'

/**
 * A business is a team: every member has one of the four roles (members before this release all
 * created their business and become its owners, whatever their row said), an owner invites people
 * by email with a role (the link's token kept only as its SHA-256, valid 7 days, revocable, used
 * once), and a business says whether its admins may pay out (off until an owner turns it on).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE business_members SET role = 'owner'
    WHERE role NOT IN ('owner', 'admin', 'manager', 'accountant')`.execute(db)
  await sql`
    ALTER TABLE business_members ADD CONSTRAINT business_members_role
      CHECK (role IN ('owner', 'admin', 'manager', 'accountant'))`.execute(db)
  await sql`CREATE INDEX business_members_business ON business_members (business_id, role)`.execute(
    db,
  )
  await sql`
    ALTER TABLE businesses ADD COLUMN admins_may_pay_out boolean NOT NULL DEFAULT false`.execute(db)
  await sql`
    CREATE TABLE invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
      role text NOT NULL CHECK (role IN ('admin', 'manager', 'accountant')),
      token_hash text NOT NULL UNIQUE,
      invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      accepted_at timestamptz,
      accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
      CHECK (expires_at > created_at),
      CHECK ((accepted_at IS NULL) = (accepted_by IS NULL) OR accepted_by IS NULL)
    )`.execute(db)
  // One open invitation per address and business.
  await sql`
    CREATE UNIQUE INDEX invitations_open ON invitations (business_id, email)
    WHERE revoked_at IS NULL AND accepted_at IS NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE invitations`.execute(db)
  await sql`ALTER TABLE businesses DROP COLUMN admins_may_pay_out`.execute(db)
  await sql`DROP INDEX business_members_business`.execute(db)
  await sql`ALTER TABLE business_members DROP CONSTRAINT business_members_role`.execute(db)
}
