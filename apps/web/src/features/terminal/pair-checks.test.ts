import { describe, expect, it } from 'vitest'
import { checkPairing } from './pair-checks'

const loginId = 'dev_abcdefghijklmnop1234'
const secret = 'A'.repeat(43)

describe('the pairing form’s checks', () => {
  it('sends both credentials trimmed', () => {
    expect(checkPairing({ loginId: `  ${loginId} `, secret: `${secret}\n` })).toEqual({
      values: { loginId, secret },
    })
  })

  it('marks a login id or a secret that cannot be one', () => {
    expect(checkPairing({ loginId: 'dev_short', secret })).toEqual({
      errors: { loginId: 'pattern' },
    })
    expect(checkPairing({ loginId, secret: 'too short' })).toEqual({
      errors: { secret: 'pattern' },
    })
  })

  it('leaves empty fields to the server, as before', () => {
    expect(checkPairing({ loginId: ' ', secret: '' })).toEqual({
      values: { loginId: '', secret: '' },
    })
  })
})
