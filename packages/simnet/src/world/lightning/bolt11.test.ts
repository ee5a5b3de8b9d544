import bolt11 from 'bolt11'
import { decode as lightDecode } from 'light-bolt11-decoder'
import { describe, expect, it } from 'vitest'
import { decodeInvoice, encodeInvoice, type InvoiceFields } from './bolt11'

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
  ]
  for (const [name, change] of cases) {
    it(`encodes a signed invoice two decoders read back: ${name}`, () => {
      const fields = { ...base, ...change }
      const ours = encodeInvoice(fields)
      expect(ours.startsWith('lnbcrt')).toBe(true)
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
