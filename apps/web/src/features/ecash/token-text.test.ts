import { describe, expect, it } from 'vitest'
import { cleanTokenText, looksLikeToken, mintHost } from './token-text'

describe('token text', () => {
  it('drops whitespace and a cashu: prefix', () => {
    expect(cleanTokenText(' cashu:cashuBo2F0\n gaJhaUgA ')).toBe('cashuBo2F0gaJhaUgA')
    expect(cleanTokenText('CASHU://cashuAeyJ0b2tlbiI6')).toBe('cashuAeyJ0b2tlbiI6')
  })

  it('recognises V3 and V4 tokens only', () => {
    expect(looksLikeToken('cashuBo2FteBxodHRwczovL21pbnQ')).toBe(true)
    expect(looksLikeToken('cashu:cashuAeyJ0b2tlbiI6W3sibWludCI6')).toBe(true)
    expect(looksLikeToken('lnbc10u1p3xyz')).toBe(false)
    expect(looksLikeToken('cashuB')).toBe(false)
  })

  it('shows a mint by host and path', () => {
    expect(mintHost('http://127.0.0.1:3100/cashu')).toBe('127.0.0.1:3100/cashu')
    expect(mintHost('https://mint.example.com')).toBe('mint.example.com')
  })
})
