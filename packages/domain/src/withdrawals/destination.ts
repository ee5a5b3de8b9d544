/**
 * Reading a withdrawal destination offline: a BOLT11 invoice, a Lightning address, an LNURL, a
 * Bitcoin address or a BIP21 URI, for the network the product runs on. Runs in the browser as the
 * user types and again on the server; network look-ups (LNURL) happen on the server only.
 * Checksums, witness versions and signatures' encodings are left to the libraries.
 */
import type { ErrorCode } from '../errors'
import { looksLikeAddress, parseBitcoinAddress } from './bitcoin-address'
import { refuse, type InvoiceDestination, type ParsedDestination } from './destination-types'
import { parseInvoice } from './invoice'
import { parseLnurlDestination } from './lnurl-destination'
import type { BitcoinNetwork } from './networks'

/** Longest input looked at (BIP21 URIs with an invoice run to a couple of thousand). */
export const MAX_DESTINATION_LENGTH = 4_000

/**
 * BTC amount text of a BIP21 URI in sats: the sats, 'too-precise' for more than 8 decimals (a
 * bitcoin has no smaller part than a sat), or null when it is not an amount.
 */
function btcTextToSat(text: string): number | 'too-precise' | null {
  if (/^\d{1,8}\.\d{9,}$/.test(text)) return 'too-precise'
  const m = /^(\d{1,8})(?:\.(\d{1,8}))?$/.exec(text)
  if (!m) return null
  return Number(m[1]) * 100_000_000 + Number((m[2] ?? '').padEnd(8, '0'))
}

function parseBip21(text: string, network: BitcoinNetwork, now: Date): ParsedDestination {
  const rest = text.replace(/^bitcoin:(\/\/)?/i, '')
  const q = rest.indexOf('?')
  const addressText = q >= 0 ? rest.slice(0, q) : rest
  const params = new URLSearchParams(q >= 0 ? rest.slice(q + 1) : '')
  const get = (key: string): string | null => {
    for (const [k, v] of params) if (k.toLowerCase() === key) return v
    return null
  }
  for (const [k] of params) {
    // BIP21: a `req-` parameter the payer does not understand means the URI must not be paid
    if (k.toLowerCase().startsWith('req-') && k.toLowerCase() !== 'req-pj') {
      return refuse('WITHDRAW_URI_UNSUPPORTED_REQUIREMENT', `unsupported required parameter ${k}`)
    }
  }
  const addr = parseBitcoinAddress(addressText, network)
  if (!addr.ok) return addr
  let amountSat: number | null = null
  const amountText = get('amount')
  if (amountText !== null) {
    const sat = btcTextToSat(amountText)
    if (sat === 'too-precise') {
      return refuse('WITHDRAW_URI_AMOUNT_TOO_PRECISE', 'the URI amount has more than 8 decimals')
    }
    if (sat === null || sat <= 0) {
      return refuse('WITHDRAW_URI_INVALID_AMOUNT', 'the URI amount is not a valid BTC amount')
    }
    amountSat = sat
  }
  let lightning: InvoiceDestination | null = null
  const ln = get('lightning')
  if (ln) {
    const inv = parseInvoice(ln, network, now)
    // an unusable invoice leaves the on-chain address
    if (inv.ok) lightning = inv.destination
  }
  return {
    ok: true,
    destination: {
      type: 'bip21',
      address: addr.address,
      amountSat,
      label: get('label'),
      message: get('message'),
      lightning,
    },
  }
}

/**
 * What the text is, for `network` at `now`. Anything not recognised is
 * WITHDRAW_INVALID_DESTINATION ('Invalid destination type'); an address that looks like one but
 * is not valid is WITHDRAW_INVALID_ADDRESS ('A Bitcoin address must be valid').
 */
export function parseDestination(
  input: string,
  network: BitcoinNetwork,
  now: Date = new Date(),
): ParsedDestination {
  const text = input.trim()
  if (!text) return refuse('WITHDRAW_INVALID_DESTINATION', 'empty')
  if (text.length > MAX_DESTINATION_LENGTH) {
    return refuse('WITHDRAW_INVALID_DESTINATION', 'too long')
  }
  if (/^bitcoin:/i.test(text)) return parseBip21(text, network, now)
  const bare = text.replace(/^lightning:/i, '')
  if (/^ln(bc|tb)/i.test(bare)) return parseInvoice(bare, network, now)
  const lnurl = parseLnurlDestination(bare, network, MAX_DESTINATION_LENGTH)
  if (lnurl) return lnurl
  if (looksLikeAddress(text)) {
    const addr = parseBitcoinAddress(text, network)
    if (!addr.ok) return addr
    return {
      ok: true,
      destination: {
        type: 'bitcoin-address',
        address: addr.address,
        amountSat: null,
        label: null,
        message: null,
        lightning: null,
      },
    }
  }
  return refuse(
    'WITHDRAW_INVALID_DESTINATION',
    'not an invoice, Lightning address or Bitcoin address',
  )
}

/** The invoice a wallet that pays only invoices may pay, or why it may not (its code). */
export type InvoiceOnly =
  | { ok: true; invoice: InvoiceDestination; type: 'bolt11' | 'bip21' }
  | { ok: false; code: ErrorCode }

/**
 * What an exchange account can pay of a typed destination: a Lightning invoice, bare or in a
 * BIP21 URI, through the exchange's Lightning method; anything else only once registered on the
 * exchange (WITHDRAW_DESTINATION_NOT_REGISTERED). An invoice that cannot be paid (expired,
 * another network) says why.
 */
export function invoiceOnly(
  input: string,
  network: BitcoinNetwork,
  now: Date = new Date(),
): InvoiceOnly {
  const parsed = parseDestination(input, network, now)
  if (!parsed.ok) {
    const looksLikeInvoice = /^(lightning:)?ln/i.test(input.trim())
    return {
      ok: false,
      code: looksLikeInvoice ? parsed.code : 'WITHDRAW_DESTINATION_NOT_REGISTERED',
    }
  }
  const d = parsed.destination
  if (d.type === 'bolt11') return { ok: true, invoice: d, type: d.type }
  if (d.type === 'bip21' && d.lightning) return { ok: true, invoice: d.lightning, type: d.type }
  return { ok: false, code: 'WITHDRAW_DESTINATION_NOT_REGISTERED' }
}
