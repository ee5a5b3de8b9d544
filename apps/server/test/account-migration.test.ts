/**
 * Migration 0014 (two-factor sign-in, recovery codes, what the sessions list shows) upgrades a
 * database that holds users and sessions: everyone keeps their password and stays signed in,
 * two-factor sign-in starts off, and every session gets its own public id.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migratedTo } from './migration-support'

describe('the account security columns', () => {
  it('upgrade a database holding users and sessions', async () => {
    const upgrade = await migratedTo('0013-deposit-checks-and-tip-limits')
    const { db } = upgrade

    // Written as the code before this migration wrote them.
    const users = await sql<{ id: string }>`
      INSERT INTO users (email, password_hash) VALUES
        ('a@account.example', 'scrypt$a'), ('b@account.example', 'scrypt$b')
      RETURNING id`.execute(db)
    const [a, b] = users.rows.map((r) => r.id)
    const expiresAt = new Date('2030-01-02T03:04:05.000Z')
    await sql`INSERT INTO sessions (id_hash, user_id, expires_at) VALUES
      ('hash-a1', ${a}, ${expiresAt}), ('hash-a2', ${a}, ${expiresAt}),
      ('hash-b1', ${b}, ${expiresAt})`.execute(db)

    await upgrade.migrateToLatest()

    const userRows = await db
      .selectFrom('users')
      .select(['email', 'passwordHash', 'totpSecretSealed', 'totpEnabledAt', 'totpLastStep'])
      .orderBy('email')
      .execute()
    expect(userRows).toEqual([
      {
        email: 'a@account.example',
        passwordHash: 'scrypt$a',
        totpSecretSealed: null,
        totpEnabledAt: null,
        totpLastStep: null,
      },
      {
        email: 'b@account.example',
        passwordHash: 'scrypt$b',
        totpSecretSealed: null,
        totpEnabledAt: null,
        totpLastStep: null,
      },
    ])
    const sessions = await db
      .selectFrom('sessions')
      .select(['idHash', 'id', 'userId', 'expiresAt', 'userAgent', 'ip'])
      .orderBy('idHash')
      .execute()
    expect(sessions.map((s) => [s.idHash, s.userId, s.expiresAt.toISOString()])).toEqual([
      ['hash-a1', a, expiresAt.toISOString()],
      ['hash-a2', a, expiresAt.toISOString()],
      ['hash-b1', b, expiresAt.toISOString()],
    ])
    expect(new Set(sessions.map((s) => s.id)).size).toBe(3)
    for (const s of sessions) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/)
      expect(s.userAgent).toBeNull()
      expect(s.ip).toBeNull()
    }
    const codes = await db.selectFrom('recoveryCodes').selectAll().execute()
    expect(codes).toEqual([])

    // Recovery codes go with their user.
    await db
      .insertInto('recoveryCodes')
      .values({ userId: a ?? '', codeHash: 'h' })
      .execute()
    await db
      .deleteFrom('users')
      .where('id', '=', a ?? '')
      .execute()
    expect(await db.selectFrom('recoveryCodes').selectAll().execute()).toEqual([])
  })
})
