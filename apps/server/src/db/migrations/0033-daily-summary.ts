import { sql, type Kysely } from 'kysely'

/**
 * The daily summary of sales by mail: an owner turns it on for themselves in a business (a row
 * here; none, the default, is off), and each summary queued is recorded once per business,
 * member and day, so the job sends none twice however often it runs and on however many servers
 * (the primary key is the claim, taken in the transaction that writes the mail). A member who
 * leaves the business leaves their choice behind (cascade). Terminal tips are read per business
 * and time, so their table gains that index. New tables and an index: a database holding data
 * upgrades as it is, with every member's summary off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE daily_summary_subscriptions (
      business_id uuid NOT NULL,
      user_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (business_id, user_id),
      FOREIGN KEY (business_id, user_id)
        REFERENCES business_members (business_id, user_id) ON DELETE CASCADE
    )`.execute(db)
  await sql`
    CREATE TABLE daily_summaries_sent (
      business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      day date NOT NULL,
      queued_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (business_id, user_id, day)
    )`.execute(db)
  await sql`CREATE INDEX daily_summaries_sent_day ON daily_summaries_sent (day)`.execute(db)
  await sql`CREATE INDEX payment_tips_business_created ON payment_tips (business_id, created_at)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX payment_tips_business_created`.execute(db)
  await sql`DROP TABLE daily_summaries_sent`.execute(db)
  await sql`DROP TABLE daily_summary_subscriptions`.execute(db)
}
