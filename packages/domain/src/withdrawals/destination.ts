/**
 * Reading a withdrawal destination offline: a BOLT11 invoice, a Lightning address, an LNURL, a
 * Bitcoin address or a BIP21 URI, for the network the product runs on. Runs in the browser as the
 * user types and again on the server; network look-ups (LNURL) happen on the server only.
 * Checksums, witness versions and signatures' encodings are left to the libraries.
 */
import { bech32 } from '@scure/base'
import { Address, OutScript } from '@scure/btc-signer'
import { decode as decodeInvoice } from 'light-bolt11-decoder'
import type { ErrorCode } from '../errors'
import { BITCOIN_NETWORKS, NETWORK_PARAMS, isLocalNetwork, type BitcoinNetwork } from './networks'

export const DESTINATION_TYPES = [
  'bolt11',
  'lightning-address',
  'lnurl',
  'bitcoin-address',
  'bip21',
] as const
export type DestinationType = (typeof DESTINATION_TYPES)[number]

export interface InvoiceDestination {
  type: 'bolt11'
  /** lower case, without `lightning:` */
  invoice: string
  /** null for an invoice without an amount */
  amountSat: number | null
  /** hex */
  paymentHash: string
  expiresAt: Date
  description: string | null
  /** hex */
  descriptionHash: string | null
}

export interface LnurlDestination {
  type: 'lightning-address' | 'lnurl'
  /** the address as typed (lower case) or the LNURL */
  text: string
  /** the LNURL-pay endpoint the server asks */
  url: string
}

export interface AddressDestination {
  type: 'bitcoin-address' | 'bip21'
  address: string
  /** from a BIP21 `amount` */
  amountSat: number | null
  label: string | null
  message: string | null
  /** a BIP21 `lightning=` invoice, preferred where the wallet pays Lightning */
  lightning: InvoiceDestination | null
}

export type Destination = InvoiceDestination | LnurlDestination | AddressDestination

export type WithdrawParseErrorCode = Extract<
  ErrorCode,
  | 'WITHDRAW_INVALID_DESTINATION'
  | 'WITHDRAW_INVALID_ADDRESS'
  | 'WITHDRAW_WRONG_NETWORK'
  | 'WITHDRAW_INVOICE_EXPIRED'
  | 'WITHDRAW_INVALID_INVOICE'
  | 'WITHDRAW_INVALID_AMOUNT'
>

export type ParsedDestination =
  | { ok: true; destination: Destination }
  | { ok: false; code: WithdrawParseErrorCode; reason: string }

const fail = (code: WithdrawParseErrorCode, reason: string): ParsedDestination => ({
  ok: false,
  code,
  reason,
})

/** Longest input looked at (BIP21 URIs with an invoice run to a couple of thousand). */
export const MAX_DESTINATION_LENGTH = 4_000

const BASE58_SHAPE = /^[1-9A-HJ-NP-Za-km-z]{25,62}$/
const BECH32_SHAPE = /^([a-z]{1,10})1[02-9ac-hj-np-z]{6,}$/i

function addressNetwork(address: string): BitcoinNetwork | null {
  for (const n of BITCOIN_NETWORKS) {
    try {
      Address(NETWORK_PARAMS[n]).decode(address)
      return n
    } catch {
      // not for this network
    }
  }
  return null
}

function sameParams(a: BitcoinNetwork, b: BitcoinNetwork): boolean {
  return NETWORK_PARAMS[a].bech32 === NETWORK_PARAMS[b].bech32
}

/** A Bitcoin address for `network`, checked by the library (checksum, witness version). */
export function parseBitcoinAddress(
  text: string,
  network: BitcoinNetwork,
): { ok: true; address: string } | { ok: false; code: WithdrawParseErrorCode; reason: string } {
  const params = NETWORK_PARAMS[network]
  try {
    Address(params).decode(text)
    // bech32 addresses are kept in their canonical lower case
    const address = BECH32_SHAPE.test(text) ? text.toLowerCase() : text
    return { ok: true, address }
  } catch (err) {
    const other = addressNetwork(text)
    if (other && !sameParams(other, network)) {
      return {
        ok: false,
        code: 'WITHDRAW_WRONG_NETWORK',
        reason: `a ${other} address cannot be paid on ${network}`,
      }
    }
    return {
      ok: false,
      code: 'WITHDRAW_INVALID_ADDRESS',
      reason: err instanceof Error ? err.message : 'invalid address',
    }
  }
}

