/**
 * The terminal's screens exist in Dutch: the Dutch file has every key of the English `terminal`
 * object, and each Dutch text is a key English has, with the same placeholders; every error the
 * terminal can show (any code of the catalogue but those only the dashboard's pages meet) has a
 * Dutch text.
 */
import type { ErrorCode } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { APP_ERROR_CODES } from '@/lib/app-error'

type Tree = { [key: string]: string | Tree }
const files = import.meta.glob<Tree>('/public/locales/{en,nl}/translation.json', {
  eager: true,
  import: 'default',
})

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1] ?? '')
    .sort()
    .join()

const en = flatten(files['/public/locales/en/translation.json'] ?? {})
const nl = flatten(files['/public/locales/nl/translation.json'] ?? {})

/**
 * Codes only the dashboard's pages meet (accounts, onboarding, nodes, deposits, tip pages, device
 * and staff set-up, uploads). Any other code, a new one too, needs a Dutch text.
 */
const DASHBOARD_ONLY: readonly ErrorCode[] = [
  'EMAIL_TAKEN',
  'WRONG_CURRENT_PASSWORD',
  'PASSWORD_MISMATCH',
  'PASSWORD_TOO_SHORT',
  'SIGN_IN_EXPIRED',
  'TWO_FACTOR_REQUIRED',
  'INVALID_TWO_FACTOR_CODE',
  'TWO_FACTOR_ALREADY_ENABLED',
  'TWO_FACTOR_NOT_ENABLED',
  'TWO_FACTOR_NOT_STARTED',
  'APPLICATION_NOT_PENDING',
  'OWN_APPLICATION_REVIEW',
  'BUSINESS_LIMIT_REACHED',
  'EXCHANGE_KEY_REJECTED',
  'NWC_URL_INVALID',
  'NWC_RELAY_NOT_ALLOWED',
  'NWC_MISSING_METHODS',
  'NODE_ALREADY_EXISTS',
  'NODE_PASSWORD_EMPTY',
  'NODE_PASSWORD_TOO_SHORT',
  'INVALID_NODE_PASSWORD',
  'NODE_HOST_UNAVAILABLE',
  'NODE_UNLOCK_FAILED',
  'NODE_DATA_UNAVAILABLE',
  'NODE_UPDATE_FAILED',
  'NODE_PAYMENT_IN_FLIGHT',
  'AUTOLOOP_SETUP_FAILED',
  'LOOP_NOT_AVAILABLE',
  'LOOP_INVALID_ADDRESS',
  'LOOP_AMOUNT_OUT_OF_RANGE',
  'LOOP_QUOTE_CHANGED',
  'LOOP_SWAP_FAILED',
  'LOOP_DATA_UNAVAILABLE',
  'DEPOSIT_BELOW_MINIMUM',
  'DEPOSIT_LIMIT_REACHED',
  'CHANNEL_NOT_FAILED',
  'CHANNEL_OPEN_FAILED',
  'CHANNEL_FUNDS_INSUFFICIENT',
  'CHANNEL_MANUAL_PROCESSING',
  'TIP_NAME_TAKEN',
  'TIP_NAME_RESERVED',
  'TIP_PAGE_LIMIT_REACHED',
  'DEVICE_NAME_TAKEN',
  'DEVICE_LIMIT_REACHED',
  'STAFF_PIN_TAKEN',
  'RFID_TAG_TAKEN',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'FILE_EMPTY',
  'FILE_NOT_FOUND',
]

describe('the Dutch terminal', () => {
  it('has a Dutch text for every error the terminal can show', () => {
    const shown = APP_ERROR_CODES.filter((code) => !(DASHBOARD_ONLY as string[]).includes(code))
    const missing = shown.filter((code) => !nl.get(`errors.${code}`)?.trim())
    expect(missing).toEqual([])
    // the catalogue still has every code listed as the dashboard's
    expect(DASHBOARD_ONLY.filter((code) => !APP_ERROR_CODES.includes(code))).toEqual([])
  })

  it('has every text of the terminal', () => {
    const missing = [...en.keys()].filter((k) => k.startsWith('terminal.') && !nl.has(k))
    expect(missing).toEqual([])
  })

  it('has only keys English has, with their placeholders, and no empty text', () => {
    const problems = [...nl].flatMap(([key, text]) => {
      const english = en.get(key)
      if (english === undefined) {
        // other engineers' objects in the Dutch file are checked by their own tests
        return key.startsWith('terminal.') ? [`${key}: not in en`] : []
      }
      if (text.trim() === '') return [`${key}: empty`]
      return placeholders(text) === placeholders(english) ? [] : [`${key}: placeholders`]
    })
    expect(problems).toEqual([])
  })
})
