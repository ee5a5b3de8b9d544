/**
 * Staff sign-in at a device, and the PIN a kiosk's unpairing needs. A PIN sign-in names the staff
 * member (the terminal shows the names, the cashier picks theirs): wrong PINs count for that
 * staff member across every device and lock them after too many in a row, until the owner
 * unlocks them. Wrong PINs and unknown tags also count per device and per business; a right
 * sign-in counts towards nothing. A kiosk has no staff sign-in.
 */
import type { StaffProof } from '@app/domain'
import { DomainError } from '../../lib/errors'
import type { RateLimits } from '../../lib/rate-limit'
import { verifyPassword } from '../auth'
import type { StaffLockRepo } from './lock-repo'
import type { StaffRepo, StaffRow } from './repo'

interface SignInDevice {
  id: string
  businessId: string
}

export const staffLocked = () =>
  new DomainError('STAFF_LOCKED', 'This staff member is locked after too many wrong PINs')
export const kioskNoStaff = () =>
  new DomainError('KIOSK_NO_STAFF', 'A kiosk has no staff sign-in, refunds or shifts')
const wrongPin = () => new DomainError('INVALID_CREDENTIALS', 'Wrong PIN')

export function createStaffSignIn(deps: {
  repo: StaffRepo
  locks: StaffLockRepo
  limits: RateLimits
  pinLookup: (businessId: string, pin: string) => Promise<string>
}) {
  const { repo, locks, limits } = deps

  /**
   * Runs a sign-in try: counted per device and per business before it is made (tries sent at
   * once all count), given back when it was right.
   */
  async function counted<T>(device: SignInDevice, attempt: () => Promise<T>): Promise<T> {
    await limits.consume('staffSignInPerDevice', device.id)
    await limits.consume('staffSignInPerBusiness', device.businessId)
    const result = await attempt()
    await limits.forgive('staffSignInPerDevice', device.id)
    await limits.forgive('staffSignInPerBusiness', device.businessId)
    return result
  }

  /** The staff member's PIN, counted for them: a lock once too many were wrong in a row. */
  async function checkPin(device: SignInDevice, row: StaffRow, pin: string): Promise<void> {
    if (row.lockedAt) throw staffLocked()
    const tries = await locks.countTry(row.id)
    if (tries === null) throw staffLocked()
    if (await verifyPassword(pin, row.pinHash)) {
      await locks.rightPin(row.id, pin.length)
      return
    }
    if (await locks.lockIfSpent(device.businessId, row.id, device.id)) throw staffLocked()
    throw wrongPin()
  }

  return {
    async signIn(
      device: SignInDevice & { isKiosk: boolean },
      by: { staffId: string; pin: string } | { tag: string },
    ): Promise<{ row: StaffRow; proof: StaffProof }> {
      if (device.isKiosk) throw kioskNoStaff()
      return counted(device, async () => {
        if ('tag' in by) {
          const row = await repo.byTag(device.businessId, by.tag)
          if (!row) {
            await repo.recordUnrecognised(device.businessId, by.tag, device.id)
            throw new DomainError('RFID_TAG_UNRECOGNISED', 'This tag is not assigned to anyone')
          }
          if (row.lockedAt) throw staffLocked()
          return { row, proof: 'tag' as const }
        }
        const row = await repo.find(device.businessId, by.staffId)
        if (!row) throw wrongPin()
        await checkPin(device, row, by.pin)
        return { row, proof: 'pin' as const }
      })
    },

    /**
     * A PIN of a staff member who may close shifts (a kiosk's unpairing): wrong PINs count per
     * device and per business, as at sign-in.
     */
    async closerByPin(device: SignInDevice, pin: string): Promise<StaffRow> {
      return counted(device, async () => {
        const row = await repo.byPinLookup(
          device.businessId,
          await deps.pinLookup(device.businessId, pin),
        )
        if (!row || !(await verifyPassword(pin, row.pinHash))) throw wrongPin()
        if (row.lockedAt) throw staffLocked()
        if (!row.canEodReport) {
          throw new DomainError('STAFF_PERMISSION_REQUIRED', 'Needs the eodReport permission', {
            permission: 'eodReport',
          })
        }
        return row
      })
    },
  }
}
