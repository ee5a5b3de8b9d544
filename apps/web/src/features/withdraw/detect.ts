/**
 * What the destination field holds, read offline as the user types (the domain's parser, the
 * same the server runs): its kind for the label under the field, or the error to show.
 */
import { parseDestination, type BitcoinNetwork, type ErrorCode } from '@app/domain'

export type DetectedKind =
  | 'invoice'
  | 'invoiceWithAmount'
  | 'lightningAddress'
  | 'lnurl'
  | 'bitcoinAddress'
  | 'bip21'
  | 'bip21Lightning'
  /** a destination registered on the exchange */
  | 'registered'

export type Detected =
  | { state: 'empty' }
  | {
      state: 'ok'
      kind: DetectedKind
      rail: 'lightning' | 'onchain'
      /** an amount the destination fixes (invoice) or suggests (BIP21) */
      amountSat: number | null
      isAmountFixed: boolean
    }
  | { state: 'error'; code: ErrorCode }

export function detectDestination(
  text: string,
  network: BitcoinNetwork,
  canLightning: boolean,
  now = new Date(),
): Detected {
  if (text.trim() === '') return { state: 'empty' }
  const parsed = parseDestination(text, network, now)
  if (!parsed.ok) return { state: 'error', code: parsed.code }
  const d = parsed.destination
  switch (d.type) {
    case 'bolt11':
      return {
        state: 'ok',
        kind: d.amountSat === null ? 'invoice' : 'invoiceWithAmount',
        rail: 'lightning',
        amountSat: d.amountSat,
        isAmountFixed: d.amountSat !== null,
      }
    case 'lightning-address':
    case 'lnurl':
      return {
        state: 'ok',
        kind: d.type === 'lnurl' ? 'lnurl' : 'lightningAddress',
        rail: 'lightning',
        amountSat: null,
        isAmountFixed: false,
      }
    case 'bitcoin-address':
    case 'bip21': {
      const viaLightning = d.lightning !== null && canLightning
      return {
        state: 'ok',
        kind: viaLightning ? 'bip21Lightning' : d.type === 'bip21' ? 'bip21' : 'bitcoinAddress',
        rail: viaLightning ? 'lightning' : 'onchain',
        amountSat: viaLightning ? (d.lightning?.amountSat ?? d.amountSat) : d.amountSat,
        isAmountFixed: viaLightning && d.lightning?.amountSat != null,
      }
    }
  }
}

/**
 * A scanned QR code's text as a destination: wallets show invoices in upper case (QR's compact
 * alphanumeric mode), which is kept and shown in lower case; anything else as it is.
 */
export function scannedDestination(text: string): string {
  const t = text.trim()
  return /^(LIGHTNING:)?LN[0-9A-Z]+$/.test(t) ? t.toLowerCase() : t
}

/** A random v4 UUID naming one withdrawal (also where crypto.randomUUID is missing). */
export function newWithdrawalKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
