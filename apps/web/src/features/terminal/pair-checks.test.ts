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

  it('marks each empty field, so the form highlights both', () => {
    expect(checkPairing({ loginId: ' ', secret: '' })).toEqual({
      errors: { loginId: 'required', secret: 'required' },
    })
  })

  it('says what is wrong with a login id or a secret that cannot be one', () => {
    expect(checkPairing({ loginId: 'dev_wrong', secret })).toEqual({
      errors: { loginId: 'length' },
    })
    expect(checkPairing({ loginId: 'abc_defghijklmnopqrst', secret })).toEqual({
      errors: { loginId: 'prefix' },
    })
    expect(checkPairing({ loginId, secret: 'too short' })).toEqual({
      errors: { secret: 'characters' },
    })
    expect(checkPairing({ loginId, secret: 'tooshort' })).toEqual({
      errors: { secret: 'length' },
    })
  })
})
