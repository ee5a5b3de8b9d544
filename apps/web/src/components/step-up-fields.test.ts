import { describe, expect, it } from 'vitest'
import { stepUpFieldOf } from './step-up-fields'

describe('stepUpFieldOf', () => {
  it('puts a refused password or code under its field, anything else nowhere', () => {
    expect(stepUpFieldOf('WRONG_PASSWORD')).toBe('password')
    expect(stepUpFieldOf('STEP_UP_REQUIRED')).toBe('password')
    expect(stepUpFieldOf('INVALID_TWO_FACTOR_CODE')).toBe('code')
    expect(stepUpFieldOf('TWO_FACTOR_REQUIRED')).toBe('code')
    expect(stepUpFieldOf('NWC_RELAY_NOT_ALLOWED')).toBeNull()
  })

  it('puts a refused passkey answer where the code goes (it stands in its place)', () => {
    expect(stepUpFieldOf('PASSKEY_OTHER_ACCOUNT')).toBe('code')
    expect(stepUpFieldOf('PASSKEY_CHALLENGE_EXPIRED')).toBe('code')
  })

  it('leaves the change-password form’s “current password” refusal to that form', () => {
    expect(stepUpFieldOf('WRONG_CURRENT_PASSWORD')).toBeNull()
  })
})
