import bolt11 from 'bolt11'
import { decode as lightDecode } from 'light-bolt11-decoder'
import { describe, expect, it } from 'vitest'
import { BOLT11_REGTEST, decodeInvoice, encodeInvoice, type InvoiceFields } from './bolt11'

const privateKeyHex = '11'.repeat(32)
const base: InvoiceFields = {
  privateKeyHex,
  paymentHash: 'ab'.repeat(32),
  paymentAddr: 'cd'.repeat(32),
  valueMsat: 1_500_000,
  memo: 'latte ☕',
  descriptionHash: null,
  expirySec: 3600,
  timestamp: 1_700_000_000,
}

/** The same invoice through the bolt11 package's own encoder and signer. */
function reference(f: InvoiceFields): string {
  const tags = [
    { tagName: 'payment_hash', data: f.paymentHash },
    { tagName: 'payment_secret', data: f.paymentAddr },
    f.descriptionHash
      ? { tagName: 'purpose_commit_hash', data: f.descriptionHash }
      : { tagName: 'description', data: f.memo },
    { tagName: 'expire_time', data: f.expirySec },
    { tagName: 'min_final_cltv_expiry', data: 80 },
    {
      tagName: 'feature_bits',
      data: {
        word_length: 4,
        var_onion_optin: { required: false, supported: true },
        payment_secret: { required: true, supported: false },
        basic_mpp: { required: false, supported: true },
      },
    },
  ]
  const amount = f.valueMsat === 0 ? {} : { millisatoshis: String(f.valueMsat) }
  const unsigned = bolt11.encode(
    { network: BOLT11_REGTEST, timestamp: f.timestamp, tags, ...amount },
    false,
  )
  return bolt11.sign(unsigned, f.privateKeyHex).paymentRequest!
}

describe('BOLT11 encoding', () => {
  const cases: [string, Partial<InvoiceFields>][] = [
    ['whole sats', {}],
    ['msat amount', { valueMsat: 1_234_567 }],
    ['zero amount', { valueMsat: 0 }],
    ['one BTC', { valueMsat: 100_000_000_000 }],
    ['description hash', { descriptionHash: 'ef'.repeat(32) }],
    ['empty memo, long expiry', { memo: '', expirySec: 31_536_000 }],
  ]
  for (const [name, change] of cases) {
    it(`matches the bolt11 package byte for byte: ${name}`, () => {
      const fields = { ...base, ...change }
      const ours = encodeInvoice(fields)
      expect(ours).toBe(reference(fields))
      const decoded = bolt11.decode(ours)
      expect(decoded.tagsObject.payment_hash).toBe(fields.paymentHash)
      expect(lightDecode(ours).sections.find((s) => s.name === 'payment_hash')?.value).toBe(
        fields.paymentHash,
      )
      expect(decodeInvoice(ours)).toMatchObject({
        valueMsat: fields.valueMsat,
        expirySec: fields.expirySec,
      })
    })
  }
})
