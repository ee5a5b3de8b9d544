/**
 * Devices (terminals and point-of-sale integrations), their settings, and the staff who sign in
 * at them: the rules the server enforces and the forms check, written once.
 */
import { z } from 'zod'
import { IDLE_SIGN_OUT_CHOICES_SEC, ZTipPercents } from '../terminal'
import { ZSafeText } from '../text'
import {
  DEVICE_LOGIN_ID_PATTERN,
  DEVICE_SECRET_PATTERN,
  PIN_MAX_DIGITS,
  PIN_MIN_DIGITS,
  PIN_PATTERN,
} from './credentials'

export const DEVICE_NAME_MAX = 64
export const DEVICE_MID_MAX = 64
/** A device is shown online when it was seen this recently. */
export const DEVICE_ONLINE_WINDOW_MS = 2 * 60 * 1000
/** Devices per business. */
export const MAX_DEVICES_PER_BUSINESS = 100
export const MAX_STAFF_PER_BUSINESS = 500

export const ZDeviceName = ZSafeText.trim()
  .min(1, 'Enter a name')
  .max(DEVICE_NAME_MAX, `At most ${DEVICE_NAME_MAX} characters`)

/** A payment terminal's merchant id: printable, no spaces, at most 64 characters. */
export const MID_PATTERN = /^[\x21-\x7e]{1,64}$/
const ZMid = z
  .string()
  .max(DEVICE_MID_MAX, `At most ${DEVICE_MID_MAX} characters`)
  .regex(MID_PATTERN, 'No spaces; letters, digits and symbols only')

/** An optional MID as a form gives it: '' is none. */
export const ZOptionalMid = z
  .union([z.literal(''), ZMid])
  .nullish()
  .transform((v) => (v ? v : null))

export const ZDeviceInput = z.object({
  name: ZDeviceName,
  isKiosk: z.boolean().default(false),
  mid: ZOptionalMid,
})
export type TDeviceInput = z.input<typeof ZDeviceInput>

/** The credentials a device signs in with (patterns in a module without zod). */
export const ZDeviceCredentials = z.object({
  loginId: z.string().regex(DEVICE_LOGIN_ID_PATTERN),
  secret: z.string().regex(DEVICE_SECRET_PATTERN),
})

/** Languages a staff member can prefer; `none` follows the device. */
export const STAFF_LANGUAGES = ['en', 'de', 'es', 'fr', 'nl', 'none'] as const
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number]

export const STAFF_PERMISSIONS = ['eodReport', 'refundReport', 'refund'] as const
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number]

export const ZPin = z
  .string()
  .regex(PIN_PATTERN, `A PIN is ${PIN_MIN_DIGITS} to ${PIN_MAX_DIGITS} digits`)

/** An RFID tag's id as readers send it: hex or decimal digits, separators dropped, upper case. */
const RFID_PATTERN = /^[0-9A-F]{4,32}$/
export const ZRfidTag = z
  .string()
  .max(64)
  .transform((s) => s.replace(/[\s:-]/g, '').toUpperCase())
  .pipe(z.string().regex(RFID_PATTERN, 'A tag is 4 to 32 hexadecimal digits'))

const ZStaffName = ZSafeText.trim().min(1, 'Enter a name').max(64)

const ZStaffPermissions = z.object({
  eodReport: z.boolean(),
  refundReport: z.boolean(),
  refund: z.boolean(),
})
export type TStaffPermissions = z.infer<typeof ZStaffPermissions>

export const ZStaffInput = z.object({
  name: ZStaffName,
  language: z.enum(STAFF_LANGUAGES),
  permissions: ZStaffPermissions,
})

/**
 * How a staff member signs in at a device: they pick their name, then key their PIN; or they
 * hold their RFID tag to the reader. A tag signs in for sales only.
 */
export const ZStaffSignIn = z.union([
  z.object({ staffId: z.uuid(), pin: ZPin }),
  z.object({ tag: ZRfidTag }),
])
export type TStaffSignIn = z.input<typeof ZStaffSignIn>

/** How the staff member signed in at a device proved who they are. */
export const STAFF_PROOFS = ['pin', 'tag'] as const
export type StaffProof = (typeof STAFF_PROOFS)[number]

/** Wrong PINs in a row (across every device) after which a staff member is locked. */
export const STAFF_LOCK_AFTER_WRONG_PINS = 10

/**
 * Staff who may refund or see reports (end of day, refunds) need a PIN this long; shorter PINs
 * set before the rule keep selling but are refused for refunds and reports.
 */
export const STRONG_PIN_MIN_DIGITS = 6

export function needsStrongPin(p: TStaffPermissions): boolean {
  return p.eodReport || p.refundReport || p.refund
}

/** Signing a terminal out; a kiosk needs the PIN of a staff member who may close shifts. */
export const ZDeviceSignOut = z.object({ pin: ZPin.optional() }).optional()

/** Device settings (shared by all of a business's terminals). */
const DEVICE_THEMES = ['light', 'dark'] as const
export type DeviceTheme = (typeof DEVICE_THEMES)[number]
export const DEFAULT_RECEIPT_TEXT = 'Thank you for your purchase!'
export const SCREEN_SAVER_DELAYS_SEC = [30, 60, 120, 300, 600, 0] as const
export const RECEIPT_TEXT_MAX = 500

export const ZDeviceSettingsPatch = z.object({
  displayName: ZSafeText.trim().max(64).optional(),
  receiptText: ZSafeText.trim().max(RECEIPT_TEXT_MAX).optional(),
  screenSaverDelaySec: z
    .number()
    .int()
    .refine((n) => (SCREEN_SAVER_DELAYS_SEC as readonly number[]).includes(n))
    .optional(),
  theme: z.enum(DEVICE_THEMES).optional(),
  tipPercents: ZTipPercents.optional(),
  idleSignOutSec: z
    .number()
    .int()
    .refine((n) => (IDLE_SIGN_OUT_CHOICES_SEC as readonly number[]).includes(n))
    .optional(),
})

/** Images a business uploads for its terminals. */
export const IMAGE_MAX_BYTES = 3 * 1024 * 1024
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export const LOGO_RECOMMENDED_WIDTH = 600
export const DEVICE_IMAGE_KINDS = ['logo', 'screenSaver'] as const
export type DeviceImageKind = (typeof DEVICE_IMAGE_KINDS)[number]

/** The header a POS sends with the payment terminal's merchant id. */
export const MERCHANT_ID_HEADER = 'x-merchant-id'
export * from './pos'
export * from './credentials'
