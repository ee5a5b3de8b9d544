import { createHash } from 'node:crypto'
import { bech32 } from '@scure/base'
import bolt11 from 'bolt11'
import secp256k1 from 'secp256k1'
import type { DecodedInvoice } from '../api'
import { LightningError } from '../api'

/** Regtest parameters in the shape the bolt11 package expects (prefix `lnbcrt`). */
export const BOLT11_REGTEST = {
  bech32: 'bcrt',
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  validWitnessVersions: [0, 1],
}

export const DEFAULT_EXPIRY_SEC = 86_400
export const MIN_FINAL_CLTV_EXPIRY = 80

export interface InvoiceFields {
  privateKeyHex: string
  paymentHash: string
  paymentAddr: string
  valueMsat: number
  memo: string
  descriptionHash: string | null
  expirySec: number
  timestamp: number
}

/** Feature bits lnd sets on invoices: var_onion_optin, payment_secret (required), basic_mpp. */
const LND_FEATURES = {
  word_length: 4,
  var_onion_optin: { required: false, supported: true },
  payment_secret: { required: true, supported: false },
  basic_mpp: { required: false, supported: true },
}

/** A signed BOLT11 with the tags lnd puts in its own invoices, by the bolt11 package. */
export function encodeInvoice(fields: InvoiceFields): string {
  const tags = [
    { tagName: 'payment_hash', data: fields.paymentHash },
    { tagName: 'payment_secret', data: fields.paymentAddr },
    fields.descriptionHash
      ? { tagName: 'purpose_commit_hash', data: fields.descriptionHash }
      : { tagName: 'description', data: fields.memo },
    { tagName: 'expire_time', data: fields.expirySec },
    { tagName: 'min_final_cltv_expiry', data: MIN_FINAL_CLTV_EXPIRY },
    { tagName: 'feature_bits', data: LND_FEATURES },
  ]
  const amount = fields.valueMsat === 0 ? {} : { millisatoshis: String(fields.valueMsat) }
  const unsigned = bolt11.encode(
    { network: BOLT11_REGTEST, timestamp: fields.timestamp, tags, ...amount },
    false,
  )
  if (!unsigned.wordsTemp || !unsigned.prefix) {
    throw new LightningError('invoice could not be encoded')
  }
  return signInvoice(unsigned.prefix, unsigned.wordsTemp, fields.privateKeyHex)
}

/** 5-bit words to bytes, the last one right-padded with zero bits (as BOLT11 signs them). */
function wordsToBytes(words: number[]): Uint8Array {
  const out = new Uint8Array(Math.ceil((words.length * 5) / 8))
  let acc = 0
  let bits = 0
  let i = 0
  for (const w of words) {
    acc = (acc << 5) | w
    bits += 5
    if (bits >= 8) {
      bits -= 8
      out[i++] = (acc >> bits) & 0xff
    }
  }
  if (bits > 0) out[i] = (acc << (8 - bits)) & 0xff
  return out
}

const privateKeys = new Map<string, Uint8Array>()

/**
 * BOLT11 signature: secp256k1 ECDSA with recovery id over sha256(hrp || data bits padded to
 * bytes), appended as 104 words. Done here rather than by `bolt11.sign`, which derives the public
 * key and deep-copies the invoice on every call: a simulated node signs thousands per second.
 */
function signInvoice(prefix: string, wordsTemp: string, privateKeyHex: string): string {
  let key = privateKeys.get(privateKeyHex)
  if (!key) {
    key = Buffer.from(privateKeyHex, 'hex')
    privateKeys.set(privateKeyHex, key)
  }
  const words = Array.from(bech32.decode(wordsTemp as `${string}1${string}`, false).words)
  const digest = createHash('sha256').update(prefix, 'utf8').update(wordsToBytes(words)).digest()
  const { signature, recid } = secp256k1.ecdsaSign(digest, key)
  const sigWords = bech32.toWords(Uint8Array.from([...signature, recid]))
  return bech32.encode(prefix, [...words, ...sigWords], false)
}

/** Decodes a BOLT11 and checks its signature; throws LightningError on anything malformed. */
export function decodeInvoice(paymentRequest: string): DecodedInvoice {
  let decoded: ReturnType<typeof bolt11.decode>
  try {
    decoded = bolt11.decode(
      paymentRequest
        .trim()
        .toLowerCase()
        .replace(/^lightning:/, ''),
    )
  } catch (err) {
    throw new LightningError(`invalid payment request: ${(err as Error).message}`)
  }
  if (decoded.network?.bech32 !== 'bcrt') {
    throw new LightningError("invoice not for current active network 'regtest'")
  }
  const tags = decoded.tagsObject
  if (!tags.payment_hash || !decoded.payeeNodeKey || decoded.timestamp === undefined) {
    throw new LightningError('invalid payment request: missing fields')
  }
  return {
    destination: decoded.payeeNodeKey,
    paymentHash: tags.payment_hash,
    valueMsat: decoded.millisatoshis ? Number(decoded.millisatoshis) : 0,
    timestamp: decoded.timestamp,
    expirySec: tags.expire_time ?? 3600,
    description: tags.description ?? '',
    descriptionHash: tags.purpose_commit_hash ?? null,
    paymentAddr: tags.payment_secret ?? '',
    cltvExpiry: tags.min_final_cltv_expiry ?? 18,
  }
}
