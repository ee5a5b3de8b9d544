import { describe, expect, it } from 'vitest'
import { TIP_NAME_CHARS, lightningAddressOf, normalizeTipName } from './tip-name'

describe('tip names', () => {
  it('keeps the name part in lower case, without a pasted host', () => {
    expect(normalizeTipName(' Cafe.Bar ')).toBe('cafe.bar')
    expect(normalizeTipName('tips@shop.example')).toBe('tips')
  })

  it('allows only a-z, 0-9, dot, dash and underscore', () => {
    expect(TIP_NAME_CHARS.test('my-cafe_2.0')).toBe(true)
    expect(TIP_NAME_CHARS.test('café')).toBe(false)
    expect(TIP_NAME_CHARS.test('two words')).toBe(false)
  })

  it('shows the address being named, with a placeholder for an empty name', () => {
    expect(lightningAddressOf('tips', 'shop.example')).toBe('tips@shop.example')
    expect(lightningAddressOf('', 'shop.example')).toBe('…@shop.example')
  })
})
