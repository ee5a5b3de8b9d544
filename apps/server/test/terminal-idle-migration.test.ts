/**
 * Migration 0026 (a staff member's last use of the terminal, for idle sign-out on the server)
 * upgrades a database holding device sessions: a staff member signed in on a terminal in use stays
 * signed in, one on a terminal unused for longer than the idle time is signed out at its next
 * call, a session without staff is unchanged, and every session keeps its other values.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createDeviceRepo } from '../src/modules/devices/repo'
import { migratedTo, seedOwner } from './migration-support'

describe('the idle sign-out migration', () => {
  it('upgrades a database holding device sessions with staff signed in', async () => {
    const upgrade = await migratedTo('0025-device-image-store')
    const { db } = upgrade
    const owner = await seedOwner(db, 'owner@idle.example')
    const businessId = await owner.addBusiness({ name: 'Old Shop', currency: 'EUR' })
    const { id: deviceId } = await db
      .insertInto('devices')
      .values({ businessId, name: 'Old till', loginId: 'dev_idle-migration-001', secretHash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const { id: staffId } = await db
      .insertInto('staff')
      .values({ businessId, name: 'Ans', pinLookup: 'lookup', pinHash: 'hash' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const expiresAt = new Date(Date.now() + 86_400_000)
    // As the previous release left them: in use, unused for ten minutes, and without staff.
    await sql`INSERT INTO device_sessions
        (id_hash, device_id, business_id, kind, staff_id, expires_at, last_seen_at)
      VALUES (${'a'.repeat(64)}, ${deviceId}, ${businessId}, 'cookie', ${staffId}, ${expiresAt},
              now() - interval '10 seconds'),
             (${'b'.repeat(64)}, ${deviceId}, ${businessId}, 'cookie', ${staffId}, ${expiresAt},
              now() - interval '10 minutes'),
             (${'c'.repeat(64)}, ${deviceId}, ${businessId}, 'bearer', NULL, ${expiresAt},
              now() - interval '10 minutes')`.execute(db)
    const old = await sql<Record<string, unknown>>`
      SELECT * FROM device_sessions ORDER BY id_hash`.execute(db)

    await upgrade.migrateToLatest()

    const now = await sql<
      Record<string, unknown> & { staffActiveAt: Date | null; staffProof: string | null }
    >`SELECT * FROM device_sessions ORDER BY id_hash`.execute(db)
    // what later migrations add aside, every session is as it was
    expect(now.rows.map(({ staffActiveAt: _, staffProof: __, ...rest }) => rest)).toEqual(old.rows)
    // a staff member signed in before the PIN policy counts as signed in by tag (sales only)
    expect(now.rows.map((r) => r.staffProof)).toEqual(['tag', 'tag', null])
    expect(now.rows.map((r) => r.staffActiveAt)).toEqual([
      old.rows[0]!.lastSeenAt,
      old.rows[1]!.lastSeenAt,
      null,
    ])

    // the default idle time (5 minutes) applies: the ten-minute-old sign-in ends when next used
    const repo = createDeviceRepo(db)
    expect((await repo.useSession('a'.repeat(64), 20_000))?.session.staffId).toBe(staffId)
    expect((await repo.useSession('b'.repeat(64), 20_000))?.session.staffId).toBeNull()
    expect((await repo.useSession('c'.repeat(64), 20_000))?.session.staffId).toBeNull()
    const rows = await db
      .selectFrom('deviceSessions')
      .select(['idHash', 'staffId'])
      .orderBy('idHash')
      .execute()
    expect(rows.map((r) => r.staffId)).toEqual([staffId, null, null])
  })
})
