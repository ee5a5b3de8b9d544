/**
 * Staff logins: who takes payments at a business's terminals. A PIN is kept twice: a slow hash
 * (scrypt) and a keyed HMAC within the business (key derived from APP_SECRET), which keeps PINs
 * unique and finds the staff member whose PIN unpairs a kiosk. Sign-in at a device (`sign-in.ts`)
 * locks a staff member after too many wrong PINs until the owner unlocks them; a tag nobody
 * holds is recorded as unrecognised, for the owner to assign with one click. Staff who may refund
 * or see reports need a PIN of STRONG_PIN_MIN_DIGITS, and must have signed in with it to do so.
 */
import {
  MAX_STAFF_PER_BUSINESS,
  STRONG_PIN_MIN_DIGITS,
  needsStrongPin,
  type StaffLanguage,
  type StaffPermission,
  type StaffProof,
  type TStaffPermissions,
} from '@app/domain'
import { createHmac, randomBytes } from 'node:crypto'
import type pg from 'pg'
import { DomainError } from '../../lib/errors'
import { createRateLimits } from '../../lib/rate-limit'
import type { SealedAt, SecretBox } from '../../lib/secrets'
import type { AuditBy, AuditEvent } from '../audit'
import { hashPassword } from '../auth'
import type { StaffLockRepo } from './lock-repo'
import type { StaffRepo, StaffRow, StaffWritten } from './repo'
import { createStaffSignIn, kioskNoStaff, staffLocked } from './sign-in'
import { pinTooShort, shortPin, signedIn, view, type SignedInStaff, type StaffView } from './views'

const pinTaken = () =>
  new DomainError('STAFF_PIN_TAKEN', 'Another staff member of this business has this PIN')
const missing = () => new DomainError('NOT_FOUND', 'Staff member not found')

/** The audit log's event about a staff member (never their PIN; a tag by its last digits). */
const staffEvent = (
  by: AuditBy,
  row: Pick<StaffRow, 'businessId' | 'id' | 'name'>,
  action: AuditEvent['action'],
  details?: AuditEvent['details'],
): AuditEvent => ({
  businessId: row.businessId,
  by,
  action,
  subject: { kind: 'staff', id: row.id, name: row.name },
  details,
})

const staffDetails = (r: StaffRow): NonNullable<AuditEvent['details']> => ({
  language: r.language,
  eodReport: r.canEodReport,
  refundReport: r.canRefundReport,
  refund: r.canRefund,
})

const tagHint = (tag: string) => `…${tag.slice(-4)}`

function written(w: StaffWritten): StaffRow {
  if (w.ok) return w.row
  throw w.reason === 'pinTaken' ? pinTaken() : missing()
}