function looksLikeAddress(text: string): boolean {
  if (BASE58_SHAPE.test(text) && /^[123mn]/.test(text)) return true
  const m = BECH32_SHAPE.exec(text)
  return m !== null && ['bc', 'tb', 'bcrt'].includes(m[1]!.toLowerCase())
}

const INVOICE_PREFIXES = BITCOIN_NETWORKS.map((n) => ({
  network: n,
  prefix: `ln${NETWORK_PARAMS[n].invoicePrefix}`,
}))
  // the longest first: lnbcrt before lnbc, lntbs before lntb
  .sort((a, b) => b.prefix.length - a.prefix.length)

function invoiceNetwork(invoice: string): BitcoinNetwork | null {
  const hrp = invoice.slice(0, invoice.lastIndexOf('1'))
  for (const { network, prefix } of INVOICE_PREFIXES) {
    if (hrp.startsWith(prefix) && /^\d*[munp]?$/.test(hrp.slice(prefix.length))) return network
  }
  return null
}

/** A BOLT11 invoice for `network`, not expired at `now`. */
export function parseInvoice(
  text: string,
  network: BitcoinNetwork,
  now: Date,
):
  | { ok: true; destination: InvoiceDestination }
  | { ok: false; code: WithdrawParseErrorCode; reason: string } {
  const invoice = text.trim().replace(/^lightning:/i, '')
  if (invoice !== invoice.toLowerCase() && invoice !== invoice.toUpperCase()) {
    return { ok: false, code: 'WITHDRAW_INVALID_INVOICE', reason: 'mixed-case invoice' }
  }
  const lower = invoice.toLowerCase()
  const its = invoiceNetwork(lower)
  if (its === null) {
    return { ok: false, code: 'WITHDRAW_WRONG_NETWORK', reason: 'unknown invoice network' }
  }
  if (
    !sameParams(its, network) ||
    NETWORK_PARAMS[its].invoicePrefix !== NETWORK_PARAMS[network].invoicePrefix
  ) {
    return {
      ok: false,
      code: 'WITHDRAW_WRONG_NETWORK',
      reason: `a ${its} invoice cannot be paid on ${network}`,
    }
  }
  let decoded: ReturnType<typeof decodeInvoice>
  try {
    decoded = decodeInvoice(lower)
  } catch (err) {
    return {
      ok: false,
      code: 'WITHDRAW_INVALID_INVOICE',
      reason: err instanceof Error ? err.message : 'invalid invoice',
    }
  }
  const section = (name: string) => decoded.sections.find((s) => s.name === name)
  const valueOf = (name: string): unknown => {
    const s = section(name)
    return s && 'value' in s ? s.value : undefined
  }
  const paymentHash = valueOf('payment_hash')
  const timestamp = valueOf('timestamp')
  if (typeof paymentHash !== 'string' || typeof timestamp !== 'number') {
    return { ok: false, code: 'WITHDRAW_INVALID_INVOICE', reason: 'no payment hash' }
  }
  const msat = valueOf('amount')
  const amountMsat = typeof msat === 'string' ? Number(msat) : 0
  if (amountMsat % 1000 !== 0) {
    return { ok: false, code: 'WITHDRAW_INVALID_INVOICE', reason: 'amount in fractions of a sat' }
  }
  const expiresAt = new Date((timestamp + decoded.expiry) * 1000)
  if (expiresAt.getTime() <= now.getTime()) {
    return { ok: false, code: 'WITHDRAW_INVOICE_EXPIRED', reason: 'the invoice has expired' }
  }
  const description = valueOf('description')
  const descriptionHash = valueOf('description_hash')
  return {
    ok: true,
    destination: {
      type: 'bolt11',
      invoice: lower,
      amountSat: amountMsat > 0 ? amountMsat / 1000 : null,
      paymentHash,
      expiresAt,
      description: typeof description === 'string' ? description : null,
      descriptionHash: typeof descriptionHash === 'string' ? descriptionHash : null,
    },
  }
}

/** BTC amount text of a BIP21 URI (at most 8 decimals) in sats, or null when invalid. */
export function btcTextToSat(text: string): number | null {
  const m = /^(\d{1,8})(?:\.(\d{1,8}))?$/.exec(text)
  if (!m) return null
  return Number(m[1]) * 100_000_000 + Number((m[2] ?? '').padEnd(8, '0'))
}

