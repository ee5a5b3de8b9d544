/** What the owner and a terminal are shown of a staff member, and the errors both share. */
import {
  STRONG_PIN_MIN_DIGITS,
  needsStrongPin,
  type StaffLanguage,
  type StaffPermission,
  type StaffProof,
  type TStaffPermissions,
} from '@app/domain'
import { DomainError } from '../../lib/errors'
import type { StaffRow } from './repo'

export interface StaffView {
  id: string
  name: string
  language: StaffLanguage
  permissions: TStaffPermissions
  rfidTags: string[]
  /** locked after too many wrong PINs in a row, until the owner unlocks */
  lock: { since: Date; wrongPins: number } | null
  /** may refund or see reports, with a PIN shorter than those need (known once used) */
  pinTooShort: boolean
  createdAt: Date
}

export interface SignedInStaff {
  id: string
  name: string
  language: StaffLanguage
  permissions: StaffPermission[]
  /** how they proved who they are at this device: a PIN, or a tag (sales only) */
  proof: StaffProof
}

export const pinTooShort = () =>
  new DomainError(
    'STAFF_PIN_TOO_SHORT',
    `Staff who may refund or see reports need a PIN of at least ${STRONG_PIN_MIN_DIGITS} digits`,
    { digits: STRONG_PIN_MIN_DIGITS },
  )
export const shortPin = (row: StaffRow) =>
  row.pinDigits !== null && row.pinDigits < STRONG_PIN_MIN_DIGITS

export function permissionsOf(row: StaffRow): TStaffPermissions {
  return { eodReport: row.canEodReport, refundReport: row.canRefundReport, refund: row.canRefund }
}

export function view(row: StaffRow, tags: string[]): StaffView {
  return {
    id: row.id,
    name: row.name,
    language: row.language as StaffLanguage,
    permissions: permissionsOf(row),
    rfidTags: tags,
    lock: row.lockedAt ? { since: row.lockedAt, wrongPins: row.lockedAfterWrongPins ?? 0 } : null,
    pinTooShort: needsStrongPin(permissionsOf(row)) && shortPin(row),
    createdAt: row.createdAt,
  }
}

export function signedIn(row: StaffRow, proof: StaffProof): SignedInStaff {
  const p = permissionsOf(row)
  return {
    id: row.id,
    name: row.name,
    language: row.language as StaffLanguage,
    permissions: (Object.keys(p) as StaffPermission[]).filter((k) => p[k]),
    proof,
  }
}
