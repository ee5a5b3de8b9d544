import bolt11 from 'bolt11'
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
  const signed = bolt11.sign(unsigned, fields.privateKeyHex).paymentRequest
  if (!signed) throw new LightningError('invoice could not be signed')
  return signed
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
