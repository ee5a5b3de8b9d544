/**
 * Migration 0034 (known browsers) upgrades a database holding accounts: their data stays as it
 * was, the new table starts empty (an account's first sign-in afterwards makes its browser known
 * without a notice), one token is stored once per account, and an account's rows go with it.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migratedTo, seedOwner } from './migration-support'

describe('the known-browsers migration', () => {
  it('adds an empty table to a database holding accounts, keyed per account and token', async () => {
    const upgrade = await migratedTo('0032-audit-log')
    const { db } = upgrade
    const ann = await seedOwner(db, 'ann@known-browsers-migration.example')
    const bob = await seedOwner(db, 'bob@known-browsers-migration.example')
    await ann.addBusiness({ name: 'Old Shop', currency: 'EUR' })
    const users = () => sql`SELECT id, email, password_hash FROM users ORDER BY email`.execute(db)
    const before = (await users()).rows

    await upgrade.migrateToLatest()

    expect((await users()).rows).toEqual(before)
    expect((await sql`SELECT * FROM known_browsers`.execute(db)).rows).toEqual([])
    await sql`INSERT INTO known_browsers (user_id, token_hash)
      VALUES (${ann.userId}, 'h1'), (${bob.userId}, 'h1')`.execute(db)
    await expect(
      sql`INSERT INTO known_browsers (user_id, token_hash) VALUES (${ann.userId}, 'h1')`.execute(
        db,
      ),
    ).rejects.toThrow(/known_browsers_pkey/)
    const [row] = (
      await sql<{ createdAt: Date; lastSeenAt: Date }>`
        SELECT created_at, last_seen_at FROM known_browsers WHERE user_id = ${ann.userId}`.execute(
        db,
      )
    ).rows
    expect(row!.createdAt).toBeInstanceOf(Date)
    expect(row!.lastSeenAt).toBeInstanceOf(Date)
    await sql`DELETE FROM users WHERE id = ${bob.userId}`.execute(db)
    expect(
      (await sql`SELECT user_id FROM known_browsers`.execute(db)).rows.map(
        (r) => (r as { userId: string }).userId,
      ),
    ).toEqual([ann.userId])
  })
})