export function createStaffService(deps: {
  repo: StaffRepo
  locks: StaffLockRepo
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
  /** What finds a staff member by PIN within a business (the PIN itself is stored hashed). */
  const pinLookup = async (businessId: string, pin: string) =>
    createHmac('sha256', await pinKey())
      .update(`${businessId}:${pin}`)
      .digest('hex')
  const signIn = createStaffSignIn({
    repo,
    locks: deps.locks,
    limits: createRateLimits(deps.pool),
    pinLookup,
  })

  /** A PIN as kept, refused when too short for what the staff member may do. */
  async function keptPin(businessId: string, pin: string, permissions: TStaffPermissions) {
    if (needsStrongPin(permissions) && pin.length < STRONG_PIN_MIN_DIGITS) throw pinTooShort()
    const lookup = await pinLookup(businessId, pin)
    return { pinLookup: lookup, pinDigits: pin.length, hash: () => hashPassword(pin) }
  }

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
      by: AuditBy,
    ): Promise<StaffView> {
      if ((await repo.count(businessId)) >= MAX_STAFF_PER_BUSINESS) {
        throw new DomainError('VALIDATION', 'This business has the most staff logins allowed')
      }
      const { hash, ...pin } = await keptPin(businessId, input.pin, input.permissions)
      // Checked before the slow hash; the unique index decides when two arrive at once.
      if (await repo.byPinLookup(businessId, pin.pinLookup)) throw pinTaken()
      const row = written(
        await repo.insert({ businessId, ...fields(input), ...pin, pinHash: await hash() }, (r) =>
          staffEvent(by, r, 'staff.created', staffDetails(r)),
        ),
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
      by: AuditBy,
    ): Promise<StaffView> {
      const before = await requireStaff(businessId, id)
      let pin = {}
      if (input.pin) {
        const { hash, ...kept } = await keptPin(businessId, input.pin, input.permissions)
        const holder = await repo.byPinLookup(businessId, kept.pinLookup)
        if (holder && holder.id !== id) throw pinTaken()
        pin = { ...kept, pinHash: await hash() }
      } else if (needsStrongPin(input.permissions) && shortPin(before)) {
        throw pinTooShort()
      }
      const pinReset = Boolean(input.pin)
      const audit = (r: StaffRow): AuditEvent => {
        const after = staffDetails(r)
        const before_ = staffDetails(before)
        const changed = Object.fromEntries(
          Object.entries(after).filter(([k, v]) => before_[k] !== v),
        )
        if (r.name !== before.name) changed.previousName = before.name
        const onlyPin = pinReset && Object.keys(changed).length === 0
        return staffEvent(
          by,
          r,
          onlyPin ? 'staff.pin_reset' : 'staff.changed',
          onlyPin ? undefined : { ...changed, ...(pinReset ? { pinReset: true } : {}) },
        )
      }
      return viewOf(written(await repo.update(businessId, id, { ...fields(input), ...pin }, audit)))
    },

    async delete(businessId: string, id: string, by: AuditBy): Promise<{ ok: true }> {
      const row = await requireStaff(businessId, id)
      if (!(await repo.softDelete(businessId, id, staffEvent(by, row, 'staff.removed')))) {
        throw missing()
      }
      return { ok: true }
    },

    async addTag(
      businessId: string,
      staffId: string,
      tag: string,
      by: AuditBy,
    ): Promise<StaffView> {
      const row = await requireStaff(businessId, staffId)
      const event = staffEvent(by, row, 'staff.tag_added', { tag: tagHint(tag) })
      if ((await repo.addTag(businessId, staffId, tag, event)) === 'taken') {
        throw new DomainError('RFID_TAG_TAKEN', 'Another staff member holds this tag')
      }
      return viewOf(row)
    },

    async removeTag(
      businessId: string,
      staffId: string,
      tag: string,
      by: AuditBy,
    ): Promise<StaffView> {
      const row = await requireStaff(businessId, staffId)
      const event = staffEvent(by, row, 'staff.tag_removed', { tag: tagHint(tag) })
      if (!(await repo.removeTag(businessId, staffId, tag, event))) {
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

    /** Unlocks a staff member locked after wrong PINs; recorded with the user who did it. */
    async unlock(
      businessId: string,
      staffId: string,
      userId: string,
      by: AuditBy,
    ): Promise<StaffView> {
      const row = await requireStaff(businessId, staffId)
      const event = staffEvent(by, row, 'staff.unlocked')
      if (!(await deps.locks.unlock(businessId, staffId, userId, event))) {
        throw new DomainError('VALIDATION', 'This staff member is not locked')
      }
      return viewOf(await requireStaff(businessId, staffId))
    },

    /** Who is locked (the owner's alert). */
    locked: (businessId: string) => deps.locks.locked(businessId),

    /** The names a terminal shows to pick from before the PIN (nothing else of them). */
    async picker(device: { businessId: string; isKiosk: boolean }) {
      if (device.isKiosk) throw kioskNoStaff()
      const rows = await repo.list(device.businessId)
      return rows.map((r) => ({ id: r.id, name: r.name, locked: r.lockedAt !== null }))
    },

    /** A staff member of the device's business, by their PIN or a tag (sales only). */
    async signInAtDevice(
      device: { id: string; businessId: string; isKiosk: boolean },
      by: { staffId: string; pin: string } | { tag: string },
    ): Promise<SignedInStaff> {
      const { row, proof } = await signIn.signIn(device, by)
      return signedIn(row, proof)
    },

    /** A kiosk's unpairing: the PIN of a staff member who may close shifts. */
    async confirmUnpair(device: { id: string; businessId: string }, pin: string) {
      await signIn.closerByPin(device, pin)
    },

    /** The staff member signed in on a session, if still there (never on a kiosk). */
    async current(
      device: { businessId: string; isKiosk: boolean },
      session: { staffId: string | null; staffProof: StaffProof | null },
    ): Promise<SignedInStaff | null> {
      if (device.isKiosk || !session.staffId) return null
      const row = await repo.find(device.businessId, session.staffId)
      return row && !row.lockedAt ? signedIn(row, session.staffProof ?? 'tag') : null
    },

    /**
     * The staff member signed in, allowed `permission` (refunds, reports): not at a kiosk, not
     * locked, signed in with their PIN, and that PIN long enough.
     */
    async permitted(
      device: { businessId: string; isKiosk: boolean },
      session: { staffId: string | null; staffProof: StaffProof | null },
      permission: StaffPermission,
    ): Promise<SignedInStaff> {
      if (device.isKiosk) throw kioskNoStaff()
      const row = session.staffId ? await repo.find(device.businessId, session.staffId) : null
      if (!row) throw new DomainError('STAFF_SIGN_IN_REQUIRED', 'A staff member must sign in')
      if (row.lockedAt) throw staffLocked()
      const staff = signedIn(row, session.staffProof ?? 'tag')
      if (!staff.permissions.includes(permission)) {
        throw new DomainError('STAFF_PERMISSION_REQUIRED', `Needs the ${permission} permission`, {
          permission,
        })
      }
      if (staff.proof !== 'pin') {
        throw new DomainError('STAFF_PIN_REQUIRED', 'Refunds and reports need a sign-in by PIN')
      }
      if ((row.pinDigits ?? 0) < STRONG_PIN_MIN_DIGITS) throw pinTooShort()
      return staff
    },
  }
}

export type StaffService = ReturnType<typeof createStaffService>
