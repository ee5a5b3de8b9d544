/**
 * Migration 0033 (the daily sales summary) upgrades a database holding members and payments:
 * every member's summary is off, the members and their tips stay as they were, a summary is
 * recorded once per business, member and day, a choice belongs to a member of the business
 * and goes with them.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migratedTo, seedOwner } from './migration-support'

describe('the daily summary migration', () => {
  it('leaves every summary off and records each one once', async () => {
    const upgrade = await migratedTo('0032-audit-log')
    const { db } = upgrade
    const ann = await seedOwner(db, 'ann@daily-summary-migration.example')
    const bob = await seedOwner(db, 'bob@daily-summary-migration.example')
    const shop = await ann.addBusiness({ name: 'Old Shop', currency: 'EUR' })
    await sql`INSERT INTO business_members (business_id, user_id, role)
      VALUES (${shop}, ${ann.userId}, 'owner'), (${shop}, ${bob.userId}, 'manager')`.execute(db)
    const payment = await sql<{ id: string }>`
      INSERT INTO payments (business_id, method, amount_sat, received_sat, fee_sat, currency)
      VALUES (${shop}, 'lightning', 1000, 0, 0, 'EUR') RETURNING id`.execute(db)
    const paymentId = payment.rows[0]!.id
    await sql`INSERT INTO payment_tips (payment_id, business_id, tip_sat)
      VALUES (${paymentId}, ${shop}, 100)`.execute(db)
    const before = await sql`SELECT * FROM business_members ORDER BY user_id`.execute(db)

    await upgrade.migrateTo('0033-daily-summary')

    expect((await sql`SELECT * FROM business_members ORDER BY user_id`.execute(db)).rows).toEqual(
      before.rows,
    )
    expect((await sql`SELECT * FROM daily_summary_subscriptions`.execute(db)).rows).toEqual([])
    const tips = await sql<{ tipSat: string }>`SELECT tip_sat FROM payment_tips`.execute(db)
    expect(tips.rows).toEqual([{ tipSat: '100' }])

    await sql`INSERT INTO daily_summary_subscriptions (business_id, user_id)
      VALUES (${shop}, ${ann.userId})`.execute(db)
    // a choice belongs to a member of the business
    const stranger = await seedOwner(db, 'cat@daily-summary-migration.example')
    await expect(
      sql`INSERT INTO daily_summary_subscriptions (business_id, user_id)
        VALUES (${shop}, ${stranger.userId})`.execute(db),
    ).rejects.toThrow(/foreign key/)
    // one summary per business, member and day
    await sql`INSERT INTO daily_summaries_sent (business_id, user_id, day)
      VALUES (${shop}, ${ann.userId}, '2026-11-20')`.execute(db)
    await expect(
      sql`INSERT INTO daily_summaries_sent (business_id, user_id, day)
        VALUES (${shop}, ${ann.userId}, '2026-11-20')`.execute(db),
    ).rejects.toThrow(/daily_summaries_sent_pkey/)
    // a member who leaves takes their choice along
    await sql`DELETE FROM business_members WHERE user_id = ${ann.userId}`.execute(db)
    expect((await sql`SELECT * FROM daily_summary_subscriptions`.execute(db)).rows).toEqual([])

    await upgrade.migrateToLatest()
  })
})
