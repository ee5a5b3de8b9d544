/**
 * Migration 0027 (staff lockout, and how a sign-in was proved) upgrades a database holding staff
 * and device sessions: every staff member keeps their PIN and permissions and is unlocked with no
 * wrong PINs, their PIN's length unknown; a staff member signed in before the upgrade counts as
 * signed in by tag (sales only) until they sign in with their PIN; sessions keep their values.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createDeviceRepo } from '../src/modules/devices/repo'
import { migratedTo, seedOwner } from './migration-support'

describe('the staff lockout migration', () => {
  it('upgrades a database holding staff and sessions with staff signed in', async () => {
    const upgrade = await migratedTo('0026-staff-idle')
    const { db } = upgrade
    const owner = await seedOwner(db, 'owner@lockout.example')
    const businessId = await owner.addBusiness({ name: 'Old Shop', currency: 'EUR' })
    const { id: deviceId } = await db
      .insertInto('devices')
      .values({ businessId, name: 'Old till', loginId: 'dev_lockout-migration1', secretHash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const staff = await sql<{ id: string }>`INSERT INTO staff
        (business_id, name, pin_lookup, pin_hash, can_refund)
      VALUES (${businessId}, 'Ans', 'lookup-a', 'hash-a', true),
             (${businessId}, 'Bo', 'lookup-b', 'hash-b', false)
      RETURNING id`.execute(db)
    const ans = staff.rows[0]?.id
    const expiresAt = new Date(Date.now() + 86_400_000)
    await sql`INSERT INTO device_sessions
        (id_hash, device_id, business_id, kind, staff_id, expires_at, staff_active_at)
      VALUES (${'a'.repeat(64)}, ${deviceId}, ${businessId}, 'cookie', ${ans}, ${expiresAt}, now()),
             (${'b'.repeat(64)}, ${deviceId}, ${businessId}, 'bearer', NULL, ${expiresAt}, NULL)`.execute(
      db,
    )
    const oldStaff = await sql<Record<string, unknown>>`SELECT * FROM staff ORDER BY name`.execute(
      db,
    )
    const oldSessions = await sql<Record<string, unknown>>`
      SELECT * FROM device_sessions ORDER BY id_hash`.execute(db)

    await upgrade.migrateToLatest()

    const nowStaff = await sql<Record<string, unknown>>`SELECT * FROM staff ORDER BY name`.execute(
      db,
    )
    expect(nowStaff.rows).toEqual(
      oldStaff.rows.map((r) => ({
        ...r,
        wrongPins: 0,
        lockedAt: null,
        lockedAfterWrongPins: null,
        pinDigits: null,
      })),
    )
    const nowSessions = await sql<Record<string, unknown>>`
      SELECT * FROM device_sessions ORDER BY id_hash`.execute(db)
    expect(nowSessions.rows).toEqual([
      { ...oldSessions.rows[0], staffProof: 'tag' },
      { ...oldSessions.rows[1], staffProof: null },
    ])
    const found = await createDeviceRepo(db).useSession('a'.repeat(64), 20_000)
    expect(found?.session).toMatchObject({ staffId: ans, staffProof: 'tag' })
    expect(await db.selectFrom('staffLockEvents').selectAll().execute()).toEqual([])
  })
})
