/**
 * Staff logins: who takes payments at a business's terminals. A PIN is kept twice: a slow hash
 * (scrypt) and a keyed HMAC within the business (key derived from APP_SECRET), which finds the
 * staff member at sign-in and keeps PINs unique without trying the slow hash of every row.
 * Sign-in at a device (PIN or RFID tag) is rate limited per device; a tag nobody holds is
 * recorded as unrecognised, for the owner to assign with one click.
 */
import {
  MAX_STAFF_PER_BUSINESS,
  type StaffLanguage,
  type StaffPermission,
  type TStaffPermissions,
} from '@app/domain'
import { createHmac, randomBytes } from 'node:crypto'
import type pg from 'pg'
import { DomainError } from '../../lib/errors'
import { createRateLimits } from '../../lib/rate-limit'
import type { SealedAt, SecretBox } from '../../lib/secrets'
import { hashPassword, verifyPassword } from '../auth'
import type { StaffRepo, StaffRow, StaffWritten } from './repo'

export interface StaffView {
  id: string
  name: string
  language: StaffLanguage
  permissions: TStaffPermissions
  rfidTags: string[]
  createdAt: Date
}

export interface SignedInStaff {
  id: string
  name: string
  language: StaffLanguage
  permissions: StaffPermission[]
}

const pinTaken = () =>
  new DomainError('STAFF_PIN_TAKEN', 'Another staff member of this business has this PIN')
const missing = () => new DomainError('NOT_FOUND', 'Staff member not found')
const wrongPin = () => new DomainError('INVALID_CREDENTIALS', 'Unknown PIN')

function permissionsOf(row: StaffRow): TStaffPermissions {
  return { eodReport: row.canEodReport, refundReport: row.canRefundReport, refund: row.canRefund }
}

function view(row: StaffRow, tags: string[]): StaffView {
  return {
    id: row.id,
    name: row.name,
    language: row.language as StaffLanguage,
    permissions: permissionsOf(row),
    rfidTags: tags,
    createdAt: row.createdAt,
  }
}

export function signedIn(row: StaffRow): SignedInStaff {
  const p = permissionsOf(row)
  return {
    id: row.id,
    name: row.name,
    language: row.language as StaffLanguage,
    permissions: (Object.keys(p) as StaffPermission[]).filter((k) => p[k]),
  }
}

function written(w: StaffWritten): StaffRow {
  if (w.ok) return w.row
  throw w.reason === 'pinTaken' ? pinTaken() : missing()
}

