import bolt11 from 'bolt11'
import { decode as lightDecode } from 'light-bolt11-decoder'
import { describe, expect, it } from 'vitest'
import { BOLT11_REGTEST, decodeInvoice, encodeInvoice, type InvoiceFields } from './bolt11'

/** The same invoice made entirely by the `bolt11` package (its encode, then its sign). */
function bolt11Reference(fields: InvoiceFields): string {
  const unsigned = bolt11.encode(
    {
      network: BOLT11_REGTEST,
      timestamp: fields.timestamp,
      ...(fields.valueMsat === 0 ? {} : { millisatoshis: String(fields.valueMsat) }),
      tags: [
        { tagName: 'payment_hash', data: fields.paymentHash },
        { tagName: 'payment_secret', data: fields.paymentAddr },
        fields.descriptionHash
          ? { tagName: 'purpose_commit_hash', data: fields.descriptionHash }
          : { tagName: 'description', data: fields.memo },
        { tagName: 'expire_time', data: fields.expirySec },
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
      ],
    },
    false,
  )
  const signed = bolt11.sign(unsigned, fields.privateKeyHex).paymentRequest
  if (!signed) throw new Error('bolt11 did not sign')
  return signed
}

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

describe('BOLT11 encoding', () => {
  const cases: [string, Partial<InvoiceFields>][] = [
    ['whole sats', {}],
    ['msat amount', { valueMsat: 1_234_567 }],
    ['zero amount', { valueMsat: 0 }],
    ['one BTC', { valueMsat: 100_000_000_000 }],
    ['description hash', { descriptionHash: 'ef'.repeat(32) }],
    ['empty memo, long expiry', { memo: '', expirySec: 31_536_000 }],
    ['milli-bitcoin', { valueMsat: 300_000_000 }],
    ['nano-bitcoin', { valueMsat: 1_200 }],
    ['pico-bitcoin', { valueMsat: 1 }],
    ['2.5 BTC in msat', { valueMsat: 250_000_000_000 }],
    ['long memo', { memo: 'a coffee and a croissant, '.repeat(24) }],
    ['zero expiry', { expirySec: 0 }],
    ['early timestamp', { timestamp: 1 }],
  ]
  for (const [name, change] of cases) {
    it(`encodes a signed invoice two decoders read back: ${name}`, () => {
      const fields = { ...base, ...change }
      const ours = encodeInvoice(fields)
      expect(ours.startsWith('lnbcrt')).toBe(true)
      expect(ours).toBe(bolt11Reference(fields))
      const decoded = bolt11.decode(ours)
      expect(decoded.complete).toBe(true)
      expect(decoded.payeeNodeKey).toBe(
        bolt11.decode(encodeInvoice({ ...fields, memo: 'x' })).payeeNodeKey,
      )
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
