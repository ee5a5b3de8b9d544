import { describe, expect, it } from 'vitest'
import { parsePairing } from './pairing'

const loginId = 'dev_AbCdEfGhIjKlMnOpQrSt'
const secret = 'x'.repeat(43)

describe('parsePairing', () => {
  it('reads a pairing link, its hash, or the hash without #', () => {
    const link = `https://pay.example/terminal#login=${loginId}&secret=${secret}`
    expect(parsePairing(link)).toEqual({ loginId, secret })
    expect(parsePairing(`#login=${loginId}&secret=${secret}`)).toEqual({ loginId, secret })
    expect(parsePairing(`login=${loginId}&secret=${secret}`)).toEqual({ loginId, secret })
  })

  it('refuses text that holds no credentials', () => {
    expect(parsePairing('https://pay.example/terminal')).toBeNull()
    expect(parsePairing(`#login=${loginId}&secret=short`)).toBeNull()
    expect(parsePairing(`#login=someone&secret=${secret}`)).toBeNull()
  })
})