export function createStaffService(deps: {
  repo: StaffRepo
  /** seals the PIN lookup's key (kept in the database, so it outlives a rotated APP_SECRET) */
  secrets: SecretBox
  pool: pg.Pool
}) {
  const { repo } = deps
  const keyAt: SealedAt = { table: 'staff_pin_key', column: 'key_sealed', id: '1' }
  let lookupKey: Promise<Buffer> | null = null
  /** The lookup's key: random, made once for the platform, stored sealed. */
  const pinKey = () => {
    lookupKey ??= repo
      .pinKey(() => deps.secrets.seal(randomBytes(32).toString('base64'), keyAt))
      .then((sealed) => Buffer.from(deps.secrets.open(sealed, keyAt), 'base64'))
    lookupKey.catch(() => {
      lookupKey = null
    })
    return lookupKey
  }
  /** sign-in tries (PIN or tag) are counted per device */
  const limits = createRateLimits(deps.pool)

  /** What finds a staff member by PIN within a business (the PIN itself is stored hashed). */
  const pinLookup = async (businessId: string, pin: string) =>
    createHmac('sha256', await pinKey())
      .update(`${businessId}:${pin}`)
      .digest('hex')

  async function requireStaff(businessId: string, id: string): Promise<StaffRow> {
    const row = await repo.find(businessId, id)
    if (!row) throw missing()
    return row
  }

  async function tagsByStaff(businessId: string): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>()
    for (const t of await repo.tagsOf(businessId)) {
      const list = map.get(t.staffId) ?? []
      list.push(t.tag)
      map.set(t.staffId, list)
    }
    return map
  }

  async function viewOf(row: StaffRow): Promise<StaffView> {
    return view(row, (await tagsByStaff(row.businessId)).get(row.id) ?? [])
  }

  const fields = (input: {
    name: string
    language: StaffLanguage
    permissions: TStaffPermissions
  }) => ({
    name: input.name,
    language: input.language,
    canEodReport: input.permissions.eodReport,
    canRefundReport: input.permissions.refundReport,
    canRefund: input.permissions.refund,
  })

  return {
    async list(businessId: string) {
      const [rows, tags, unrecognised] = await Promise.all([
        repo.list(businessId),
        tagsByStaff(businessId),
        repo.unrecognised(businessId),
      ])
      return { staff: rows.map((r) => view(r, tags.get(r.id) ?? [])), unrecognised }
    },

    names: (businessId: string) => repo.names(businessId),

    async create(
      businessId: string,
      input: { name: string; language: StaffLanguage; permissions: TStaffPermissions; pin: string },
    ): Promise<StaffView> {
      if ((await repo.count(businessId)) >= MAX_STAFF_PER_BUSINESS) {
        throw new DomainError('VALIDATION', 'This business has the most staff logins allowed')
      }
      const lookup = await pinLookup(businessId, input.pin)
      // Checked before the slow hash; the unique index decides when two arrive at once.
      if (await repo.byPinLookup(businessId, lookup)) throw pinTaken()
      const row = written(
        await repo.insert({
          businessId,
          ...fields(input),
          pinLookup: lookup,
          pinHash: await hashPassword(input.pin),
        }),
      )
      return view(row, [])
    },

    async update(
      businessId: string,
      id: string,
      input: {
        name: string
        language: StaffLanguage
        permissions: TStaffPermissions
        pin?: string | null
      },
    ): Promise<StaffView> {
      await requireStaff(businessId, id)
      let pin = {}
      if (input.pin) {
        const lookup = await pinLookup(businessId, input.pin)
        const holder = await repo.byPinLookup(businessId, lookup)
        if (holder && holder.id !== id) throw pinTaken()
        pin = { pinLookup: lookup, pinHash: await hashPassword(input.pin) }
      }
      return viewOf(written(await repo.update(businessId, id, { ...fields(input), ...pin })))
    },

    async delete(businessId: string, id: string): Promise<{ ok: true }> {
      if (!(await repo.softDelete(businessId, id))) throw missing()
      return { ok: true }
    },

    async addTag(businessId: string, staffId: string, tag: string): Promise<StaffView> {
      const row = await requireStaff(businessId, staffId)
      if ((await repo.addTag(businessId, staffId, tag)) === 'taken') {
        throw new DomainError('RFID_TAG_TAKEN', 'Another staff member holds this tag')
      }
      return viewOf(row)
    },

    async removeTag(businessId: string, staffId: string, tag: string): Promise<StaffView> {
      const row = await requireStaff(businessId, staffId)
      if (!(await repo.removeTag(businessId, staffId, tag))) {
        throw new DomainError('NOT_FOUND', 'This staff member does not hold this tag')
      }
      return viewOf(row)
    },

    async dismissUnrecognised(businessId: string, tag: string): Promise<{ ok: true }> {
      if (!(await repo.dismissUnrecognised(businessId, tag))) {
        throw new DomainError('NOT_FOUND', 'Tag not found')
      }
      return { ok: true }
    },

    /** A staff member of the device's business, by PIN or tag; every try counts per device. */
    async signInAtDevice(
      device: { id: string; businessId: string },
      by: { pin: string } | { rfid: string },
    ): Promise<SignedInStaff> {
      await limits.consume('staffSignInPerDevice', device.id)
      if ('rfid' in by) {
        const row = await repo.byTag(device.businessId, by.rfid)
        if (!row) {
          await repo.recordUnrecognised(device.businessId, by.rfid, device.id)
          throw new DomainError('RFID_TAG_UNRECOGNISED', 'This tag is not assigned to anyone')
        }
        return signedIn(row)
      }
      const row = await repo.byPinLookup(
        device.businessId,
        await pinLookup(device.businessId, by.pin),
      )
      if (!row || !(await verifyPassword(by.pin, row.pinHash))) throw wrongPin()
      return signedIn(row)
    },

    /** The staff member signed in on a session, if still there. */
    async current(businessId: string, staffId: string | null): Promise<SignedInStaff | null> {
      if (!staffId) return null
      const row = await repo.find(businessId, staffId)
      return row ? signedIn(row) : null
    },
  }
}

export type StaffService = ReturnType<typeof createStaffService>
