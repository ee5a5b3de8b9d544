import { describe, expect, it } from 'vitest'
import {
  ERROR_CODE_BY_TRPC_CODE,
  ERROR_CODES,
  ERROR_STATUS,
  httpStatusOf,
  isErrorCode,
} from './errors'

describe('the error catalogue', () => {
  it('gives every code a transport status', () => {
    for (const code of ERROR_CODES) expect(httpStatusOf(code)).toBeGreaterThanOrEqual(400)
    expect(httpStatusOf('NO_WALLET')).toBe(412)
    expect(httpStatusOf('PRICE_UNAVAILABLE')).toBe(503)
    expect(httpStatusOf('WALLET_UNAVAILABLE')).toBe(502)
    expect(httpStatusOf('WALLET_UNSUPPORTED')).toBe(400)
    expect(ERROR_STATUS.INTERNAL).toBe('INTERNAL_SERVER_ERROR')
  })

  it('holds the wallet and price codes the web once lacked', () => {
    for (const code of [
      'NO_WALLET',
      'WALLET_UNSUPPORTED',
      'WALLET_UNAVAILABLE',
      'PRICE_UNAVAILABLE',
    ]) {
      expect(isErrorCode(code)).toBe(true)
    }
    expect(isErrorCode('SOMETHING_NEW')).toBe(false)
    expect(isErrorCode('toString')).toBe(false)
  })

  it('names a catalogue code for the errors tRPC raises itself', () => {
    for (const code of Object.values(ERROR_CODE_BY_TRPC_CODE)) expect(isErrorCode(code)).toBe(true)
    expect(ERROR_CODE_BY_TRPC_CODE.BAD_REQUEST).toBe('VALIDATION')
  })
})