function lnurlUrl(url: string, network: BitcoinNetwork): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  const local = /^(localhost|127\.0\.0\.1|\[::1\])$/.test(u.hostname)
  const onion = u.hostname.endsWith('.onion')
  if (u.protocol === 'https:') return u.toString()
  if (u.protocol === 'http:' && (onion || (local && isLocalNetwork(network)))) return u.toString()
  return null
}

const LIGHTNING_ADDRESS =
  /^([a-z0-9\-_.+]+)@([a-z0-9\-.]+\.[a-z]{2,}|localhost|127\.0\.0\.1)(:\d{1,5})?$/

/** `name@domain` to its LUD-16 endpoint. */
function lightningAddressUrl(text: string, network: BitcoinNetwork): string | null {
  const m = LIGHTNING_ADDRESS.exec(text.toLowerCase())
  if (!m) return null
  const host = `${m[2]!}${m[3] ?? ''}`
  const local = m[2] === 'localhost' || m[2] === '127.0.0.1'
  if (local && !isLocalNetwork(network)) return null
  const scheme = local || m[2]!.endsWith('.onion') ? 'http' : 'https'
  return `${scheme}://${host}/.well-known/lnurlp/${m[1]!}`
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
    if (k.toLowerCase().startsWith('req-') && k.toLowerCase() !== 'req-pj') {
      return fail('WITHDRAW_INVALID_DESTINATION', `unsupported required parameter ${k}`)
    }
  }
  const addr = parseBitcoinAddress(addressText, network)
  if (!addr.ok) return addr
  let amountSat: number | null = null
  const amountText = get('amount')
  if (amountText !== null) {
    amountSat = btcTextToSat(amountText)
    if (amountSat === null || amountSat <= 0) {
      return fail('WITHDRAW_INVALID_AMOUNT', 'the URI amount is not a valid BTC amount')
    }
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
  if (!text) return fail('WITHDRAW_INVALID_DESTINATION', 'empty')
  if (text.length > MAX_DESTINATION_LENGTH) return fail('WITHDRAW_INVALID_DESTINATION', 'too long')
  if (/^bitcoin:/i.test(text)) return parseBip21(text, network, now)
  const bare = text.replace(/^lightning:/i, '')
  if (/^lnurl1/i.test(bare)) {
    try {
      const { prefix, words } = bech32.decode(
        bare.toLowerCase() as `${string}1${string}`,
        MAX_DESTINATION_LENGTH,
      )
      if (prefix !== 'lnurl') return fail('WITHDRAW_INVALID_DESTINATION', 'not an LNURL')
      const url = lnurlUrl(new TextDecoder().decode(bech32.fromWords(words)), network)
      if (!url) return fail('WITHDRAW_INVALID_DESTINATION', 'the LNURL is not an https address')
      return { ok: true, destination: { type: 'lnurl', text: bare.toLowerCase(), url } }
    } catch {
      return fail('WITHDRAW_INVALID_DESTINATION', 'the LNURL is not valid bech32')
    }
  }
  if (/^lnurlp:\/\//i.test(bare)) {
    const url = lnurlUrl(
      bare.replace(/^lnurlp:/i, /\.onion(:|\/|$)/i.test(bare) ? 'http:' : 'https:'),
      network,
    )
    if (!url) return fail('WITHDRAW_INVALID_DESTINATION', 'not an LNURL-pay address')
    return { ok: true, destination: { type: 'lnurl', text: bare, url } }
  }
  if (/^ln(bc|tb)/i.test(bare)) return parseInvoice(bare, network, now)
  if (bare.includes('@')) {
    const url = lightningAddressUrl(bare, network)
    if (!url) return fail('WITHDRAW_INVALID_DESTINATION', 'not a Lightning address')
    return { ok: true, destination: { type: 'lightning-address', text: bare.toLowerCase(), url } }
  }
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
  return fail(
    'WITHDRAW_INVALID_DESTINATION',
    'not an invoice, Lightning address or Bitcoin address',
  )
}

/** The size in vbytes of an output paying `address` (8 value + 1 length + the script). */
export function addressOutputVbytes(address: string, network: BitcoinNetwork): number {
  return 9 + OutScript.encode(Address(NETWORK_PARAMS[network]).decode(address)).length
}
