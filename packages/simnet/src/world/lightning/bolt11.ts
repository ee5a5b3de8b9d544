import bolt11 from 'bolt11'
import secp256k1 from 'secp256k1'
import { bech32, hex } from '@scure/base'
import { sha256 } from '@noble/hashes/sha2.js'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js'
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

/** BOLT11 tagged-field types (the bech32 character's value). */
const TAG = {
  paymentHash: 1,
  paymentSecret: 16,
  description: 13,
  descriptionHash: 23,
  expiry: 6,
  minFinalCltv: 24,
  features: 5,
}

/** Feature bits lnd sets on invoices: var_onion_optin (9), payment_secret (14), basic_mpp (17). */
const FEATURE_WORDS = intToWords((1 << 9) | (1 << 14) | (1 << 17), 4)

function intToWords(value: number, minLength = 1): number[] {
  const words: number[] = []
  for (let n = value; n > 0; n = Math.floor(n / 32)) words.unshift(n % 32)
  while (words.length < minLength) words.unshift(0)
  return words
}

function tagged(type: number, data: number[]): number[] {
  return [type, data.length >> 5, data.length & 31, ...data]
}

/** 5-bit words back to bytes, right-padded with zero bits (BOLT11's signing preimage). */
function wordsToPaddedBytes(words: number[]): Uint8Array {
  const out = new Uint8Array(Math.ceil((words.length * 5) / 8))
  let acc = 0
  let bits = 0
  let i = 0
  for (const w of words) {
    acc = (acc << 5) | w
    bits += 5
    while (bits >= 8) {
      bits -= 8
      out[i++] = (acc >> bits) & 0xff
    }
    acc &= (1 << bits) - 1
  }
  if (bits > 0) out[i] = (acc << (8 - bits)) & 0xff
  return out
}

/**
 * A signed BOLT11 with the tags lnd puts in its own invoices. The fields are laid out as the
 * bolt11 package lays them out (tests check the two agree byte for byte); signing goes straight
 * to libsecp256k1, which keeps invoice creation cheap enough for thousands per second.
 */
export function encodeInvoice(fields: InvoiceFields): string {
  const hrp = `lnbcrt${fields.valueMsat > 0 ? bolt11.millisatToHrp(fields.valueMsat) : ''}`
  const words = [
    ...intToWords(fields.timestamp, 7),
    ...tagged(TAG.paymentHash, bech32.toWords(hex.decode(fields.paymentHash))),
    ...tagged(TAG.paymentSecret, bech32.toWords(hex.decode(fields.paymentAddr))),
    ...(fields.descriptionHash
      ? tagged(TAG.descriptionHash, bech32.toWords(hex.decode(fields.descriptionHash)))
      : tagged(TAG.description, bech32.toWords(utf8ToBytes(fields.memo)))),
    ...tagged(TAG.expiry, intToWords(fields.expirySec)),
    ...tagged(TAG.minFinalCltv, intToWords(MIN_FINAL_CLTV_EXPIRY)),
    ...tagged(TAG.features, FEATURE_WORDS),
  ]
  const preimage = concatBytes(utf8ToBytes(hrp), wordsToPaddedBytes(words))
  const { signature, recid } = secp256k1.ecdsaSign(
    sha256(preimage),
    hex.decode(fields.privateKeyHex),
  )
  const sigWords = bech32.toWords(concatBytes(signature, Uint8Array.of(recid)))
  return bech32.encode(hrp, [...words, ...sigWords], false)
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
