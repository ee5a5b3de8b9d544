import { describe, expect, it } from 'vitest'
import { isCompleteNwcUrl, nwcUrlHints } from './nwc-url'

const pubkey = 'b889ff5b1513b641e2a139f661a661364979c5beee91842f8f0ef42ab558e9d4'
const secret = '71a8c14c1407c113601079c4302dab36460f0ccd0ad506f1f2dc73b5100e4f3c'

describe('nwcUrlHints', () => {
  it('reads a complete connection URL with two relays and a Lightning address', () => {
    const hints = nwcUrlHints(
      ` nostr+walletconnect://${pubkey}?relay=wss%3A%2F%2Frelay.example&relay=wss://two.example&secret=${secret}&lud16=shop%40wallet.example `,
    )
    expect(hints).toEqual({
      hasScheme: true,
      walletPubkey: pubkey,
      isPubkeyValid: true,
      relays: [
        { url: 'wss://relay.example', isValid: true },
        { url: 'wss://two.example', isValid: true },
      ],
      isSecretValid: true,
      lud16: 'shop@wallet.example',
    })
    expect(isCompleteNwcUrl(hints)).toBe(true)
  })

  it('says which part is wrong', () => {
    const noSecret = nwcUrlHints(`nostr+walletconnect://${pubkey}?relay=wss://relay.example`)
    expect(noSecret?.isSecretValid).toBe(false)
    expect(isCompleteNwcUrl(noSecret)).toBe(false)

    const httpRelay = nwcUrlHints(
      `nostr+walletconnect://${pubkey}?relay=https://relay.example&secret=${secret}`,
    )
    expect(httpRelay?.relays).toEqual([{ url: 'https://relay.example', isValid: false }])
    expect(isCompleteNwcUrl(httpRelay)).toBe(false)

    const shortKey = nwcUrlHints(`nostr+walletconnect://abc?relay=wss://r.example&secret=${secret}`)
    expect(shortKey?.isPubkeyValid).toBe(false)
    expect(isCompleteNwcUrl(shortKey)).toBe(false)
  })

  it('recognises text that is not an NWC URL at all, and ignores empty input', () => {
    expect(nwcUrlHints('lnbc1...')?.hasScheme).toBe(false)
    expect(isCompleteNwcUrl(nwcUrlHints('lnbc1...'))).toBe(false)
    expect(nwcUrlHints('   ')).toBeUndefined()
  })
})
