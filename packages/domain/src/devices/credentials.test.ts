import { describe, expect, it } from 'vitest'
import {
  DEVICE_LOGIN_ID_PATTERN,
  DEVICE_SECRET_PATTERN,
  deviceLoginIdProblem,
  deviceSecretProblem,
} from './credentials'

describe('a device login id', () => {
  it('says what is wrong with one that cannot be a login id', () => {
    expect(deviceLoginIdProblem('')).toBe('required')
    expect(deviceLoginIdProblem('device_abcdefghijklmnop')).toBe('prefix')
    // it starts with dev_: what is wrong is its length
    expect(deviceLoginIdProblem('dev_wrong')).toBe('length')
    expect(deviceLoginIdProblem(`dev_${'a'.repeat(41)}`)).toBe('length')
    expect(deviceLoginIdProblem('dev_abcdefgh ijklmnop')).toBe('characters')
    expect(deviceLoginIdProblem('dev_abcdefghijklmnop')).toBeNull()
  })

  it('has a problem exactly when the pattern the server checks refuses it', () => {
    for (const id of ['dev_wrong', 'dev_abcdefghijklmnop', `dev_${'a'.repeat(40)}`, 'x', 'dev_é'])
      expect(deviceLoginIdProblem(id) === null).toBe(DEVICE_LOGIN_ID_PATTERN.test(id))
  })
})

describe('a device secret', () => {
  it('says what is wrong with one that cannot be a secret', () => {
    expect(deviceSecretProblem('')).toBe('required')
    expect(deviceSecretProblem('too short')).toBe('characters')
    expect(deviceSecretProblem('tooshort')).toBe('length')
    expect(deviceSecretProblem('A'.repeat(87))).toBe('length')
    expect(deviceSecretProblem('A'.repeat(43))).toBeNull()
    for (const secret of ['tooshort', 'A'.repeat(43), 'A'.repeat(86), 'A'.repeat(87)])
      expect(deviceSecretProblem(secret) === null).toBe(DEVICE_SECRET_PATTERN.test(secret))
  })
})
