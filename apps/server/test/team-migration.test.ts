/**
 * Migration 0029 (the team) upgrades a database holding businesses and members: every member
 * before it created their business and becomes its owner (whatever their row said), a role outside
 * the four is refused from then on, and no business lets its admins pay out until an owner says.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migratedTo, seedOwner } from './migration-support'

describe('the team migration', () => {
  it('makes every existing member an owner and adds invitations', async () => {
    const upgrade = await migratedTo('0028-consent')
    const { db } = upgrade
    const ann = await seedOwner(db, 'ann@team-migration.example')
    const bob = await seedOwner(db, 'bob@team-migration.example')
    const shop = await ann.addBusiness({ name: 'Old Shop', currency: 'EUR' })
    const bar = await bob.addBusiness({ name: 'Old Bar', currency: 'GBP' })
    await sql`INSERT INTO business_members (business_id, user_id, role)
      VALUES (${shop}, ${ann.userId}, 'owner'), (${bar}, ${bob.userId}, 'member'),
             (${shop}, ${bob.userId}, 'OWNER')`.execute(db)
    const before = await sql<{ businessId: string; userId: string; createdAt: Date }>`
      SELECT business_id, user_id, created_at FROM business_members ORDER BY business_id, user_id`.execute(
      db,
    )

    await upgrade.migrateTo('0029-team')

    const after = await sql<{ businessId: string; userId: string; createdAt: Date; role: string }>`
      SELECT business_id, user_id, created_at, role FROM business_members
      ORDER BY business_id, user_id`.execute(db)
    expect(after.rows).toEqual(before.rows.map((r) => ({ ...r, role: 'owner' })))
    const businesses = await sql<{ adminsMayPayOut: boolean }>`
      SELECT admins_may_pay_out FROM businesses`.execute(db)
    expect(businesses.rows).toEqual([{ adminsMayPayOut: false }, { adminsMayPayOut: false }])

    await expect(
      sql`UPDATE business_members SET role = 'boss' WHERE user_id = ${ann.userId}`.execute(db),
    ).rejects.toThrow(/business_members_role/)
    await sql`UPDATE business_members SET role = 'accountant'
      WHERE business_id = ${shop} AND user_id = ${bob.userId}`.execute(db)

    const expiresAt = new Date(Date.now() + 7 * 86_400_000)
    await sql`INSERT INTO invitations (business_id, email, role, token_hash, invited_by, expires_at)
      VALUES (${shop}, 'cat@example.com', 'manager', 'h1', ${ann.userId}, ${expiresAt})`.execute(db)
    // one open invitation per address and business
    await expect(
      sql`INSERT INTO invitations (business_id, email, role, token_hash, invited_by, expires_at)
        VALUES (${shop}, 'cat@example.com', 'admin', 'h2', ${ann.userId}, ${expiresAt})`.execute(
        db,
      ),
    ).rejects.toThrow(/invitations_open/)
    // ownership is transferred, never invited; addresses are kept in lower case
    await expect(
      sql`INSERT INTO invitations (business_id, email, role, token_hash, invited_by, expires_at)
        VALUES (${bar}, 'dan@example.com', 'owner', 'h3', ${bob.userId}, ${expiresAt})`.execute(db),
    ).rejects.toThrow(/check/)
    await expect(
      sql`INSERT INTO invitations (business_id, email, role, token_hash, invited_by, expires_at)
        VALUES (${bar}, 'Dan@example.com', 'admin', 'h4', ${bob.userId}, ${expiresAt})`.execute(db),
    ).rejects.toThrow(/check/)

    await upgrade.migrateToLatest()
  })
})
